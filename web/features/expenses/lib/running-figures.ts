/**
 * How the expenses page writes distances, cost per distance and economy figures (D49, decision
 * 050): in the unit the server answered them in, named beside them. Kept small, to be folded into
 * the app's shared formatters once they write units.
 */
import type { DistanceUnit } from '@contract/units';
import { formatMoney } from '@web/lib/format';

const wholeUnits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** `1,448 mi`: a distance driven, to the whole unit. */
export function formatDistance(distance: number, unit: DistanceUnit): string {
  return `${wholeUnits.format(distance)} ${unit}`;
}

/** `$0.43/mi`: money per unit of distance, to the cent as the server answers it. */
export function formatCostPerDistance(cost: number, unit: DistanceUnit): string {
  return `${formatMoney(cost)}/${unit}`;
}

/** `31.2 MPG`, `3.4 mi/kWh`, `7.8 L/100 km`: an economy figure to one decimal, with its unit. */
export function formatEconomy(figure: number, unit: string): string {
  return `${oneDecimal.format(figure)} ${unit}`;
}
