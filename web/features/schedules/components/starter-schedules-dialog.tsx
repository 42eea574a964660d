/**
 * The starter schedules offered for a vehicle (decision 054): after it is added, and from its
 * Schedules tab's "Add common schedules". Never applied without asking: each of the starter
 * schedules of what the vehicle runs on (`starterSchedulesFor`, decision 067) has its checkbox and its intervals, editable, in the vehicle's odometer unit
 * (the round figures of that unit, not a conversion); "Add N schedules" posts each chosen one and
 * a failure names which, keeping it on the list to try again; "Not now" adds nothing.
 */
import { type ScheduleInput, type StarterSchedule, starterSchedulesFor } from '@contract/schedules';
import { scheduleInputSchema } from '@contract/schemas/schedules';
import { DISTANCE_WORDS, UNIT_LABELS } from '@contract/units';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { useId, useState } from 'react';
import { saveSchedule } from '../api/save-schedule';
import { refreshSchedules } from '../api/schedule-reads';
import { intervalText } from '../lib/schedule-texts';

export type StarterVehicle = Pick<
  Vehicle,
  'id' | 'year' | 'make' | 'model' | 'odometerUnit' | 'energies' | 'auxiliary'
>;

export type StarterSchedulesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicle: StarterVehicle;
};

type StarterRow = {
  title: string;
  category: string;
  isChosen: boolean;
  months: string;
  distance: string;
  error: string | null;
};

function startingRows(vehicle: StarterVehicle): StarterRow[] {
  return starterSchedulesFor(vehicle).map((starter: StarterSchedule) => ({
    title: starter.title,
    category: starter.category,
    isChosen: true,
    months: String(starter.intervalMonths),
    distance: String(starter.intervalDistance[vehicle.odometerUnit]),
    error: null,
  }));
}

/** The row as the schedule call takes it; the contract's schema judges it before it is sent. */
const payloadOf = (row: StarterRow): ScheduleInput => ({
  title: row.title,
  category: row.category,
  intervalMonths: row.months,
  intervalDistance: row.distance,
});

/** The row's intervals in words as typed, or what it lacks while neither is a figure. */
function previewOf(row: StarterRow, vehicle: StarterVehicle): string {
  const figure = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);
  const intervalMonths = figure(row.months);
  const intervalDistance = figure(row.distance);
  if (intervalMonths === null && intervalDistance === null) {
    return 'Give months, a distance, or both';
  }
  return intervalText({
    intervalMonths,
    intervalDistance,
    firstDueDate: null,
    firstDueOdometer: null,
    odometerUnit: vehicle.odometerUnit,
  });
}

/** 'Add 2 schedules', 'Add 1 schedule'. */
function addLabel(count: number): string {
  return `Add ${count} ${count === 1 ? 'schedule' : 'schedules'}`;
}

export function StarterSchedulesDialog({
  open,
  onOpenChange,
  vehicle,
}: StarterSchedulesDialogProps) {
  const baseId = useId();
  const [rows, setRows] = useState(() => startingRows(vehicle));
  const [isBusy, setIsBusy] = useState(false);
  const chosen = rows.filter((row) => row.isChosen);
  const unit = UNIT_LABELS[vehicle.odometerUnit];

  const change = (index: number, patch: Partial<StarterRow>) =>
    setRows((current) =>
      current.map((row, at) => (at === index ? { ...row, ...patch, error: null } : row)),
    );

  const add = async () => {
    const judged = rows.map((row) => {
      if (!row.isChosen) return row;
      const result = scheduleInputSchema.safeParse(payloadOf(row));
      return { ...row, error: result.success ? null : (result.error.issues[0]?.message ?? null) };
    });
    setRows(judged);
    if (judged.some((row) => row.error !== null)) return;

    setIsBusy(true);
    const failures: string[] = [];
    const left: StarterRow[] = [];
    let added = 0;
    for (const row of judged) {
      if (!row.isChosen) {
        left.push(row);
        continue;
      }
      try {
        await saveSchedule({
          vehicleId: vehicle.id,
          payload: scheduleInputSchema.parse(payloadOf(row)),
        });
        added += 1;
      } catch (error) {
        failures.push(`${row.title}: ${errorMessage(error, 'It could not be added.')}`);
        left.push(row);
      }
    }
    void refreshSchedules();
    setIsBusy(false);
    if (failures.length === 0) {
      toast({
        title: added === 1 ? '1 schedule added' : `${added} schedules added`,
        description: 'They are on the vehicle’s Schedules tab.',
      });
      onOpenChange(false);
      return;
    }
    setRows(left);
    toast({
      variant: 'destructive',
      title: added === 0 ? 'No schedule added' : `${added} added, ${failures.length} not`,
      description: (
        <span className="grid gap-1">
          {failures.map((failure) => (
            <span key={failure}>{failure}</span>
          ))}
        </span>
      ),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={`Service reminders for your ${vehicleTitle(vehicle)}?`}
        description="Common intervals for what your car runs on; your owner’s manual knows best, so change any figure. Only the ones you tick are added."
        isBusy={isBusy}
        className="max-w-xl"
      >
        <form
          noValidate
          aria-label="Common schedules"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <fieldset disabled={isBusy} className="min-w-0">
            <legend className="sr-only">Schedules to add</legend>
            <ul className="divide-y divide-border rounded-xl border border-border">
              {rows.map((row, index) => {
                const rowId = `${baseId}-${index}`;
                const errorId = `${rowId}-error`;
                const invalid = row.error !== null;
                return (
                  <li
                    key={row.title}
                    data-testid="starter-schedule"
                    className={cn('grid gap-3 p-4', !row.isChosen && 'bg-muted/40')}
                  >
                    <div className="flex items-start gap-3">
                      <Checkbox
                        id={`${rowId}-chosen`}
                        className="mt-0.5"
                        checked={row.isChosen}
                        onCheckedChange={(checked) => change(index, { isChosen: checked === true })}
                        aria-describedby={`${rowId}-interval`}
                      />
                      <div className="grid min-w-0 gap-0.5">
                        <Label htmlFor={`${rowId}-chosen`}>{row.title}</Label>
                        <p id={`${rowId}-interval`} className="text-xs text-muted-foreground">
                          {previewOf(row, vehicle)}
                        </p>
                      </div>
                    </div>
                    <div className="grid grid-cols-2 gap-3 pl-7.5">
                      <StarterFigure
                        id={`${rowId}-months`}
                        label={`${row.title}: every how many months`}
                        suffix="months"
                        value={row.months}
                        invalid={invalid}
                        errorId={errorId}
                        disabled={!row.isChosen}
                        onChange={(months) => change(index, { months })}
                      />
                      <StarterFigure
                        id={`${rowId}-distance`}
                        label={`${row.title}: every how many ${DISTANCE_WORDS[vehicle.odometerUnit].other}`}
                        suffix={unit}
                        value={row.distance}
                        invalid={invalid}
                        errorId={errorId}
                        disabled={!row.isChosen}
                        onChange={(distance) => change(index, { distance })}
                      />
                    </div>
                    {invalid && (
                      <p id={errorId} className="pl-7.5 text-sm font-medium text-destructive">
                        {row.error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div
            data-slot="form-actions"
            className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
              Not now
            </Button>
            <Button type="submit" disabled={isBusy || chosen.length === 0}>
              {isBusy ? 'Adding...' : addLabel(chosen.length)}
            </Button>
          </div>
        </form>
      </FormDialogContent>
    </Dialog>
  );
}

function StarterFigure({
  id,
  label,
  suffix,
  value,
  invalid,
  errorId,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  suffix: string;
  value: string;
  invalid: boolean;
  errorId: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <Input
        id={id}
        aria-label={label}
        inputMode="numeric"
        autoComplete="off"
        // The unit's words sit inside the input's end: room for 'months', or for 'mi' or 'km'.
        className={suffix.length > 3 ? 'pr-18' : 'pr-10'}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
      >
        {suffix}
      </span>
    </div>
  );
}
