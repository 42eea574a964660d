/**
 * Total Invested (000 §9): every vehicle's purchase price plus the cost of each of its records,
 * which the server answers per vehicle as Money Invested (D20). A vehicle whose figure is not a
 * number counts as 0, and the fault is logged (000 §8), so one bad vehicle never blanks the total.
 */
import { sumAmounts } from '@contract/money';

export type InvestedFigure = { id: number; moneyInvested: unknown };

export function totalInvested(
  vehicles: readonly InvestedFigure[],
  logError: (message: string) => void = (message) => console.error(message),
): number {
  const amounts = vehicles.map((vehicle) => {
    const amount = vehicle.moneyInvested;
    if (typeof amount === 'number' && Number.isFinite(amount)) return amount;
    logError(`Vehicle ${vehicle.id}: its investment could not be calculated; counted as 0`);
    return 0;
  });
  // Summed in cents: 0.1 + 0.2 must show as $0.30.
  return sumAmounts(amounts);
}

/** The planned part of Total Invested (D48): the costs of every vehicle's open records. */
export function totalPlanned(vehicles: readonly { plannedExpenses: number }[]): number {
  return sumAmounts(vehicles.map((vehicle) => vehicle.plannedExpenses));
}

/** D51: the running costs spent on top of Total Invested: every vehicle's fuel and energy. */
export function totalSpentOnTop(vehicles: readonly { spentOnTop: number }[]): number {
  return sumAmounts(vehicles.map((vehicle) => vehicle.spentOnTop));
}
