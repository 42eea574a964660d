/**
 * The rules of Expenses & Analytics (001 §2, §9, D9, D20, D37, D48): one of the user's own
 * vehicles or all of them (someone else's vehicle answers 404 like a missing one), a period and
 * the CSV export only on a plan with advanced analytics (402 otherwise), monthly spending and
 * cost per distance answered only to such a plan, each vehicle's economy to every plan, and the
 * database's exact sums turned into numbers.
 */
import {
  type CostPerDistance,
  EXPENSE_CSV_HEADER,
  EXPENSE_MESSAGES,
  type Expenses,
  type ExpensesQuery,
  type ExpenseTotals,
  SPENDING_CATEGORIES,
  SPENDING_KINDS,
  type SpendingKind,
  TOP_LIST_SIZE,
  type TopExpense,
  type VehicleEconomy,
} from '@contract/expenses';
import { roundToCents, sumAmounts } from '@contract/money';
import { PLAN_LIMIT_CODE } from '@contract/subscription';
import { convertDistance, type DistanceUnit, type Preferences } from '@contract/units';
import { VEHICLE_MESSAGES, vehicleTitle } from '@contract/vehicles';
import { AppError, notFound } from '../../app-error';
import { toCsv } from '../../csv';
import { fromNumeric } from '../../db/numeric';
import type { Db } from '../../db/open';
import { readPreferences } from '../accounts/preferences.service';
import { costPerDistanceOf } from '../energy/economy.calc';
import { type EconomyEntryRow, findEconomyEntriesOfUser } from '../energy/energy.repository';
import { computeVehicleEconomy } from '../energy/vehicle-economy';
import { distanceDriven, judgeReadings } from '../odometer/odometer.calc';
import { findReadingsOfUser, type ReadingRow } from '../odometer/odometer.repository';
import type { SubscriptionService } from '../subscription/subscription.service';
import {
  type ExpenseFilter,
  findExpenseLines,
  findTopExpenses,
  sumExpensesByVehicle,
  sumMonthlySpending,
  type VehicleExpensesRow,
} from './expenses.repository';

/** D3: exact `numeric` text to a number of dollars and cents; none as 0. */
function toAmount(value: string | null): number {
  return roundToCents(fromNumeric(value) ?? 0);
}

/**
 * D51: the sums with what every category spent together (`spent`, which the page's percents are
 * of and the CSV adds up to) and the running costs on top of Total Invested (`spentOnTop`), both
 * added in cents from the categories' table. Energy amounts are in the user's one currency, as
 * records' costs are (decision 052: stored as entered, never converted), and are summed as they
 * are, as Monthly Spending and cost per distance do; an entry without a cost (a free charge,
 * stored as 0) adds nothing.
 */
function withSpending(sums: Omit<ExpenseTotals, 'spent' | 'spentOnTop'>): ExpenseTotals {
  const amountsOf = (kinds: readonly SpendingKind[]) => kinds.map((kind) => sums[kind]);
  return {
    ...sums,
    spent: sumAmounts(amountsOf(SPENDING_KINDS)),
    spentOnTop: sumAmounts(
      amountsOf(SPENDING_KINDS.filter((kind) => !SPENDING_CATEGORIES[kind].isInvested)),
    ),
  };
}

const premiumOnly = (message: string) => new AppError(402, message, { code: PLAN_LIMIT_CODE });

/** Rows of many vehicles, by vehicle. */
function byVehicle<Row extends { vehicleId: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.vehicleId);
    if (group) group.push(row);
    else groups.set(row.vehicleId, [row]);
  }
  return groups;
}

/**
 * One vehicle's running costs and economy in the period (D48, decision 050): its readings judged
 * once, the distance driven read from them, and its entries' economy through the same path as the
 * vehicle's own economy call.
 */
function runningFiguresOf(
  row: VehicleExpensesRow,
  context: {
    entries: readonly EconomyEntryRow[];
    readings: readonly ReadingRow[];
    from: string | null;
    to: string | null;
    preferences: Preferences;
  },
): { costPerDistance: CostPerDistance; economy: VehicleEconomy } {
  const { from, to, preferences } = context;
  const odometerUnit = row.odometerUnit as DistanceUnit;
  const judged = judgeReadings(context.readings, odometerUnit);
  const serviceCost = toAmount(row.serviceCost);
  const energyCost = toAmount(row.energy);
  const economy = computeVehicleEconomy({
    profile: row,
    entries: context.entries,
    readings: judged,
    serviceCost,
    from,
    to,
    preferences,
  });
  const driven = distanceDriven(judged, from, to);
  const runningCosts = sumAmounts([serviceCost, energyCost]);
  const name = vehicleTitle(row);
  return {
    costPerDistance: {
      vehicleId: row.vehicleId,
      name,
      mileage: row.mileage,
      serviceCost,
      energyCost,
      runningCosts,
      distance: economy.distance,
      costPerDistance: economy.costPerDistance,
      // Kept for the clients that read cost per mile: D48's figure per mile, whatever the unit
      // the user reads distances in (for a miles user, `costPerDistance` itself).
      costPerMile: costPerDistanceOf(
        runningCosts,
        driven === null ? null : convertDistance(driven, odometerUnit, 'mi'),
      ),
    },
    economy: {
      vehicleId: row.vehicleId,
      name,
      energies: economy.energies
        .filter((summary) => summary.entryCount > 0)
        .map((summary) => ({
          energy: summary.energy,
          average: summary.average,
          economyUnit: summary.economyUnit,
          isConsumption: summary.isConsumption,
          spanDistance: summary.spanDistance,
          quantity: summary.quantity,
          quantityUnit: summary.quantityUnit,
          cost: summary.cost,
          entryCount: summary.entryCount,
        })),
    },
  };
}

function filterOf(query: ExpensesQuery): ExpenseFilter {
  const hasPeriod = query.from !== undefined || query.to !== undefined;
  return {
    vehicleId: query.vehicleId,
    period: hasPeriod ? { from: query.from, to: query.to } : undefined,
  };
}

export function createExpensesService({
  db,
  subscription,
}: {
  db: Db;
  subscription: SubscriptionService;
}) {
  return {
    /**
     * `GET /api/expenses`. A constant number of statements whatever the garage (D20): the plan,
     * then the per-vehicle sums, the top lists, (advanced only) the months, and the energy
     * entries, readings and units every vehicle's economy is computed from, side by side.
     */
    async getExpenses(userId: number, query: ExpensesQuery): Promise<Expenses> {
      const filter = filterOf(query);
      const hasAdvancedAnalytics = await subscription.hasAdvancedAnalytics(userId);
      if (filter.period && !hasAdvancedAnalytics) {
        throw premiumOnly(EXPENSE_MESSAGES.periodPremium);
      }
      const [vehicleRows, topRows, monthRows, entryRows, readingRows, preferences] =
        await Promise.all([
          sumExpensesByVehicle(db, userId, filter),
          findTopExpenses(db, userId, filter, TOP_LIST_SIZE),
          hasAdvancedAnalytics ? sumMonthlySpending(db, userId, filter) : null,
          findEconomyEntriesOfUser(db, userId, filter.vehicleId),
          findReadingsOfUser(db, userId, filter.vehicleId),
          readPreferences(db, userId),
        ]);
      // D9: the rows are the user's own, so another user's vehicle finds none, like a missing one.
      if (filter.vehicleId !== undefined && vehicleRows.length === 0) {
        throw notFound(VEHICLE_MESSAGES.notFound);
      }
      const first = vehicleRows[0];
      const entriesOf = byVehicle(entryRows);
      const readingsOf = byVehicle(readingRows);
      const running = vehicleRows.map((row) =>
        runningFiguresOf(row, {
          entries: entriesOf.get(row.vehicleId) ?? [],
          readings: readingsOf.get(row.vehicleId) ?? [],
          from: filter.period?.from ?? null,
          to: filter.period?.to ?? null,
          preferences,
        }),
      );
      const top: Expenses['top'] = { modifications: [], maintenance: [], repairs: [] };
      for (const row of topRows) {
        const item: TopExpense = {
          id: row.id,
          title: row.title,
          vehicleId: row.vehicleId,
          vehicleName: vehicleTitle(row),
          cost: toAmount(row.cost),
          date: row.date,
        };
        top[row.kind].push(item);
      }
      return {
        hasAdvancedAnalytics,
        distanceUnit: preferences.distanceUnit,
        currency: preferences.currency,
        totals: withSpending({
          purchase: toAmount(first?.totalPurchase ?? null),
          maintenance: toAmount(first?.totalMaintenance ?? null),
          repairs: toAmount(first?.totalRepairs ?? null),
          modifications: toAmount(first?.totalModifications ?? null),
          total: toAmount(first?.totalAll ?? null),
          planned: toAmount(first?.totalPlanned ?? null),
          // A running cost beside the spec's figures; `total` (Total Invested, 000 §9) stays the
          // purchase plus the records: fuel burnt is not money invested in the vehicle.
          energy: toAmount(first?.totalEnergy ?? null),
        }),
        vehicles: vehicleRows.map((row) => ({
          vehicleId: row.vehicleId,
          name: vehicleTitle(row),
          ...withSpending({
            purchase: toAmount(row.purchase),
            maintenance: toAmount(row.maintenance),
            repairs: toAmount(row.repairs),
            modifications: toAmount(row.modifications),
            total: toAmount(row.total),
            planned: toAmount(row.planned),
            energy: toAmount(row.energy),
          }),
        })),
        top,
        monthly:
          monthRows?.map((row) => ({
            month: row.month,
            maintenance: toAmount(row.maintenance),
            repairs: toAmount(row.repairs),
            modifications: toAmount(row.modifications),
            energy: toAmount(row.energy),
          })) ?? null,
        // D37: cost per distance is an advanced analytic, as the cost per mile it replaces was.
        costPerMile: hasAdvancedAnalytics
          ? running.map((figures) => figures.costPerDistance)
          : null,
        // Economy is the fuel log's own figure, shown to everyone on the vehicle's Fuel & Energy
        // tab: not one of D37's advanced analytics (the period, cost per mile and the export).
        economy: running.map((figures) => figures.economy),
      };
    },

    /** `GET /api/expenses/export.csv` (D37): the filter's records and purchases, one a line. */
    async exportExpensesCsv(userId: number, query: ExpensesQuery): Promise<string> {
      if (!(await subscription.hasAdvancedAnalytics(userId))) {
        throw premiumOnly(EXPENSE_MESSAGES.exportPremium);
      }
      const filter = filterOf(query);
      const [lines, owned] = await Promise.all([
        findExpenseLines(db, userId, filter),
        filter.vehicleId === undefined ? null : sumExpensesByVehicle(db, userId, filter),
      ]);
      if (owned && owned.length === 0) throw notFound(VEHICLE_MESSAGES.notFound);
      return toCsv(
        EXPENSE_CSV_HEADER,
        lines.map((line) => [
          { text: line.date },
          { text: vehicleTitle(line) },
          { text: line.type },
          { text: line.category },
          { text: line.title },
          { amount: line.cost },
        ]),
      );
    },
  };
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
