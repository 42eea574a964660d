/**
 * The one money formatter (D3): US dollars with cents by default, or the user's own currency
 * (decision 050: amounts are stored as entered, in the currency the user chose).
 */

/** D3, D49: the spec's dollars until a user chooses otherwise. */
const DEFAULT_CURRENCY = 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Written in US English whatever the currency, like the dates (D4): `$1,234.50`, `€1,234.50`,
 * `¥1,235`. Each currency keeps its own number of decimals (the yen has none); a code the
 * browser cannot format falls back to dollars rather than throwing inside a render.
 */
function formatterOf(currency: string, maximumFractionDigits?: number): Intl.NumberFormat {
  const key = `${currency}:${maximumFractionDigits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      const base = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      const decimals = base.resolvedOptions().minimumFractionDigits ?? 2;
      formatter = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: Math.max(decimals, maximumFractionDigits ?? decimals),
      });
    } catch {
      formatter = formatterOf(DEFAULT_CURRENCY, maximumFractionDigits);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number or numeric string as a number; anything else (missing, text) as null (001 §3). */
export function toAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const amount = Number(value);
    return Number.isFinite(amount) ? amount : null;
  }
  return null;
}

/**
 * An amount as people type it, with the sign of their currency and grouped thousands
 * (`$1,234.50`, `€1,234.50`, `£ 1,234.50`, `¥1,235`), as the plain number text a form sends.
 */
export function plainAmount(typed: string): string {
  return typed.replace(/[$€£¥,\s]/g, '');
}

/** `$1,234.50` (or `€1,234.50` in euros); zero when the amount is missing or not a number. */
export function formatMoney(value: unknown, currency: string = DEFAULT_CURRENCY): string {
  return formatterOf(currency).format(toAmount(value) ?? 0);
}

/**
 * A price that pumps and chargers show to a tenth of a cent: `$3.459` (decision 050: prices
 * per unit keep 3 decimals); a round one keeps the currency's own decimals (`$3.50`).
 */
export function formatPrecisePrice(value: unknown, currency: string = DEFAULT_CURRENCY): string {
  return formatterOf(currency, 3).format(toAmount(value) ?? 0);
}

/** The sign a currency is written with: `$`, `€`, `CHF`. */
export function currencySymbol(currency: string = DEFAULT_CURRENCY): string {
  const part = formatterOf(currency)
    .formatToParts(0)
    .find((candidate) => candidate.type === 'currency');
  return part?.value ?? currency;
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount short enough for a chart's axis: `$0`, `$250`, `$2.5K`, `€60K`, `¥1.3M` (the exact
 * figures are in the chart's tooltip and table). A code the browser cannot format is written in
 * dollars, as `formatMoney` does.
 */
export function formatCompactMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  let formatter = compactFormatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      });
    } catch {
      return formatCompactMoney(amount, DEFAULT_CURRENCY);
    }
    compactFormatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/**
 * What part of an invested total is still planned (D48): 'incl. $690.00 planned', or null when
 * nothing is, so that a total which counts planned work never passes for money already spent.
 */
export function plannedPart(planned: unknown, currency: string = DEFAULT_CURRENCY): string | null {
  const amount = toAmount(planned) ?? 0;
  return amount > 0 ? `incl. ${formatMoney(amount, currency)} planned` : null;
}

/**
 * What was spent on top of an invested total (D51), as D48 states its planned part: 'plus
 * €501.07 running costs' (fuel and energy), or null when nothing was.
 */
export function spentOnTopPart(
  spentOnTop: unknown,
  currency: string = DEFAULT_CURRENCY,
): string | null {
  const amount = toAmount(spentOnTop) ?? 0;
  return amount > 0 ? `plus ${formatMoney(amount, currency)} running costs` : null;
}
