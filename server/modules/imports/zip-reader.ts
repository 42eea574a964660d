/**
 * A backup zip on disk, read entry by entry (decision 055): its central directory first, then
 * only the entries asked for, one at a time, so that a restore of hundreds of megabytes holds one
 * file in memory at once. yauzl checks each entry's declared size against what it inflates to.
 */
import { IMPORT_MESSAGES } from '@contract/imports';
import yauzl from 'yauzl';
import { badRequest } from '../../app-error';

export type ZipReader = {
  /** The entry's bytes; null when the zip has no such entry. Past `maxBytes`, 400 damaged. */
  read: (name: string, maxBytes: number) => Promise<Buffer | null>;
  close: () => void;
};

const damaged = () => badRequest(IMPORT_MESSAGES.damaged);

export function openZip(path: string): Promise<ZipReader> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return reject(damaged());
      const entries = new Map<string, yauzl.Entry>();
      zip.on('error', () => reject(damaged()));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () =>
        resolve({
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
    });
  });
}
