/**
 * What is read of an uploaded file, as pure functions of its bytes (decision 061): they run in a
 * worker process of the file-reader pool (file-reader.worker.ts), never on the event loop, within
 * the budgets of read-budgets.ts. An import's upload becomes the reading of the app that wrote it;
 * a backup zip becomes its checked manifest and document.
 */
import {
  BACKUP_ENTRIES,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  type ExportDocument,
} from '@contract/backup';
import { IMPORT_FORMAT_LABELS, IMPORT_MESSAGES, type ImportFormat } from '@contract/imports';
import { backupManifestSchema, exportDocumentSchema } from '@contract/schemas/backup';
import { AppError, badRequest } from '../../app-error';
import { expandUpload } from './containers';
import { READ_BUDGETS, ReadBudgetExceeded } from './read-budgets';
import type { ImportFile, ImportSource, SourceReading } from './sources/source';
import { openZip } from './zip-reader';

/** An import's upload as read: the app that wrote it, why we think so, and its rows. */
export type ReadImport = { format: ImportFormat; evidence: string; reading: SourceReading };

/** The reader for these files: the one asked for, or the first that knows them. */
function chooseSource(
  files: ImportFile[],
  asked: ImportFormat | null,
  sources: readonly ImportSource[],
) {
  if (asked) {
    const source = sources.find((candidate) => candidate.format === asked);
    const detection = source?.detect(files);
    if (!source || !detection) {
      throw badRequest(IMPORT_MESSAGES.notThatFormat(IMPORT_FORMAT_LABELS[asked]));
    }
    return { source, evidence: detection.evidence };
  }
  for (const source of sources) {
    const detection = source.detect(files);
    if (detection) return { source, evidence: detection.evidence };
  }
  throw badRequest(IMPORT_MESSAGES.unknownFormat);
}

/** A reader's own error is the file's: 400 with its words. A budget keeps its 422. */
function asFileError(error: unknown): Error {
  if (error instanceof AppError || error instanceof ReadBudgetExceeded) return error;
  return badRequest(error instanceof Error ? error.message : IMPORT_MESSAGES.damaged);
}

/** `POST /api/imports`' files, expanded, recognised and read. */
export async function readImportUpload(
  uploaded: readonly { name: string; bytes: Uint8Array }[],
  asked: ImportFormat | null,
  sources: readonly ImportSource[],
): Promise<ReadImport> {
  const files = await expandUpload(
    uploaded.map((file) => ({
      name: file.name,
      bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
    })),
  );
  const { source, evidence } = chooseSource(files, asked, sources);
  let reading: SourceReading;
  try {
    reading = source.read(files);
  } catch (error) {
    throw asFileError(error);
  }
  // A reader that is not CSV (JSON, a database) counts here what it hands back.
  if (reading.rows.length + reading.problems.length > READ_BUDGETS.rows) {
    throw new ReadBudgetExceeded(
      `it has more than ${READ_BUDGETS.rows.toLocaleString('en-US')} rows`,
    );
  }
  if (reading.rows.length === 0 && reading.problems.length === 0) {
    throw badRequest(IMPORT_MESSAGES.nothingToImport);
  }
  return { format: source.format, evidence, reading };
}

/** The JSON of an entry; text that is not JSON (or nested past the stack) is a damaged backup. */
function jsonOf(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest(IMPORT_MESSAGES.damaged);
  }
}

/** A manifest is a few hundred bytes; past this the zip is not one of ours. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

export type ReadBackup = { manifest: BackupManifest; document: ExportDocument };

/** A backup zip on disk: its manifest and document, checked by the contract's schemas. */
export async function readBackupDocument(zipPath: string): Promise<ReadBackup> {
  const zip = await openZip(zipPath).catch((error: unknown) => {
    if (error instanceof ReadBudgetExceeded) throw error;
    throw badRequest(IMPORT_MESSAGES.notBackup);
  });
  try {
    const manifestText = await zip.read(BACKUP_ENTRIES.manifest, MANIFEST_MAX_BYTES);
    if (manifestText === null) throw badRequest(IMPORT_MESSAGES.notBackup);
    const manifestJson = jsonOf(manifestText);
    const raw = manifestJson as { format?: unknown; version?: unknown };
    if (raw?.format !== BACKUP_FORMAT) throw badRequest(IMPORT_MESSAGES.notBackup);
    if (typeof raw.version === 'number' && raw.version > BACKUP_VERSION) {
      throw badRequest(IMPORT_MESSAGES.newerBackup);
    }
    const manifest = backupManifestSchema.safeParse(manifestJson);
    if (!manifest.success) throw badRequest(IMPORT_MESSAGES.damaged);
    const entry = zip.entries.find((candidate) => candidate.name === BACKUP_ENTRIES.data);
    if (!entry) throw badRequest(IMPORT_MESSAGES.damaged);
    if (entry.size > READ_BUDGETS.backupDocumentBytes) {
      throw new ReadBudgetExceeded(
        `its document is larger than ${READ_BUDGETS.backupDocumentBytes / 1024 ** 2} MB`,
      );
    }
    // yauzl refuses an entry that inflates past the size it declares.
    const documentBytes = await zip.read(BACKUP_ENTRIES.data, entry.size);
    if (documentBytes === null) throw badRequest(IMPORT_MESSAGES.damaged);
    const document = exportDocumentSchema.safeParse(jsonOf(documentBytes));
    if (!document.success) throw badRequest(IMPORT_MESSAGES.damaged);
    return { manifest: manifest.data, document: document.data };
  } finally {
    zip.close();
  }
}
