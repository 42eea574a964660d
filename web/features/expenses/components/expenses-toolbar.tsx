/**
 * The page's filters (001 §2, D37): the vehicle (All Vehicles or one; a select needs a non-empty
 * value for "all"), the period with its custom dates, and Export CSV. On the free plan
 * the period and the export stay visible, marked Premium, and open the upgrade prompt instead.
 */
import { EXPENSES_TEXTS } from '@contract/expenses';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Download, Lock } from 'lucide-react';
import { PERIOD_CHOICES, type PeriodChoice } from '../lib/periods';

/** The select's value for "All Vehicles". */
export const ALL_VEHICLES = 'all';

export type VehicleOption = { id: number; name: string };

export function ExpensesToolbar({
  vehicleOptions,
  vehicle,
  onVehicleChange,
  period,
  onPeriodChange,
  custom,
  onCustomChange,
  rangeError,
  hasAdvancedAnalytics,
  exportUrl,
  onUpgrade,
}: {
  vehicleOptions: VehicleOption[];
  vehicle: string;
  onVehicleChange: (value: string) => void;
  period: PeriodChoice;
  onPeriodChange: (value: PeriodChoice) => void;
  custom: { from: string; to: string };
  onCustomChange: (value: { from: string; to: string }) => void;
  rangeError: string | null;
  hasAdvancedAnalytics: boolean;
  exportUrl: string | null;
  onUpgrade: () => void;
}) {
  const premiumMark = !hasAdvancedAnalytics && (
    <Badge variant="pill" className="gap-1">
      <Lock className="size-3" aria-hidden />
      {EXPENSES_TEXTS.premium}
    </Badge>
  );
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="grid gap-1.5 sm:w-64">
        <Label htmlFor="expenses-vehicle">Vehicle</Label>
        <ChoiceSelect
          id="expenses-vehicle"
          value={vehicle}
          onValueChange={onVehicleChange}
          choices={[
            { value: ALL_VEHICLES, label: EXPENSES_TEXTS.allVehicles },
            ...vehicleOptions.map((option) => ({ value: String(option.id), label: option.name })),
          ]}
        />
      </div>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="expenses-period" className="flex items-center gap-2">
          {EXPENSES_TEXTS.period}
          {premiumMark}
        </Label>
        <ChoiceSelect
          id="expenses-period"
          value={period}
          onValueChange={(value) => {
            const choice = value as PeriodChoice;
            if (choice !== 'all' && !hasAdvancedAnalytics) onUpgrade();
            else onPeriodChange(choice);
          }}
          choices={PERIOD_CHOICES.map((choice) => ({
            value: choice,
            label: EXPENSES_TEXTS.periods[choice],
          }))}
        />
      </div>
      {period === 'custom' && (
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="expenses-from">{EXPENSES_TEXTS.from}</Label>
            <Input
              id="expenses-from"
              type="date"
              min="1900-01-01"
              max="2100-12-31"
              value={custom.from}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'expenses-range-error' : undefined}
              onChange={(event) => onCustomChange({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="expenses-to">{EXPENSES_TEXTS.to}</Label>
            <Input
              id="expenses-to"
              type="date"
              min="1900-01-01"
              max="2100-12-31"
              value={custom.to}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'expenses-range-error' : undefined}
              onChange={(event) => onCustomChange({ ...custom, to: event.target.value })}
            />
          </div>
          {rangeError && (
            <p
              id="expenses-range-error"
              role="alert"
              className="col-span-2 text-sm text-destructive sm:self-center"
            >
              {rangeError}
            </p>
          )}
        </div>
      )}
      <div className="sm:ml-auto">
        {hasAdvancedAnalytics && exportUrl ? (
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <a href={exportUrl} download>
              <Download aria-hidden />
              {EXPENSES_TEXTS.exportCsv}
            </a>
          </Button>
        ) : (
          <Button variant="outline" className="w-full sm:w-auto" onClick={onUpgrade}>
            <Lock aria-hidden />
            {EXPENSES_TEXTS.exportCsv}
          </Button>
        )}
      </div>
    </div>
  );
}
