/**
 * The account backup and the vehicle passport (docs/data-formats.md): one zip each, written
 * while it is sent. `manifest.json` says what the zip is and how much it holds, `data.json` is the
 * export document (the same as `GET /api/user/export`, or one vehicle's for a passport), and
 * `files/<id>` holds each stored file's original bytes (no photo copies: a restore makes them).
 * Every entry is stored uncompressed, so the zip's length is known before its first byte
 * (`Content-Length`, for a download's progress): photos and PDFs do not compress anyway. The
 * files' bytes are read in slices as they are taken, like a download (decision 045), so memory
 * stays flat whatever the zip's size. The module reads nothing of its own: the document comes
 * from the export's reads (`readUserData`) and the bytes from the stored files' slices.
 */
import type { PassThrough, Readable } from 'node:stream';
import {
  BACKUP_ENTRIES,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  type BackupScope,
  backupFileName,
  backupFilePath,
  type ExportDocument,
  passportFileName,
  SPREADSHEETS,
  type SpreadsheetKind,
} from '@contract/backup';
import { ENERGY_KINDS, type Energy } from '@contract/energy';
import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { backupManifestSchema, exportDocumentSchema } from '@contract/schemas/backup';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import yazl from 'yazl';
import { notFound } from '../../app-error';
import { toCsv } from '../../csv';
import type { Db } from '../../db/open';
import { todayOf } from '../../today';
import { requireVehicleToRead } from '../access/access.service';
import type { ExportScope } from '../accounts/accounts.repository';
import type { UploadsService } from '../uploads/uploads.service';

/** A zip ready to be sent: its name, its length in bytes, and its bytes as they are written. */
export type BackupZip = { fileName: string; size: number; stream: Readable };

/** Who downloads: a file is named for the day it was made in their time zone (decision 066). */
type FileNamer = { id: number; timeZone: string };

const dayOfExport = (user: FileNamer, document: ExportDocument) =>
  todayOf(user, new Date(document.exportedAt));

/** The manifest's figures, from the document the zip carries. */
function manifestOf(scope: BackupScope, document: ExportDocument): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    scope,
    createdAt: document.exportedAt,
    exportVersion: document.version,
    counts: {
      vehicles: document.vehicles.length,
      energy: document.energyEntries.length,
      maintenance: document.maintenance.length,
      repairs: document.repairs.length,
      modifications: document.modifications.length,
      odometer: document.odometerReadings.length,
      schedules: document.serviceSchedules.length,
      documents: document.documents.length,
      files: document.files.length,
    },
    files: {
      count: document.files.length,
      bytes: document.files.reduce((sum, file) => sum + file.size, 0),
    },
  };
}

/** JSON as people open it: indented by two spaces, ending with a line break. */
const jsonEntry = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export function createBackupsService({
  db,
  exportData,
  uploads,
}: {
  db: Db;
  /** The export document of the user, or of one of their vehicles (accounts.service). */
  exportData: (userId: number, scope?: ExportScope) => Promise<ExportDocument>;
  uploads: Pick<UploadsService, 'streamStoredFile'>;
}) {
  /**
   * The zip of `document`, its files streamed from the user's stored files as the zip is read. A
   * file gone meanwhile (or any failure) cuts the zip short, which the client sees as a failed
   * download: the length it was promised never arrives. A client that hangs up stops the reads.
   */
  async function writeZip(
    userId: number,
    scope: BackupScope,
    document: ExportDocument,
    fileName: string,
  ): Promise<BackupZip> {
    // What the reader will validate `data.json` with is what is written: the schema is the
    // presenter, and a row it does not describe fails here rather than in someone's restore.
    const data = exportDocumentSchema.parse(document);
    const manifest = backupManifestSchema.parse(manifestOf(scope, data));
    const entryOptions = { compress: false, mtime: new Date(data.exportedAt) };
    const zip = new yazl.ZipFile();
    // A PassThrough, whatever its declared type says.
    const output = zip.outputStream as PassThrough;
    let reading: Readable | undefined;
    const fail = (error: Error) => {
      if (!output.destroyed) output.destroy(error);
    };
    zip.on('error', fail);
    output.once('close', () => reading?.destroy());

    zip.addBuffer(jsonEntry(manifest), BACKUP_ENTRIES.manifest, entryOptions);
    zip.addBuffer(jsonEntry(data), BACKUP_ENTRIES.data, entryOptions);
    for (const file of data.files) {
      // Opened only when the zip reaches it: one file is read at a time.
      zip.addReadStreamLazy(
        backupFilePath(file.id),
        { ...entryOptions, size: file.size },
        (open) => {
          reading = uploads.streamStoredFile(userId, file.id, file.size);
          reading.once('error', fail);
          open(null, reading);
        },
      );
    }
    // The types leave the callback's argument out: yazl passes the total it calculated, known at
    // once since every entry's length is.
    const size = await new Promise<number>((resolve) => zip.end(undefined, resolve as () => void));
    return { fileName, size, stream: output };
  }

  /**
   * Decision 055: one kind of the account's rows as a spreadsheet, oldest first (undated records
   * last), each line naming its vehicle, units and currency.
   */
  async function spreadsheet(userId: number, kind: SpreadsheetKind): Promise<string> {
    const document = await exportData(userId);
    const vehicles = new Map(document.vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const nameOf = (vehicleId: number) => {
      const vehicle = vehicles.get(vehicleId);
      return vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : null;
    };
    const unitOf = (vehicleId: number) => vehicles.get(vehicleId)?.odometerUnit ?? null;
    const { currency } = document.preferences;
    const number = (value: number | null) => ({ amount: value === null ? null : String(value) });
    const yesNo = (value: boolean) => ({ text: value ? 'yes' : 'no' });
    const byDate = <Row extends { date: string | null; addedAt: string }>(a: Row, b: Row) =>
      (a.date ?? '9999') === (b.date ?? '9999')
        ? a.addedAt.localeCompare(b.addedAt)
        : (a.date ?? '9999').localeCompare(b.date ?? '9999');
    if (kind === 'energy') {
      return toCsv(
        SPREADSHEETS.energy.header,
        [...document.energyEntries]
          .sort(byDate)
          .map((entry) => [
            { text: nameOf(entry.vehicleId) },
            { text: entry.date },
            number(entry.odometer),
            { text: unitOf(entry.vehicleId) },
            { text: ENERGY_KINDS[entry.energy as Energy]?.label ?? entry.energy },
            number(entry.quantity),
            { text: entry.unit },
            number(entry.unitPrice),
            number(entry.totalCost),
            { text: currency },
            yesNo(entry.isFull),
            yesNo(entry.missedPrevious),
            { text: entry.place },
            { text: entry.notes },
            { text: entry.chargerKind },
            number(entry.socStart),
            number(entry.socEnd),
          ]),
      );
    }
    const records = RECORD_TYPES.flatMap((type) =>
      document[RECORD_KINDS[type].collection].map((record) => ({ type, record })),
    ).sort((a, b) => byDate(a.record, b.record));
    return toCsv(
      SPREADSHEETS.records.header,
      records.map(({ type, record }) => [
        { text: nameOf(record.vehicleId) },
        { text: RECORD_KINDS[type].label },
        { text: record.date },
        { text: record.title },
        { text: record.category },
        { text: record.description },
        number(record.cost),
        { text: record.cost === null ? null : currency },
        number(record.odometer),
        { text: record.odometer === null ? null : unitOf(record.vehicleId) },
        { text: record.location },
        { text: record.technician },
        { text: record.notes },
        yesNo(record.isCompleted),
        { text: 'dueDate' in record ? (record.dueDate as string | null) : null },
        number('dueMileage' in record ? (record.dueMileage as number | null) : null),
      ]),
    );
  }

  return {
    spreadsheet,
    /** `GET /api/user/backup`: everything of the account, with every stored file. */
    async openAccountBackup(user: FileNamer): Promise<BackupZip> {
      const document = await exportData(user.id);
      return writeZip(user.id, 'account', document, backupFileName(dayOfExport(user, document)));
    },

    /**
     * `GET /api/vehicles/{id}/passport`: one vehicle's history for its next owner, with the files
     * its rows point at; another user's vehicle, or a missing one, is 404 (D9).
     */
    async openVehiclePassport(user: FileNamer, vehicleId: number): Promise<BackupZip> {
      const userId = user.id;
      await requireVehicleToRead(db, userId, vehicleId);
      const document = await exportData(userId, { vehicleId });
      const [vehicle] = document.vehicles;
      // Deleted between the check and the read.
      if (!vehicle) throw notFound(VEHICLE_MESSAGES.notFound);
      return writeZip(
        userId,
        'vehicle',
        document,
        passportFileName(vehicle, dayOfExport(user, document)),
      );
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
