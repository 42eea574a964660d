/**
 * The value axis of the Fuel & Energy charts: round grid steps around the figures drawn, so an
 * economy between 29.4 and 33.1 MPG is drawn on 29, 30 … 34 rather than from zero.
 */

/** Grid lines from below `low` to above `high`, `step` apart: 1, 2, 5 or 10 times a power of ten. */
export function axisTicks(low: number, high: number, count = 4): number[] {
  if (!(high > low)) {
    // One figure, or several equal: a band of 10% around it.
    const pad = Math.abs(low) * 0.1 || 1;
    return axisTicks(low - pad, high + pad, count);
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
