/**
 * Money arithmetic shared by server and web (D3): amounts are dollars with at most two decimals,
 * and sums are made in whole cents so that 0.1 + 0.2 is 0.30, never 0.30000000000000004.
 */

/** A dollar amount as whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** An amount rounded to whole cents. */
export function roundToCents(amount: number): number {
  return toCents(amount) / 100;
}

/** The sum of these amounts, added in whole cents. */
export function sumAmounts(amounts: Iterable<number>): number {
  let cents = 0;
  for (const amount of amounts) cents += toCents(amount);
  return cents / 100;
}
