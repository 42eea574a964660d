/**
 * Counts of an import by kind, in the contract's order and words: as a list of figures (what a
 * preview adds, what an apply added) or as one line (Past imports). Kinds with nothing are left
 * out; every number is the server's.
 */
import {
  countPhrase,
  IMPORT_COUNT_KINDS,
  IMPORT_COUNT_LABELS,
  type ImportCounts,
} from '@contract/imports';
import { formatFigure } from '@web/lib/format-units';

const countedKinds = (counts: ImportCounts) =>
  IMPORT_COUNT_KINDS.filter((kind) => counts[kind] > 0);

/** "1 vehicle, 6 fill-ups and charges", or null when nothing is counted. */
export function countsLine(counts: ImportCounts): string | null {
  const phrases = countedKinds(counts).map((kind) =>
    countPhrase(kind, counts[kind], formatFigure(counts[kind], 0)),
  );
  return phrases.length > 0 ? phrases.join(', ') : null;
}

export function CountList({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-2 sm:grid-cols-2">
      {countedKinds(counts).map((kind) => (
        <div
          key={kind}
          data-testid={`count-${kind}`}
          className="flex items-baseline justify-between gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2"
        >
          <dt className="text-sm text-muted-foreground">{IMPORT_COUNT_LABELS[kind]}</dt>
          <dd className="text-base font-semibold tabular-nums">{formatFigure(counts[kind], 0)}</dd>
        </div>
      ))}
    </dl>
  );
}
