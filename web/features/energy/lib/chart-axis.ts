/**
 * The value axis of the Fuel & Energy charts: round grid steps around the figures drawn, so an
 * economy between 29.4 and 33.1 MPG is drawn on 29, 30 … 34 rather than from zero; and the
 * scale from a value to its place. Neither ever answers NaN or an infinity: one figure, figures
 * equal but for the last bits of floating point (12.60 ÷ 42 and 8.40 ÷ 28 per kWh), zero and a
 * missing figure all draw something sensible.
 */

/** Figures closer than this share of their size are one figure, drawn flat in the middle. */
const SAME_FIGURE = 1e-9;

/** The figures a chart can place: a missing (null, NaN) or infinite figure is left out. */
export function drawableFigures(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((value): value is number => Number.isFinite(value));
}

/** Grid lines from below `low` to above `high`, `step` apart: 1, 2, 5 or 10 times a power of ten. */
export function axisTicks(low: number, high: number, count = 4): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    // Nothing to place: a grid around zero, as for a single zero.
    return axisTicks(0, 0, count);
  }
  if (high - low <= Math.max(Math.abs(low), Math.abs(high)) * SAME_FIGURE) {
    // One figure, or several equal: a band of 10% around it.
    const middle = (low + high) / 2;
    const pad = Math.abs(middle) * 0.1 || 1;
    return axisTicks(middle - pad, middle + pad, count);
  }
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((s) => s >= rough) ?? rough;
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  // toPrecision keeps 0.1 × 34 at 3.4, not 3.4000000000000004.
  return Array.from({ length: last - first + 1 }, (_, index) =>
    Number(((first + index) * step).toPrecision(12)),
  );
}

/**
 * The place of a value between `from` and `to` (pixels) for a domain `low`…`high`; an empty
 * domain (one date, one figure) places everything in the middle.
 */
export function linearScale(low: number, high: number, from: number, to: number) {
  const span = high - low;
  return (value: number) =>
    span > 0 && Number.isFinite(span)
      ? from + ((value - low) / span) * (to - from)
      : (from + to) / 2;
}
