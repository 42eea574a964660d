/**
 * The Fuel & Energy tab's two charts (decision 050), loaded after the tab: economy per span over
 * time, and price per unit over time, one small line chart per energy (each in its own unit).
 * Plain SVG drawn here, as the expenses drawings are (decision 015), in the design's tokens so
 * both themes read them; each chart's accessible name says what it shows in words.
 */
import type { Economy } from '@contract/energy';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { currencySymbol, formatMonthDay, formatMonthYear } from '@web/lib/format';
import { formatFigure } from '@web/lib/format-units';
import { useLayoutEffect, useRef, useState } from 'react';
import { axisTicks, linearScale } from '../lib/chart-axis';
import { type ChartSeries, economySeries, priceSeries } from '../lib/economy-figures';

const HEIGHT = 180;
const PADDING = { top: 12, right: 12, bottom: 28, left: 48 };
const AXIS_TEXT = { fill: 'var(--color-muted-foreground)', fontSize: 12 } as const;

const dayOf = (date: string) => new Date(`${date}T00:00:00`).getTime();

function useWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

function describe(series: ChartSeries, decimals: number): string {
  const values = series.points.map((point) => point.value);
  const first = series.points[0]!;
  const last = series.points[series.points.length - 1]!;
  const figure = (value: number) => `${formatFigure(value, decimals)} ${series.unit}`;
  return `${series.label}, ${series.points.length} ${series.points.length === 1 ? 'point' : 'points'} from ${formatMonthYear(first.date)} to ${formatMonthYear(last.date)}: latest ${figure(last.value)}, lowest ${figure(Math.min(...values))}, highest ${figure(Math.max(...values))}`;
}

function LineChart({ series, decimals }: { series: ChartSeries; decimals: number }) {
  const { box, width } = useWidth();
  const [hovered, setHovered] = useState<number | null>(null);
  const values = series.points.map((point) => point.value);
  const ticks = axisTicks(Math.min(...values), Math.max(...values));
  const days = series.points.map((point) => dayOf(point.date));
  const plotWidth = Math.max(0, width - PADDING.left - PADDING.right);
  const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
  // One date (or several on one day) is drawn in the middle; equal figures on a flat line there.
  const x = linearScale(
    Math.min(...days),
    Math.max(...days),
    PADDING.left,
    PADDING.left + plotWidth,
  );
  const y = linearScale(ticks[0]!, ticks[ticks.length - 1]!, PADDING.top + plotHeight, PADDING.top);
  const firstDay = days[0]!;
  const lastDay = days[days.length - 1]!;
  const path = series.points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(days[index]!)},${y(point.value)}`)
    .join(' ');
  const shown = hovered === null ? null : series.points[hovered];

  return (
    <figure className="grid gap-1">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{series.label}</span>
        <span className="text-xs text-muted-foreground">
          {series.unit}
          {series.isConsumption ? ' · lower is better' : ' · higher is better'}
        </span>
      </figcaption>
      <div
        ref={box}
        className="relative w-full"
        style={{ height: HEIGHT }}
        role="img"
        aria-label={describe(series, decimals)}
      >
        {width > 0 && (
          <svg width={width} height={HEIGHT} className="block overflow-visible" aria-hidden>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PADDING.left}
                  x2={width - PADDING.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="var(--color-border)"
                  strokeDasharray="3 3"
                />
                <text x={PADDING.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" {...AXIS_TEXT}>
                  {formatFigure(tick, decimals)}
                </text>
              </g>
            ))}
            <text x={PADDING.left} y={HEIGHT - 6} textAnchor="start" {...AXIS_TEXT}>
              {formatMonthDay(series.points[0]!.date)}
            </text>
            {lastDay !== firstDay && (
              <text x={width - PADDING.right} y={HEIGHT - 6} textAnchor="end" {...AXIS_TEXT}>
                {formatMonthDay(series.points[series.points.length - 1]!.date)}
              </text>
            )}
            <path
              d={path}
              fill="none"
              stroke="var(--color-primary)"
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {series.points.map((point, index) => (
              <circle
                key={point.entryId}
                cx={x(days[index]!)}
                cy={y(point.value)}
                r={hovered === index ? 5 : 3.5}
                fill="var(--color-card)"
                stroke="var(--color-primary)"
                strokeWidth={2}
                onPointerEnter={() => setHovered(index)}
                onPointerLeave={() => setHovered(null)}
              />
            ))}
          </svg>
        )}
        {shown && hovered !== null && (
          <div
            className="pointer-events-none absolute z-10 rounded-lg border bg-card px-3 py-1.5 text-xs shadow-card"
            style={{
              left: x(days[hovered]!),
              top: y(shown.value),
              transform: `translate(${x(days[hovered]!) > width / 2 ? 'calc(-100% - 10px)' : '10px'}, -50%)`,
            }}
          >
            <p className="font-medium">{formatMonthDay(shown.date)}</p>
            <p className="tabular-nums">
              {formatFigure(shown.value, decimals)} {series.unit}
            </p>
          </div>
        )}
      </div>
    </figure>
  );
}

function ChartCard({
  title,
  description,
  series,
  decimals,
  empty,
  testId,
}: {
  title: string;
  description: string;
  series: ChartSeries[];
  decimals: number;
  empty: string;
  testId: string;
}) {
  return (
    <Card className="min-w-0 gap-4" data-testid={testId}>
      <CardHeader>
        <CardTitle>
          <h3>{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {series.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          series.map((one) => <LineChart key={one.energy} series={one} decimals={decimals} />)
        )}
      </CardContent>
    </Card>
  );
}

export function EnergyCharts({ economy, currency }: { economy: Economy; currency: string }) {
  return (
    <div className="grid gap-4 @2xl:grid-cols-2">
      <ChartCard
        title="Economy over time"
        description="Each full-to-full span, at the fill-up that closes it."
        series={economySeries(economy)}
        decimals={1}
        empty="Economy shows from the second full fill-up with an odometer."
        testId="economy-chart"
      />
      <ChartCard
        title="Price per unit over time"
        description="What each span’s fuel or energy cost per unit."
        series={priceSeries(economy, currencySymbol(currency))}
        decimals={3}
        empty="Prices show from the first fill-up."
        testId="price-chart"
      />
    </div>
  );
}
