/**
 * A zip read back the way an unzip program reads it (yauzl, from its central directory): every
 * entry's name, bytes and how it was stored. For the tests of the backup and the passport, and
 * for the suites that compare what a user can read.
 */
import yauzl from 'yauzl';

export type ZipEntry = { name: string; bytes: Buffer; isCompressed: boolean };

/** The entries of the zip in `buffer`, in their order; rejects a zip that is not whole. */
export function readZip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              bytes: Buffer.concat(chunks),
              isCompressed: entry.compressionMethod !== 0,
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
