/**
 * D3: money is stored as `numeric`, which pg answers as exact decimal text; the API speaks
 * numbers of dollars and cents. The conversion both ways, once.
 */

/** `numeric` text as a number; null, or text that is no number, as null. */
export function fromNumeric(value: string | null): number | null {
  if (value === null) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/** An accepted amount (whole cents, contract/schemas/common moneySchema) as `numeric` text. */
export function toNumeric(amount: number | null): string | null {
  return amount === null ? null : (Math.round(amount * 100) / 100).toFixed(2);
}

/**
 * A figure kept to `decimals` places (an odometer to a tenth, a quantity to a thousandth) as
 * `numeric` text; null stays null. The schemas accept no more decimals than the column keeps.
 */
export function toDecimalText(value: number | null, decimals: number): string | null {
  return value === null ? null : value.toFixed(decimals);
}
