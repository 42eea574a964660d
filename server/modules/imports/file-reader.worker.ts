/**
 * The file-reader pool's worker process (decision 061): one task, the reading of an import's
 * upload or of a backup's document, answered and then the process is ended. Built as its own entry beside the
 * server's (`file-reader.worker.js`); from source it runs under tsx.
 */
import type { ImportFormat } from '@contract/imports';
import { serveTasks } from '../../workers/serve-tasks';
import { readBackupDocument, readImportUpload } from './file-reading';
import { IMPORT_SOURCES } from './sources';

export type FileReaderTask =
  | {
      kind: 'import';
      files: { name: string; bytes: Uint8Array }[];
      format: ImportFormat | null;
    }
  | { kind: 'backup'; path: string };

serveTasks<FileReaderTask>({
  import: (task) => readImportUpload(task.files, task.format, IMPORT_SOURCES),
  backup: (task) => readBackupDocument(task.path),
});
