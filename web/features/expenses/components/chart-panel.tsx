/**
 * A card holding one chart and the same numbers as a table (001 §2 charts, made readable for
 * everyone): "Show as table" swaps the drawing for the table. The drawing carries an accessible
 * name that says what it shows; the table is the complete, exact version.
 */
import { EXPENSES_TEXTS } from '@contract/expenses';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { ChartNoAxesColumn, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

export function ChartPanel({
  title,
  description,
  chartLabel,
  chart,
  table,
  after,
  testId,
}: {
  title: string;
  description?: string;
  /** What the drawing shows, read to screen-reader users instead of the shapes. */
  chartLabel: string;
  chart: ReactNode;
  table: ReactNode;
  /** Shown under the chart or table either way (a legend, a list). */
  after?: ReactNode;
  testId?: string;
}) {
  const [isTable, setIsTable] = useState(false);
  const titleId = useId();
  return (
    <Card className="min-w-0 gap-4" data-testid={testId} aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        <CardAction>
          <Button variant="ghost" size="sm" onClick={() => setIsTable((shown) => !shown)}>
            {isTable ? <ChartNoAxesColumn aria-hidden /> : <Table2 aria-hidden />}
            {isTable ? EXPENSES_TEXTS.showChart : EXPENSES_TEXTS.showTable}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {isTable ? (
          table
        ) : (
          <div role="img" aria-label={chartLabel} className="min-w-0">
            {chart}
          </div>
        )}
        {after}
      </CardContent>
    </Card>
  );
}

/** The tables of the chart panels and the summary: one look, figures aligned right. */
export function FiguresTable({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: string[];
  rows: Array<{ key: string | number; cells: ReactNode[] }>;
  foot?: ReactNode[];
}) {
  return (
    // A scrollable region must be reachable by keyboard (its own tab stop) on narrow screens.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones
    <section className="overflow-x-auto" tabIndex={0} aria-label={caption}>
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            {head.map((label, index) => (
              <th
                key={label}
                scope="col"
                className={`whitespace-nowrap px-2 py-2 font-medium ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-border last:border-0">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={head[index]}
                    scope="row"
                    className="whitespace-nowrap px-2 py-2 text-left font-medium"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={head[index]} className="whitespace-nowrap px-2 py-2 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              {foot.map((cell, index) =>
                index === 0 ? (
                  <th key={head[index]} scope="row" className="px-2 py-2 text-left">
                    {cell}
                  </th>
                ) : (
                  <td key={head[index]} className="whitespace-nowrap px-2 py-2 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}

/** A coloured square beside a label, the key of every chart. */
export function Swatch({ className }: { className: string }) {
  return <span aria-hidden className={`inline-block size-3 shrink-0 rounded-sm ${className}`} />;
}
