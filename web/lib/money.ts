/** The one money formatter (D3), in US dollars with cents. */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A number or numeric string as a number; anything else (missing, text) as null (001 §3). */
export function toAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const amount = Number(value);
    return Number.isFinite(amount) ? amount : null;
  }
  return null;
}

/** `$1,234.50`; `$0.00` when the amount is missing or not a number. */
export function formatMoney(value: unknown): string {
  return usd.format(toAmount(value) ?? 0);
}

/**
 * What part of an invested total is still planned (D48): 'incl. $690.00 planned', or null when
 * nothing is, so that a total which counts planned work never passes for money already spent.
 */
export function plannedPart(planned: unknown): string | null {
  const amount = toAmount(planned) ?? 0;
  return amount > 0 ? `incl. ${formatMoney(amount)} planned` : null;
}
