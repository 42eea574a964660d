/**
 * The rules of Expenses & Analytics (001 §2, §9, D9, D20, D37): one of the user's own vehicles
 * or all of them (someone else's vehicle answers 404 like a missing one), a period and the CSV
 * export only on a plan with advanced analytics (402 otherwise), monthly spending and cost per
 * mile answered only to such a plan, and the database's exact sums turned into numbers.
 */
import {
  EXPENSE_CSV_HEADER,
  EXPENSE_MESSAGES,
  type Expenses,
  type ExpensesQuery,
  TOP_LIST_SIZE,
  type TopExpense,
} from '@contract/expenses';
import { roundToCents } from '@contract/money';
import { PLAN_LIMIT_CODE } from '@contract/subscription';
import { VEHICLE_MESSAGES, vehicleTitle } from '@contract/vehicles';
import { AppError, notFound } from '../../app-error';
import { fromNumeric } from '../../db/numeric';
import type { Db } from '../../db/open';
import type { SubscriptionService } from '../subscription/subscription.service';
import { toCsv } from './expenses.csv';
import {
  type ExpenseFilter,
  findExpenseLines,
  findTopExpenses,
  sumExpensesByVehicle,
  sumMonthlySpending,
} from './expenses.repository';

/** D3: exact `numeric` text to a number of dollars and cents; none as 0. */
function toAmount(value: string | null): number {
  return roundToCents(fromNumeric(value) ?? 0);
}

const premiumOnly = (message: string) => new AppError(402, message, { code: PLAN_LIMIT_CODE });

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
     * then the per-vehicle sums, the top lists and (advanced only) the months, side by side.
     */
    async getExpenses(userId: number, query: ExpensesQuery): Promise<Expenses> {
      const filter = filterOf(query);
      const hasAdvancedAnalytics = await subscription.hasAdvancedAnalytics(userId);
      if (filter.period && !hasAdvancedAnalytics) {
        throw premiumOnly(EXPENSE_MESSAGES.periodPremium);
      }
      const [vehicleRows, topRows, monthRows] = await Promise.all([
        sumExpensesByVehicle(db, userId, filter),
        findTopExpenses(db, userId, filter, TOP_LIST_SIZE),
        hasAdvancedAnalytics ? sumMonthlySpending(db, userId, filter) : null,
      ]);
      // D9: the rows are the user's own, so another user's vehicle finds none, like a missing one.
      if (filter.vehicleId !== undefined && vehicleRows.length === 0) {
        throw notFound(VEHICLE_MESSAGES.notFound);
      }
      const first = vehicleRows[0];
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
        totals: {
          purchase: toAmount(first?.totalPurchase ?? null),
          maintenance: toAmount(first?.totalMaintenance ?? null),
          repairs: toAmount(first?.totalRepairs ?? null),
          modifications: toAmount(first?.totalModifications ?? null),
          total: toAmount(first?.totalAll ?? null),
          planned: toAmount(first?.totalPlanned ?? null),
        },
        vehicles: vehicleRows.map((row) => ({
          vehicleId: row.vehicleId,
          name: vehicleTitle(row),
          purchase: toAmount(row.purchase),
          maintenance: toAmount(row.maintenance),
          repairs: toAmount(row.repairs),
          modifications: toAmount(row.modifications),
          total: toAmount(row.total),
          planned: toAmount(row.planned),
        })),
        top,
        monthly:
          monthRows?.map((row) => ({
            month: row.month,
            maintenance: toAmount(row.maintenance),
            repairs: toAmount(row.repairs),
            modifications: toAmount(row.modifications),
          })) ?? null,
        costPerMile: hasAdvancedAnalytics
          ? vehicleRows.map((row) => ({
              vehicleId: row.vehicleId,
              name: vehicleTitle(row),
              mileage: row.mileage,
              runningCosts: toAmount(row.runningCosts),
              costPerMile: row.costPerMile === null ? null : toAmount(row.costPerMile),
            }))
          : null,
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
