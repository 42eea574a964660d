/**
 * What the page's three drawings share: the width they draw to, followed as the card resizes,
 * and the tooltip that names the figures under the pointer, in the design's tokens. The drawings
 * are plain SVG drawn here rather than a charting library, which cost about 100 KB of JavaScript
 * and more than a second of a phone's time to start (decision 015); the exact figures are in
 * each panel's table for everyone, so the shapes and tooltip are for the eye only.
 */
import type { SpendingKind } from '@contract/expenses';
import { useMoney } from '@web/lib/preferences';
import { type PointerEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { EXPENSE_SWATCHES } from '../lib/expense-figures';
import { Swatch } from './chart-panel';

/** One kind of spending in a tooltip, with its swatch (001 §9). */
export type TooltipRow = { category: SpendingKind; name: string; amount: number };
export type ChartTooltip = { x: number; y: number; title: string; rows: TooltipRow[] };

/** The axis and label text of every drawing. */
export const AXIS_TEXT = { fill: 'var(--color-muted-foreground)', fontSize: 12 } as const;

/**
 * Steps for an axis from 0 to at least `max`: 1, 2, 2.5 or 5 times a power of ten, so the grid
 * lines fall on round amounts.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((s) => s >= rough) ?? rough;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks.length * step);
  return ticks;
}

/**
 * A drawing's box: its width measured (0 until the first layout, when nothing is drawn), the
 * drawing, and its tooltip kept inside the box on the side away from the pointer's half.
 */
export function ChartFrame({
  height,
  tooltip,
  onLeave,
  children,
}: {
  height: number;
  tooltip: ChartTooltip | null;
  onLeave: () => void;
  children: (width: number) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const money = useMoney();
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} className="relative w-full" style={{ height }} onPointerLeave={onLeave}>
      {width > 0 && (
        <svg width={width} height={height} role="presentation" className="block overflow-visible">
          {children(width)}
        </svg>
      )}
      {tooltip && (
        <div
          data-slot="chart-tooltip"
          className="pointer-events-none absolute z-10 min-w-36 rounded-lg border bg-card px-3 py-2 text-[13px] shadow-card"
          style={{
            left: tooltip.x,
            top: Math.max(0, tooltip.y - 12),
            transform: `translate(${tooltip.x > width / 2 ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
          }}
        >
          <p className="font-semibold text-foreground">{tooltip.title}</p>
          <ul className="mt-1 grid gap-0.5">
            {tooltip.rows.map((row) => (
              <li key={row.category} className="flex items-center gap-2">
                <Swatch className={EXPENSE_SWATCHES[row.category]} />
                <span className="text-muted-foreground">{row.name}</span>
                <span className="ml-auto pl-3 font-medium tabular-nums text-foreground">
                  {money.format(row.amount)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The pointer's place inside the drawing's box, for the tooltip. */
export function pointerIn(event: PointerEvent<SVGElement>) {
  const svg = event.currentTarget.ownerSVGElement ?? event.currentTarget;
  const bounds = svg.getBoundingClientRect();
  return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
}
