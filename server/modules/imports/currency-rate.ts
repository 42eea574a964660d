/**
 * An import's amounts in another currency than the user's, converted on the user's rate (decision
 * 055): decimal text times decimal text, rounded half up to the column's places, in integers, so
 * that $40.00 at 0.9 is exactly €36.00 and no binary fraction creeps into a stored amount (D3).
 */

/** `"12.345"` as 12345n with scale 3; a sign kept. */
function scaled(text: string): { digits: bigint; scale: number } {
  const [whole = '0', fraction = ''] = text.trim().replace(/^[+-]/, '').split('.');
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { digits: text.trim().startsWith('-') ? -digits : digits, scale: fraction.length };
}

/** `amount × rate`, both decimal text, as text with `decimals` places (half away from zero). */
export function convertAmount(amount: string, rate: string, decimals: number): string {
  const a = scaled(amount);
  const r = scaled(rate);
  let product = a.digits * r.digits;
  const scale = a.scale + r.scale;
  const negative = product < 0n;
  if (negative) product = -product;
  let kept: bigint;
  if (scale > decimals) {
    const divisor = 10n ** BigInt(scale - decimals);
    kept = (product + divisor / 2n) / divisor;
  } else {
    kept = product * 10n ** BigInt(decimals - scale);
  }
  const text = kept.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  const sign = negative && kept !== 0n ? '-' : '';
  return decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}
