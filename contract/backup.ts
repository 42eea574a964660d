/**
 * Taking the data away (docs/data-formats.md): the account backup and the vehicle passport, two
 * zips of the same layout (`manifest.json`, `data.json` holding the export document, and
 * `files/<id>` holding each stored file's original bytes), their names, and the texts of the
 * screens that download them. The schemas of the document and of the manifest are in
 * `schemas/backup.ts`.
 */
import type { z } from 'zod';
import type { BACKUP_SCOPES } from './rules/backup';
import type { backupManifestSchema, exportDocumentSchema } from './schemas/backup';

export { BACKUP_FORMAT, BACKUP_VERSION } from './rules/backup';

export type BackupScope = (typeof BACKUP_SCOPES)[number];

/** The zip's two JSON entries; every stored file follows as `backupFilePath(id)`. */
export const BACKUP_ENTRIES = { manifest: 'manifest.json', data: 'data.json' } as const;

/** Where a stored file's original bytes are in a backup or passport zip. */
export function backupFilePath(fileId: string): string {
  return `files/${fileId}`;
}

const BACKUP_FILE_PREFIX = 'garage-ledger-backup';
const PASSPORT_FILE_PREFIX = 'garage-ledger-passport';
/** Enough of a make or model to recognise it in a file name. */
const NAME_PART_MAX = 40;

/**
 * A make or model as a file name can carry it anywhere: ASCII letters and digits in lower case,
 * accents dropped ('Škoda' → 'skoda'), every other run of characters one dash.
 */
function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, NAME_PART_MAX)
    .replace(/^-+|-+$/g, '');
}

/** `garage-ledger-backup-YYYY-MM-DD.zip` for the day it was made. */
export function backupFileName(day: string): string {
  return `${BACKUP_FILE_PREFIX}-${day}.zip`;
}

/** `garage-ledger-passport-<year>-<make>-<model>-YYYY-MM-DD.zip`, safe in any file system. */
export function passportFileName(
  vehicle: { year: number; make: string; model: string },
  day: string,
): string {
  const name = [String(vehicle.year), fileNamePart(vehicle.make), fileNamePart(vehicle.model)]
    .filter((part) => part !== '')
    .join('-');
  return `${PASSPORT_FILE_PREFIX}-${name}-${day}.zip`;
}

/** The export document (version 3), as `GET /api/user/export` answers and `data.json` holds it. */
export type ExportDocument = z.output<typeof exportDocumentSchema>;
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** What Account Settings › Data and the vehicle page say about the two zips. */
export const BACKUP_TEXTS = {
  backupButton: 'Download backup',
  backupExplanation:
    'Everything in your account, with every photo and document, in one zip you can restore later.',
  backupProgressLabel: 'Download of the backup',
  backupSaved: 'Backup downloaded',
  backupSavedDescription: (fileName: string) => `Your backup was saved as ${fileName}.`,
  backupFailed: 'Backup failed',
  backupFailedDescription: 'The backup could not be downloaded. Please try again.',
  passportAction: 'Vehicle passport',
  passportTitle: 'Download vehicle passport',
  passportButton: 'Download vehicle passport',
  passportExplanation:
    'The passport carries this vehicle’s whole history for its next owner: its records, fuel and charging entries, odometer readings and service schedules, with every photo and document, in one zip.',
  passportPrivacy: 'Nothing else of your account is in it: no other vehicle, no e-mail address.',
  passportProgressLabel: 'Download of the vehicle passport',
  passportSaved: 'Passport downloaded',
  passportSavedDescription: (fileName: string) => `The vehicle passport was saved as ${fileName}.`,
  passportFailed: 'Passport failed',
  passportFailedDescription: 'The vehicle passport could not be downloaded. Please try again.',
  downloading: 'Downloading…',
  preparing: 'Preparing…',
  downloaded: (received: string, total: string) => `${received} of ${total}`,
} as const;

/**
 * Decision 055: the spreadsheets of the account, one per kind of row, for people who work in a
 * spreadsheet rather than restore: UTF-8, a header row, ISO dates, dot decimals, each text cell
 * guarded against being taken for a formula. Distances are in each vehicle's odometer unit and
 * amounts in the account's currency, both named on every line.
 */
export const SPREADSHEETS = {
  records: {
    path: '/api/user/export/records.csv',
    label: 'Records (CSV)',
    header: [
      'Vehicle',
      'Type',
      'Date',
      'Title',
      'Category',
      'Description',
      'Cost',
      'Currency',
      'Odometer',
      'Odometer unit',
      'Location',
      'Technician',
      'Notes',
      'Completed',
      'Due date',
      'Due mileage',
    ],
  },
  energy: {
    path: '/api/user/export/energy.csv',
    label: 'Fuel and charging (CSV)',
    header: [
      'Vehicle',
      'Date',
      'Odometer',
      'Odometer unit',
      'Energy',
      'Quantity',
      'Unit',
      'Price per unit',
      'Total cost',
      'Currency',
      'Full',
      'Missed previous',
      'Station or place',
      'Notes',
      'Charger',
      'Charge at start (%)',
      'Charge at end (%)',
    ],
  },
} as const;
export type SpreadsheetKind = keyof typeof SPREADSHEETS;

/** What Account Settings › Data says of the spreadsheets. */
export const SPREADSHEET_TEXTS = {
  title: 'Spreadsheets',
  description:
    'Your records, and your fill-ups and charges, as CSV files for a spreadsheet. Each line names its vehicle, units and currency.',
  failed: 'Download failed',
  failedDescription: 'The spreadsheet could not be downloaded. Please try again.',
} as const;

/** `garage-ledger-records-YYYY-MM-DD.csv`, `garage-ledger-energy-YYYY-MM-DD.csv`. */
export function spreadsheetFileName(kind: SpreadsheetKind, day: string): string {
  return `garage-ledger-${kind}-${day}.csv`;
}
