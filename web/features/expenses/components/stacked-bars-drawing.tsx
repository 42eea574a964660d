/**
 * Stacked bars, the shape of Expenses by Vehicle (one bar per vehicle, across) and of Monthly
 * Spending (one bar per month, upwards): each bar's parts in their colours, grid lines at round
 * amounts with their values, a label per bar, and the bar under the pointer shaded with its
 * figures in a tooltip.
 */
import { formatCompactMoney } from '@web/lib/format';
import { useMoney } from '@web/lib/preferences';
import { useState } from 'react';
import { EXPENSE_COLORS } from '../lib/expense-figures';
import {
  AXIS_TEXT,
  ChartFrame,
  type ChartTooltip,
  niceTicks,
  pointerIn,
  type TooltipRow,
} from './chart-frame';

export type StackedBar = {
  key: string;
  /** Written beside or under the bar. */
  label: string;
  /** The tooltip's heading. */
  title: string;
  parts: TooltipRow[];
};

const EDGE = 8;
const TOP = 5;
/** Across: the column of vehicle labels. Upwards: the row of month labels. */
const LABEL_COLUMN = 118;
const LABEL_ROW = 30;
/** Upwards: the column of the amount axis' values. Across: their row under the bars. */
const AXIS_COLUMN = 48;
const AXIS_ROW = 20;
/** The least room between two values written across, so that they never touch. */
const AXIS_VALUE_ROOM = 48;
/** The least room a month label needs, so that labels never overlap (some are skipped). */
const LABEL_ROOM = 68;

export function StackedBarsDrawing({
  bars,
  direction,
  height,
  maxBarSize,
}: {
  bars: StackedBar[];
  direction: 'across' | 'upwards';
  height: number;
  maxBarSize: number;
}) {
  const [tooltip, setTooltip] = useState<ChartTooltip | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const { currency } = useMoney();
  const totals = bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.amount, 0));
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1]!;
  const isAcross = direction === 'across';

  return (
    <ChartFrame
      height={height}
      tooltip={tooltip}
      onLeave={() => {
        setTooltip(null);
        setHovered(null);
      }}
    >
      {(width) => {
        // The amount axis runs from `start` to `end` pixels; bars share the other axis in bands.
        const start = isAcross ? LABEL_COLUMN : height - LABEL_ROW;
        const end = isAcross ? width - EDGE : TOP;
        const bandStart = isAcross ? TOP : AXIS_COLUMN;
        const bandEnd = isAcross ? height - AXIS_ROW : width - EDGE;
        const band = (bandEnd - bandStart) / bars.length;
        const thickness = Math.min(maxBarSize, band * 0.8);
        // A box too narrow to hold the labels and a bar (while a layout settles) draws nothing.
        if (band <= 0 || (isAcross ? end <= start : start <= end)) return null;
        const position = (amount: number) => start + ((end - start) * amount) / top;
        // Across a narrow box the values would touch: every other one is written, from $0.
        const acrossStride =
          Math.abs(position(ticks[1] ?? top) - position(0)) < AXIS_VALUE_ROOM ? 2 : 1;
        // Under upright bars, a label only where it has room: inside the box, clear of the last.
        const labelled = new Set<number>();
        let lastLabel = Number.NEGATIVE_INFINITY;
        bars.forEach((_bar, index) => {
          const middle = bandStart + index * band + band / 2;
          const fits = middle >= LABEL_ROOM / 2 && middle <= width - LABEL_ROOM / 2;
          if (isAcross || (fits && middle - lastLabel >= LABEL_ROOM)) {
            labelled.add(index);
            lastLabel = middle;
          }
        });
        return (
          <>
            {ticks.map((tick, index) => {
              const at = position(tick);
              const isLast = index === ticks.length - 1;
              return isAcross ? (
                <g key={tick}>
                  <line x1={at} x2={at} y1={TOP} y2={bandEnd} stroke="var(--color-border)" />
                  {index % acrossStride === 0 && (
                    <text
                      data-slot="axis-value"
                      x={at}
                      y={height - 5}
                      textAnchor={isLast ? 'end' : 'middle'}
                      {...AXIS_TEXT}
                    >
                      {formatCompactMoney(tick, currency)}
                    </text>
                  )}
                </g>
              ) : (
                <g key={tick}>
                  <line
                    x1={AXIS_COLUMN}
                    x2={width - EDGE}
                    y1={at}
                    y2={at}
                    stroke="var(--color-border)"
                  />
                  <text
                    data-slot="axis-value"
                    x={AXIS_COLUMN - 6}
                    y={at}
                    dy={isLast ? 10 : 4}
                    textAnchor="end"
                    {...AXIS_TEXT}
                  >
                    {formatCompactMoney(tick, currency)}
                  </text>
                </g>
              );
            })}
            {bars.map((bar, index) => {
              const bandFrom = bandStart + index * band;
              const middle = bandFrom + band / 2;
              let reached = 0;
              return (
                <g
                  key={bar.key}
                  data-slot="chart-bar"
                  onPointerMove={(event) => {
                    setHovered(bar.key);
                    setTooltip({ ...pointerIn(event), title: bar.title, rows: bar.parts });
                  }}
                >
                  <rect
                    x={isAcross ? start : bandFrom}
                    y={isAcross ? bandFrom : end}
                    width={isAcross ? end - start : band}
                    height={isAcross ? band : start - end}
                    fill={hovered === bar.key ? 'var(--color-muted)' : 'transparent'}
                  />
                  {bar.parts.map((part) => {
                    const from = position(reached);
                    reached += part.amount;
                    const to = position(reached);
                    if (part.amount <= 0) return null;
                    return isAcross ? (
                      <rect
                        key={part.category}
                        x={from}
                        y={middle - thickness / 2}
                        width={to - from}
                        height={thickness}
                        fill={EXPENSE_COLORS[part.category]}
                      />
                    ) : (
                      <rect
                        key={part.category}
                        x={middle - thickness / 2}
                        y={to}
                        width={thickness}
                        height={from - to}
                        fill={EXPENSE_COLORS[part.category]}
                      />
                    );
                  })}
                  {labelled.has(index) && (
                    <text
                      data-slot="chart-label"
                      x={isAcross ? LABEL_COLUMN - EDGE : middle}
                      y={isAcross ? middle : height - LABEL_ROW + 18}
                      dy={isAcross ? 4 : 0}
                      textAnchor={isAcross ? 'end' : 'middle'}
                      {...AXIS_TEXT}
                    >
                      {bar.label}
                    </text>
                  )}
                </g>
              );
            })}
          </>
        );
      }}
    </ChartFrame>
  );
}
