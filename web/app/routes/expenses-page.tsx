/**
 * `/expenses`, Expenses & Analytics (001 §2, §4, §9, D20, D37, D48): the vehicle selector,
 * Overview (the five cards, Expense Distribution, the per-vehicle breakdown, each vehicle's
 * economy, and the advanced analytics: monthly spending with fuel and energy, and cost per
 * distance in the user's unit) and Expense Details (the three top lists and the Vehicle Cost Summary). One expenses call
 * feeds it all, whatever the size of the garage. Skeletons show for at most 3 seconds; a failed
 * load is retried once after 2 seconds, then the fallback offers to try again. The charts are
 * this page's alone: they load with its chunk, never with another page.
 */
import {
  COST_PER_DISTANCE_TEXTS,
  EXPENSES_LOADING_TIMEOUT_MS,
  EXPENSES_TEXTS,
  type Expenses,
} from '@contract/expenses';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { expensesExportUrl } from '@web/features/expenses/api/export-expenses';
import { useExpenses } from '@web/features/expenses/api/get-expenses';
import { CostPerDistancePanel } from '@web/features/expenses/components/cost-per-distance';
import { DistributionChart } from '@web/features/expenses/components/distribution-chart';
import { ExpenseCards } from '@web/features/expenses/components/expense-cards';
import {
  ExpensesFailed,
  ExpensesSkeleton,
} from '@web/features/expenses/components/expenses-states';
import {
  ALL_VEHICLES,
  ExpensesToolbar,
  type VehicleOption,
} from '@web/features/expenses/components/expenses-toolbar';
import { LockedPanel } from '@web/features/expenses/components/locked-panel';
import { MonthlySpendingChart } from '@web/features/expenses/components/monthly-spending-chart';
import { TopExpensesList } from '@web/features/expenses/components/top-expenses-list';
import { VehicleBreakdownChart } from '@web/features/expenses/components/vehicle-breakdown-chart';
import { VehicleCostSummary } from '@web/features/expenses/components/vehicle-cost-summary';
import { VehicleEconomyPanel } from '@web/features/expenses/components/vehicle-economy';
import { useLoadingTimeout } from '@web/features/expenses/hooks/use-loading-timeout';
import { EXPENSE_SWATCHES } from '@web/features/expenses/lib/expense-figures';
import {
  type ExpenseFilter,
  isRangeReversed,
  type PeriodChoice,
  periodRange,
} from '@web/features/expenses/lib/periods';
import { cn } from '@web/lib/class-names';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/page-title';
import { userNow, useTimeZone } from '@web/lib/today';
import { Suspense, useEffect, useMemo, useState } from 'react';

// Only opened on demand, so it is not part of the page's first load.
const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

function Overview({ expenses, onUpgrade }: { expenses: Expenses; onUpgrade: () => void }) {
  const costPerDistance = COST_PER_DISTANCE_TEXTS[expenses.distanceUnit];
  return (
    <div className="grid grid-cols-1 gap-6">
      <ExpenseCards totals={expenses.totals} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <DistributionChart totals={expenses.totals} />
        <VehicleBreakdownChart vehicles={expenses.vehicles} />
      </div>
      <VehicleEconomyPanel vehicles={expenses.economy} />
      <section aria-labelledby="advanced-analytics" className="grid grid-cols-1 gap-4">
        <h2 id="advanced-analytics" className="text-lg font-semibold tracking-tight">
          {EXPENSES_TEXTS.advanced}
        </h2>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
          {expenses.monthly ? (
            <MonthlySpendingChart months={expenses.monthly} />
          ) : (
            <LockedPanel
              title={EXPENSES_TEXTS.monthly}
              text={EXPENSES_TEXTS.lockedMonthly}
              onUpgrade={onUpgrade}
            />
          )}
          {expenses.costPerMile ? (
            <CostPerDistancePanel
              rows={expenses.costPerMile}
              distanceUnit={expenses.distanceUnit}
            />
          ) : (
            <LockedPanel
              title={costPerDistance.title}
              text={costPerDistance.locked}
              onUpgrade={onUpgrade}
            />
          )}
        </div>
      </section>
    </div>
  );
}

function Details({ expenses }: { expenses: Expenses }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <TopExpensesList
          title={EXPENSES_TEXTS.topModifications}
          items={expenses.top.modifications}
          swatch={EXPENSE_SWATCHES.modifications}
          emptyText="No modifications with a cost yet."
        />
        <TopExpensesList
          title={EXPENSES_TEXTS.topMaintenance}
          items={expenses.top.maintenance}
          swatch={EXPENSE_SWATCHES.maintenance}
          emptyText="No maintenance with a cost yet."
        />
        <TopExpensesList
          title={EXPENSES_TEXTS.topRepairs}
          items={expenses.top.repairs}
          swatch={EXPENSE_SWATCHES.repairs}
          emptyText="No repairs with a cost yet."
        />
      </div>
      <VehicleCostSummary vehicles={expenses.vehicles} totals={expenses.totals} />
    </div>
  );
}

export function ExpensesPage() {
  usePageTitle(EXPENSES_TEXTS.title);
  const [vehicle, setVehicle] = useState(ALL_VEHICLES);
  const [period, setPeriod] = useState<PeriodChoice>('all');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const [vehicleOptions, setVehicleOptions] = useState<VehicleOption[]>([]);

  const timeZone = useTimeZone();
  const range = useMemo(
    () => periodRange(period, userNow(timeZone), custom),
    [period, custom, timeZone],
  );
  const isReversed = isRangeReversed(range);
  // A reversed custom range is not asked for: the last figures stay while it is corrected.
  const [filter, setFilter] = useState<ExpenseFilter>({});
  useEffect(() => {
    if (isReversed) return;
    setFilter({
      ...(vehicle === ALL_VEHICLES ? {} : { vehicleId: Number(vehicle) }),
      ...range,
    });
  }, [vehicle, range, isReversed]);

  const read = useExpenses(filter);
  const expenses = read.data;
  const hasTimedOut = useLoadingTimeout(read.isPending, EXPENSES_LOADING_TIMEOUT_MS);

  // The selector lists every vehicle of the last all-vehicles answer, so that choosing one
  // costs no other call.
  useEffect(() => {
    if (expenses && !read.isPlaceholderData && filter.vehicleId === undefined) {
      setVehicleOptions(expenses.vehicles.map((row) => ({ id: row.vehicleId, name: row.name })));
    }
  }, [expenses, read.isPlaceholderData, filter.vehicleId]);

  const openUpgrade = () => setIsUpgradeOpen(true);
  const isUpdating = read.isPlaceholderData && read.isFetching;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{EXPENSES_TEXTS.title}</h1>
        <p className="text-sm text-muted-foreground">{EXPENSES_TEXTS.subtitle}</p>
      </header>

      <ExpensesToolbar
        vehicleOptions={vehicleOptions}
        vehicle={vehicle}
        onVehicleChange={setVehicle}
        period={period}
        onPeriodChange={setPeriod}
        custom={custom}
        onCustomChange={setCustom}
        rangeError={isReversed ? 'The start date must be on or before the end date.' : null}
        hasAdvancedAnalytics={expenses?.hasAdvancedAnalytics ?? false}
        exportUrl={expenses ? expensesExportUrl(filter) : null}
        onUpgrade={openUpgrade}
      />

      <Tabs defaultValue="overview" className="gap-6">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="overview">{EXPENSES_TEXTS.overview}</TabsTrigger>
          <TabsTrigger value="details">{EXPENSES_TEXTS.details}</TabsTrigger>
        </TabsList>
        {expenses ? (
          <div
            className={cn('min-w-0 transition-opacity', isUpdating && 'opacity-60')}
            aria-busy={isUpdating || undefined}
            data-testid="expenses-content"
          >
            <TabsContent value="overview">
              <Overview expenses={expenses} onUpgrade={openUpgrade} />
            </TabsContent>
            <TabsContent value="details">
              <Details expenses={expenses} />
            </TabsContent>
          </div>
        ) : read.isError || hasTimedOut ? (
          <ExpensesFailed onRetry={() => void read.refetch()} isRetrying={read.isFetching} />
        ) : (
          <ExpensesSkeleton />
        )}
      </Tabs>

      {isUpgradeOpen && (
        <Suspense fallback={null}>
          <UpgradeDialog open onOpenChange={setIsUpgradeOpen} />
        </Suspense>
      )}
    </div>
  );
}
