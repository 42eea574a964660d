/**
 * A zip read entry by entry (decision 055), from disk (a backup) or from memory (an import's
 * upload): its central directory first, then only the entries asked for, one at a time, so that
 * a restore of hundreds of megabytes holds one file in memory at once. yauzl checks each entry's
 * declared size against what it inflates to.
 */
import { IMPORT_MESSAGES } from '@contract/imports';
import yauzl from 'yauzl';
import { badRequest } from '../../app-error';
import { READ_BUDGETS, ReadBudgetExceeded } from './read-budgets';

export type ZipReader = {
  /** Every file entry (folders left out), with the size it declares once inflated. */
  entries: { name: string; size: number }[];
  /** The entry's bytes; null when the zip has no such entry. Past `maxBytes`, 400 damaged. */
  read: (name: string, maxBytes: number) => Promise<Buffer | null>;
  close: () => void;
};

const damaged = () => badRequest(IMPORT_MESSAGES.damaged);

/**
 * The zip's central directory, read entry by entry: one with more entries than any export has
 * (`READ_BUDGETS.archiveEntries`) is refused before the rest of its directory is read.
 */
export function openZip(source: string | Buffer): Promise<ZipReader> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false };
    const opened = (error: Error | null, zip: yauzl.ZipFile | undefined) => {
      if (error || !zip) return reject(damaged());
      const entries = new Map<string, yauzl.Entry>();
      zip.on('error', () => reject(damaged()));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        if (entries.size > READ_BUDGETS.archiveEntries) {
          zip.close();
          return reject(
            new ReadBudgetExceeded(`it holds more than ${READ_BUDGETS.archiveEntries} files`),
          );
        }
        zip.readEntry();
      });
      zip.on('end', () =>
        resolve({
          entries: [...entries.values()]
            .filter((entry) => !entry.fileName.endsWith('/'))
            .map((entry) => ({ name: entry.fileName, size: entry.uncompressedSize })),
          read: (name, maxBytes) => {
            const entry = entries.get(name);
            if (!entry) return Promise.resolve(null);
            if (entry.uncompressedSize > maxBytes) return Promise.reject(damaged());
            return new Promise((resolveEntry, rejectEntry) => {
              zip.openReadStream(entry, (streamError, stream) => {
                if (streamError || !stream) return rejectEntry(damaged());
                const chunks: Buffer[] = [];
                stream.on('data', (chunk: Buffer) => chunks.push(chunk));
                stream.on('error', () => rejectEntry(damaged()));
                stream.on('end', () => resolveEntry(Buffer.concat(chunks)));
              });
            });
          },
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    };
    if (typeof source === 'string') yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}
