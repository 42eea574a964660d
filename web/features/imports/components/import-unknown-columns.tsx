/**
 * The header cells a reader took nothing from, per file, with the spellings it knows: a column
 * spelled otherwise than expected (`partial_fuel_up`) would otherwise vanish, and with it every
 * partial fill-up of the file.
 */
import { type ImportPreview, IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { ChevronRight, Columns3 } from 'lucide-react';

export function ImportUnknownColumns({ preview }: { preview: ImportPreview }) {
  const count = preview.unknownColumns.reduce((sum, file) => sum + file.columns.length, 0);
  if (count === 0) return null;
  const isOneFile = new Set(preview.unknownColumns.map((entry) => entry.file)).size === 1;
  return (
    <div
      data-testid="import-unknown-columns"
      className="grid gap-2 rounded-lg border border-border p-4 text-sm"
    >
      <p className="flex gap-2 font-medium">
        <Columns3 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {TEXTS.unknownColumnsTitle(count)}
      </p>
      <p className="text-muted-foreground">{TEXTS.unknownColumnsNote}</p>
      <ul className="grid gap-3">
        {preview.unknownColumns.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one entry per header of a file, in order
          <li key={index} className="grid gap-1">
            {!isOneFile && <span className="font-medium">{entry.file}</span>}
            <p className="break-words">
              {TEXTS.notImported}{' '}
              {entry.columns.map((column, at) => (
                <span key={column}>
                  {at > 0 && ', '}
                  <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{column}</code>
                </span>
              ))}
            </p>
            <details className="group">
              <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
                  aria-hidden="true"
                />
                {TEXTS.knownSpellings}
              </summary>
              <p className="mt-1 break-words text-muted-foreground">
                {entry.understood.join(', ')}
              </p>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
