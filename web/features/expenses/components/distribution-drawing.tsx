/** The ring of Expense Distribution: one slice per kind with a cost, in its colour (001 §9). */
import { useState } from 'react';
import { type DistributionSlice, EXPENSE_COLORS } from '../lib/expense-figures';
import { ChartFrame, type ChartTooltip, pointerIn } from './chart-frame';

const HEIGHT = 220;
const OUTER = 0.9 * (HEIGHT / 2);
const INNER = 0.55 * (HEIGHT / 2);
/** The gap between slices, so neighbours of close colours stay apart. */
const GAP_RADIANS = Math.PI / 180;

/** A point of the ring: angle 0 at twelve o'clock, growing clockwise. */
const at = (cx: number, cy: number, radius: number, angle: number) =>
  `${cx + radius * Math.sin(angle)} ${cy - radius * Math.cos(angle)}`;

function slicePath(cx: number, cy: number, from: number, to: number) {
  const large = to - from > Math.PI ? 1 : 0;
  return [
    `M ${at(cx, cy, OUTER, from)}`,
    `A ${OUTER} ${OUTER} 0 ${large} 1 ${at(cx, cy, OUTER, to)}`,
    `L ${at(cx, cy, INNER, to)}`,
    `A ${INNER} ${INNER} 0 ${large} 0 ${at(cx, cy, INNER, from)}`,
    'Z',
  ].join(' ');
}

/** A whole ring (one kind holds every cost): two half circles each way, the hole cut out. */
function ringPath(cx: number, cy: number) {
  const circle = (radius: number) =>
    `M ${cx - radius} ${cy} A ${radius} ${radius} 0 1 1 ${cx + radius} ${cy} A ${radius} ${radius} 0 1 1 ${cx - radius} ${cy} Z`;
  return `${circle(OUTER)} ${circle(INNER)}`;
}

export function DistributionDrawing({ slices }: { slices: DistributionSlice[] }) {
  const [tooltip, setTooltip] = useState<ChartTooltip | null>(null);
  const shown = slices.filter((slice) => slice.amount > 0);
  const total = shown.reduce((sum, slice) => sum + slice.amount, 0);

  return (
    <ChartFrame height={HEIGHT} tooltip={tooltip} onLeave={() => setTooltip(null)}>
      {(width) => {
        const cx = width / 2;
        const cy = HEIGHT / 2;
        const gap = shown.length > 1 ? GAP_RADIANS : 0;
        let start = 0;
        return shown.map((slice) => {
          const sweep = (slice.amount / total) * 2 * Math.PI;
          const from = start + gap / 2;
          const to = start + sweep - gap / 2;
          start += sweep;
          return (
            <path
              key={slice.category}
              data-slot="ring-slice"
              d={shown.length === 1 ? ringPath(cx, cy) : slicePath(cx, cy, from, to)}
              fill={EXPENSE_COLORS[slice.category]}
              fillRule="evenodd"
              onPointerMove={(event) =>
                setTooltip({
                  ...pointerIn(event),
                  title: slice.name,
                  rows: [{ category: slice.category, name: slice.name, amount: slice.amount }],
                })
              }
            />
          );
        });
      }}
    </ChartFrame>
  );
}
