/**
 * The file-reader pool as the import and restore services call it (decision 061): a task is
 * handed to a worker process with the time and heap limits of READ_BUDGETS, and whatever the
 * worker answers becomes the answer a user can act on. A file that runs out of time or memory,
 * or that ends its worker, is too large or too complex: 422. A server reading too many files at
 * once says so: 503.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IMPORT_MESSAGES, type ImportFormat } from '@contract/imports';
import { AppError } from '../../app-error';
import { createWorkerPool, WorkerJobError, WorkerJobFailed } from '../../workers/worker-pool';
import type { FileReaderTask } from './file-reader.worker';
import type { ReadBackup, ReadImport } from './file-reading';
import { READ_BUDGETS } from './read-budgets';

/**
 * Built, this module is a chunk beside `file-reader.worker.js`; from source, beside the .ts, run
 * under tsx. FILE_READER_WORKER names a bundle of the worker made for the test run
 * (server/test/global-setup.ts), which starts in a fraction of tsx's time.
 */
const isBuilt = fileURLToPath(import.meta.url).endsWith('.js');
const WORKER_FILE = process.env.FILE_READER_WORKER
  ? pathToFileURL(process.env.FILE_READER_WORKER)
  : new URL(isBuilt ? './file-reader.worker.js' : './file-reader.worker.ts', import.meta.url);
const isTypeScript = WORKER_FILE.pathname.endsWith('.ts');

export function createFileReaders(limits: { timeMs: number; heapMb: number } = READ_BUDGETS) {
  const pool = createWorkerPool({
    file: WORKER_FILE,
    execArgv: isTypeScript ? ['--import', 'tsx'] : [],
    timeoutMs: limits.timeMs,
    heapMb: limits.heapMb,
  });

  async function run<Result>(task: FileReaderTask): Promise<Result> {
    try {
      return await pool.run<Result>(task);
    } catch (error) {
      if (error instanceof WorkerJobFailed) {
        if (error.failure === 'busy') throw new AppError(503, IMPORT_MESSAGES.busy);
        throw new AppError(422, IMPORT_MESSAGES.tooComplex());
      }
      if (error instanceof WorkerJobError && error.statusCode !== undefined) {
        throw new AppError(error.statusCode, error.message);
      }
      throw error;
    }
  }

  return {
    /** An import's files read by the app that wrote them (or by `format`, when asked). */
    readImport(
      files: readonly { name: string; bytes: Buffer }[],
      format: ImportFormat | null,
    ): Promise<ReadImport> {
      return run({
        kind: 'import',
        files: files.map((file) => ({ name: file.name, bytes: file.bytes })),
        format,
      });
    },

    /** A backup zip on disk: its checked manifest and document. */
    readBackup(path: string): Promise<ReadBackup> {
      return run({ kind: 'backup', path });
    },

    /** A worker ready before the first upload: what a server in production does at start. */
    startSpare: () => pool.startSpare(),

    close: () => pool.close(),
  };
}

export type FileReaders = ReturnType<typeof createFileReaders>;
