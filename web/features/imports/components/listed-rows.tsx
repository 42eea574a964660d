/**
 * Rows of the file left out of an import (unreadable, or already in the garage), folded under a
 * summary that counts them all: the server lists the first 200, and says how many there are.
 */
import { IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { formatFigure } from '@web/lib/format-units';
import { ChevronRight } from 'lucide-react';

type ListedRow = { file: string; line: number; reason: string };

export function ListedRows({
  summary,
  note,
  rows,
  total,
  testId,
}: {
  summary: string;
  note: string;
  rows: readonly ListedRow[];
  total: number;
  testId: string;
}) {
  return (
    <details data-testid={testId} className="group rounded-lg border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm font-medium outline-none select-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
          aria-hidden="true"
        />
        {summary}
      </summary>
      <div className="grid gap-3 border-t border-border px-4 py-3">
        <p className="text-sm text-muted-foreground">
          {note}
          {rows.length < total &&
            ` ${TEXTS.listedFirst(formatFigure(rows.length, 0), formatFigure(total, 0))}`}
        </p>
        <ul className="grid max-h-80 gap-2 overflow-y-auto text-sm">
          {rows.map((row, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, where two rows may read alike
              key={index}
              className="grid gap-0.5 sm:grid-cols-[minmax(0,14rem)_1fr] sm:gap-3"
            >
              <span className="truncate font-medium">{TEXTS.row(row.file, row.line)}</span>
              <span className="text-muted-foreground">{row.reason}</span>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
