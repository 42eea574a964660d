/**
 * Imports and restores (decision 055): the apps whose files Garage Ledger reads, the choices a
 * preview offers (decimal separator, date order, units, where each vehicle goes), what is counted,
 * the limits, and the texts the calls answer. The schemas are in `schemas/imports.ts`.
 */
import type { z } from 'zod';
import type {
  importChoicesSchema,
  importListSchema,
  importPreviewSchema,
  importResultSchema,
} from './schemas/imports';

/** The sources a file can come from; a reader per format on the server. */
export const IMPORT_FORMATS = [
  'garage-ledger',
  'lubelogger',
  'fuelly',
  'acar',
  'drivvo',
  'fuelio',
  'simply-auto',
  'spritmonitor',
  'hammond',
  'tracktor',
  'mygarage',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  'garage-ledger': 'Garage Ledger',
  lubelogger: 'LubeLogger',
  fuelly: 'Fuelly',
  acar: 'Fuelly / aCar app',
  drivvo: 'Drivvo',
  fuelio: 'Fuelio',
  'simply-auto': 'Simply Auto',
  spritmonitor: 'Spritmonitor',
  hammond: 'Hammond',
  tracktor: 'Tracktor',
  mygarage: 'MyGarage',
};

/** An import of another app's files (or of our own export), or the restore of a backup. */
export const IMPORT_KINDS = ['import', 'restore'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A preview waits to be applied; applied, it can be undone once. */
export const IMPORT_STATUSES = ['preview', 'applied', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a preview counts and an apply answers: the six kinds, then what restores add. */
export const IMPORT_COUNT_KINDS = [
  'vehicles',
  'energy',
  'maintenance',
  'repairs',
  'modifications',
  'odometer',
  'schedules',
  'documents',
  'photos',
  'files',
] as const;
export type ImportCountKind = (typeof IMPORT_COUNT_KINDS)[number];
export type ImportCounts = Record<ImportCountKind, number>;

export const IMPORT_COUNT_LABELS: Record<ImportCountKind, string> = {
  vehicles: 'Vehicles',
  energy: 'Fill-ups and charges',
  maintenance: 'Maintenance records',
  repairs: 'Repairs',
  modifications: 'Modifications',
  odometer: 'Odometer readings',
  schedules: 'Service schedules',
  documents: 'Documents',
  photos: 'Photos',
  files: 'Stored files',
};

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  '.': 'Decimal point (1,234.5)',
  ',': 'Decimal comma (1.234,5)',
};

/** The order of a date's day, month and year: how "03/04/2024" is read. */
export const DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  YMD: 'Year first (2024-12-31)',
  DMY: 'Day first (31/12/2024)',
  MDY: 'Month first (12/31/2024)',
};

/** Decision 055: what one upload may weigh; a backup may weigh up to the storage quota. */
export const IMPORT_LIMITS = {
  /** The import's files together (CSV, JSON, or a zip of them). */
  maxImportBytes: 20 * 1024 * 1024,
  /** How many rows a preview lists of its problems and of its duplicates. */
  maxListedRows: 200,
  /** A preview not applied within this many hours is forgotten. */
  previewHours: 6,
} as const;

export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import.',
  unknownFormat:
    'This file is not one Garage Ledger can read. Imports accept exports of Garage Ledger, LubeLogger, Fuelly, aCar, Drivvo, Fuelio, Simply Auto, Spritmonitor, Hammond, Tracktor and MyGarage.',
  notThatFormat: (label: string) => `This file is not a ${label} export.`,
  nothingToImport: 'This file holds nothing to import.',
  tooLarge: (megabytes: number) =>
    `This import is larger than ${megabytes} MB. Export a shorter period, or one vehicle at a time.`,
  damaged: 'This file is damaged or incomplete. Download it again and retry.',
  notBackup: 'This file is not a Garage Ledger backup.',
  newerBackup: 'This backup comes from a newer version of Garage Ledger. Update this server first.',
  backupTooLarge: 'This backup is larger than the storage your plan includes.',
  expired: 'This preview has expired. Upload the file again.',
  alreadyApplied: 'This import has already been applied.',
  notApplied: 'Only an applied import can be undone.',
  undone: 'This import has already been undone.',
  chooseFirst: (what: string) => `Choose ${what} before importing.`,
  unknownVehicleKey: 'That vehicle is not in this import.',
  applied: 'Import complete',
  restored: 'Restore complete',
  undoneTitle: 'Import undone',
} as const;

export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportChoices = z.infer<typeof importChoicesSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportList = z.infer<typeof importListSchema>;
