/**
 * Imports and restores (decision 055): the apps whose files Garage Ledger reads, the choices a
 * preview offers (decimal separator, date order, units, where each vehicle goes), what is counted,
 * the limits, and the texts the calls answer. The schemas are in `schemas/imports.ts`.
 */
import type { z } from 'zod';
import {
  type DATE_ORDERS,
  type DECIMAL_SEPARATORS,
  IMPORT_COUNT_KINDS,
  type IMPORT_FORMATS,
  type IMPORT_KINDS,
  type IMPORT_STATUSES,
  type ImportCountKind,
} from './rules/imports';
import type { QuantityUnit } from './rules/units';
import type {
  importChoicesSchema,
  importListSchema,
  importPreviewSchema,
  importResultSchema,
} from './schemas/imports';

export {
  DATE_ORDERS,
  DECIMAL_SEPARATORS,
  IMPORT_COUNT_KINDS,
  IMPORT_FORMATS,
  IMPORT_RATE_MESSAGE,
  type ImportCountKind,
} from './rules/imports';

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

export type ImportKind = (typeof IMPORT_KINDS)[number];

export type ImportStatus = (typeof IMPORT_STATUSES)[number];

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

export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  '.': 'Decimal point (1,234.5)',
  ',': 'Decimal comma (1.234,5)',
};

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
  /** Rows one file may hold: decades of daily fill-ups, and a bound on what a preview keeps. */
  maxRows: 50_000,
  /** How many rows of each kind a preview shows per vehicle, as they will be stored. */
  sampleRows: 20,
  /** A preview not applied within this many hours is forgotten. */
  previewHours: 6,
} as const;

export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import.',
  unknownFormat: `This file is not one Garage Ledger can read. Imports accept exports of ${Object.values(
    IMPORT_FORMAT_LABELS,
  ).join(', ')}.`,
  notThatFormat: (label: string) => `This file is not a ${label} export.`,
  nothingToImport: 'This file holds nothing to import.',
  tooLarge: (megabytes: number) =>
    `This import is larger than ${megabytes} MB. Export a shorter period, or one vehicle at a time.`,
  damaged: 'This file is damaged or incomplete. Download it again and retry.',
  /** `detail` says which bound it passed, when one did ("it has more than 50,000 rows"). */
  tooComplex: (detail?: string) =>
    `This file is too large or too complex to read${detail ? `: ${detail}` : ''}. Export a shorter period, or one vehicle at a time.`,
  busy: 'Garage Ledger is reading many files right now. Try again in a minute.',
  notBackup: 'This file is not a Garage Ledger backup.',
  newerBackup: 'This backup comes from a newer version of Garage Ledger. Update this server first.',
  backupTooLarge: 'This backup is larger than the storage your plan includes.',
  expired: 'This preview has expired. Upload the file again.',
  discarded: 'This import was cancelled before it was applied. Upload the file again to import it.',
  alreadyApplied: 'This import has already been applied.',
  notApplied: 'Only an applied import can be undone.',
  undone: 'This import has already been undone.',
  chooseFirst: (what: string) => `Choose ${what} before importing.`,
  unknownVehicleKey: 'That vehicle is not in this import.',
  unknownCurrency: 'This import has no amounts in that currency.',
  chooseRateBeforeRestoring: 'Choose how to convert the amounts to your currency before restoring.',
  restoreTakesOnlyRates:
    'A backup states how it is read: only how to convert its amounts to your currency can be chosen.',
  tooLargeConverted: 'The amount is too large once converted to your currency',
  applied: 'Import complete',
  restored: 'Restore complete',
  undoneTitle: 'Import undone',
} as const;

/**
 * Decision 062: the settings a restore names in its preview, and why it leaves out a value or a
 * link. Each reason ends with what happens instead, so the list reads as a plan.
 */
export const RESTORE_TEXTS = {
  settings: {
    distanceUnit: 'Distance unit',
    volumeUnit: 'Volume unit',
    economyFormat: 'Fuel economy format',
    electricFormat: 'Electric economy format',
    currency: 'Currency',
    theme: 'Theme',
    dashboardLayout: 'Dashboard order',
    notifyDueSoon: 'Due-soon reminders',
    notifyOverdue: 'Overdue reminders',
    weeklyDigest: 'Weekly digest',
    dueSoonDays: 'Days of warning',
    dueSoonDistance: 'Distance of warning',
    timeZone: 'Time zone',
    emailEnabled: 'E-mail reminders',
    ntfyUrl: 'ntfy topic',
    webhookUrl: 'Webhook address',
  },
  preferencesPart: 'Preferences',
  appearancePart: 'Appearance',
  notificationsPart: 'Notification settings',
  unknownTimeZone: (zone: string) =>
    `The time zone ${zone} is not one Garage Ledger knows; yours is kept.`,
  refusedSetting: (label: string, value: string, reason: string) =>
    `${label} ${value} is refused (${reason}); yours is kept.`,
  refusedRow: (reason: string) => `${reason}; this row is left out, with what belongs to it.`,
  foreignLink: (link: string) =>
    `A link to ${link}, which is not a file of this backup, is left out.`,
  passportWithAccount: (day: string) =>
    `A vehicle passport made ${day}. It also holds an account's settings, which a passport never sets: they are left out.`,
  accountWithoutAccount: (day: string) =>
    `Its manifest calls it a backup of a whole account made ${day}, but it holds no account: it is restored as a vehicle passport, and none of your settings change.`,
} as const;

/** The units a file's quantities may be read in, named as a person reads them. */
export const IMPORT_VOLUME_UNIT_LABELS: Record<QuantityUnit, string> = {
  L: 'Liters',
  galUS: 'US gallons',
  galUK: 'Imperial gallons',
  kg: 'Kilograms',
  kWh: 'Kilowatt-hours',
};

/** How a count reads in a sentence: one of a kind, and several. */
const COUNT_NOUNS: Record<ImportCountKind, { one: string; other: string }> = {
  vehicles: { one: 'vehicle', other: 'vehicles' },
  energy: { one: 'fill-up or charge', other: 'fill-ups and charges' },
  maintenance: { one: 'maintenance record', other: 'maintenance records' },
  repairs: { one: 'repair', other: 'repairs' },
  modifications: { one: 'modification', other: 'modifications' },
  odometer: { one: 'odometer reading', other: 'odometer readings' },
  schedules: { one: 'service schedule', other: 'service schedules' },
  documents: { one: 'document', other: 'documents' },
  photos: { one: 'photo', other: 'photos' },
  files: { one: 'stored file', other: 'stored files' },
};

/** "1 repair", "6 fill-ups and charges" (`count` already written as a figure). */
export function countPhrase(kind: ImportCountKind, count: number, written = String(count)) {
  return `${written} ${count === 1 ? COUNT_NOUNS[kind].one : COUNT_NOUNS[kind].other}`;
}

/** The sum of every kind counted: what an undo removes, as one number. */
export function totalOf(counts: ImportCounts): number {
  return IMPORT_COUNT_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
}

/** The words of Account Settings › Data's imports and restore, and of an import's preview page. */
export const IMPORT_TEXTS = {
  restoreTitle: 'Restore a backup',
  restoreDescription:
    'Bring back everything a Garage Ledger backup holds: vehicles, records, fill-ups, photos and documents. You see what will be added before anything changes, and what your garage already has is left as it is.',
  chooseBackup: 'Choose backup file',
  backupLabel: 'Backup file (.zip)',
  uploadBackup: 'Upload backup',
  restoreAddsNothing:
    'Everything in this backup is already in your garage: there is nothing to restore.',
  existingTitle: 'Already in your garage',
  existingNote: 'These are left as they are, so nothing is added twice.',
  done: 'Done',
  notZip: 'Choose the .zip file that Download backup gave you.',
  restorePreviewTitle: 'This backup will add',
  restoreSettingsApplied: 'Settings it will set',
  restoreSettingsLeft: 'Settings left as you have them',
  restoreSettingsNone: 'None: your settings stay as they are.',
  restoreSettingsNote:
    'Where your reminders go (e-mail, ntfy, webhook) and whether each is on are never taken from a file.',
  restore: 'Restore',
  restoring: 'Restoring...',
  restoredTitle: 'Your backup is restored',
  restoredNothing: 'Everything in this backup was already in your garage: nothing was added.',
  importTitle: 'Import from another app',
  importDescription:
    'Moving from another tracker? Upload its export and check what it holds before anything is added.',
  readsApps: (apps: string) => `Reads the exports of ${apps}.`,
  filesLabel: 'Export files',
  chooseFiles: 'Choose files',
  chooseOtherFiles: 'Choose other files',
  filesHint: 'CSV, JSON, ZIP or TAR.GZ; up to five files together.',
  tooManyFiles: 'Choose at most five files: upload the others in a second import.',
  sourceLabel: 'Which app is it from?',
  detect: 'Detect automatically',
  uploadImport: 'Upload and preview',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  reading: 'Reading the file...',
  uploadProgress: 'Upload progress',
  cancel: 'Cancel',
  discarding: 'Cancelling...',
  pastTitle: 'Past imports',
  pastDescription:
    'Your imports and restores, newest first. An import can be undone: only what it added is removed.',
  pastEmpty: 'You have not imported anything yet.',
  pastLoading: 'Loading your past imports',
  pastFailed: 'Your past imports could not be loaded. Please try again later.',
  restoreName: 'Garage Ledger backup',
  statusLabels: { preview: 'Not imported yet', applied: 'Imported', undone: 'Undone' },
  restoredStatus: 'Restored',
  cancelledStatus: 'Cancelled',
  addedLine: (added: string) => `Added ${added}`,
  removedLine: (added: string) => `Removed ${added}`,
  addedNothing: 'Nothing was added',
  continuePreview: 'Continue',
  undo: 'Undo',
  undoing: 'Undoing...',
  /** `kind` names what is undone: an import, or the restore of a backup. */
  undoTitle: (kind: ImportKind) => `Undo this ${kind}?`,
  undoDescription: (entries: number, kind: ImportKind) =>
    `This removes the ${entries === 1 ? 'entry' : `${entries.toLocaleString('en-US')} entries`} this ${kind} added. Entries you added yourself stay.`,
  undoAction: (kind: ImportKind) => `Undo ${kind}`,
  undoLabel: (what: string, date: string) => `Undo the ${what} of ${date}`,
  restoreUndoneToast: 'Restore undone',
  previewTitle: 'Review your import',
  /** The page's heading once the import is applied or undone: "Your Fuelly import". */
  importHeading: (label: string) => `Your ${label} import`,
  previewLoading: 'Loading the import',
  backToData: 'Back to Account Settings',
  detectedTitle: 'The file',
  detected: (label: string) => `This is a ${label} export.`,
  readingsTitle: 'How the file is read',
  readingsDescription:
    'Garage Ledger read these from the file itself. Change any of them if the preview below looks wrong.',
  decimalSeparator: 'Decimal separator',
  dateFormat: 'Date order',
  distanceUnit: 'Distance unit',
  volumeUnit: 'Volume unit',
  choose: 'Choose...',
  dateExample: (written: string, read: string) => `${written} is read as ${read}.`,
  dateWritten: (written: string) => `The file writes dates such as ${written}.`,
  needsChoice: {
    decimalSeparator:
      "This file's numbers read either way. Choose whether a comma or a point marks the decimals.",
    dateFormat: "This file's dates read either way. Choose how to read them.",
    distanceUnit:
      'This file does not say whether its distances are in miles or kilometers. Choose the one it uses.',
    volumeUnit: 'This file does not say which unit its quantities are in. Choose the one it uses.',
  },
  choicesLeft: (count: number) =>
    count === 1
      ? 'Confirm the highlighted choice to import.'
      : `Confirm the ${count} highlighted choices to import.`,
  updating: 'Updating the preview...',
  vehiclesTitle: 'Vehicles',
  vehiclesDescription:
    "Choose where each of the file's vehicles goes: a new vehicle, or one already in your garage.",
  vehicleTarget: (name: string) => `Where ${name} goes`,
  vehicleHasNothingNew: 'Nothing new for this vehicle',
  newVehicle: 'New vehicle',
  addedTitle: 'What will be added',
  nothingNew: 'Everything in this file is already in your garage: there is nothing new to import.',
  problems: (count: string) => `${count} ${count === '1' ? "row can't" : "rows can't"} be read`,
  problemsNote: 'These rows are left out; everything else is imported.',
  adjustments: (count: string) =>
    `${count} ${count === '1' ? 'row is' : 'rows are'} imported with a figure recomputed`,
  adjustmentsNote:
    "These rows are imported as the file's other figures say; the reason is beside each.",
  duplicates: (count: string) =>
    `${count} ${count === '1' ? 'row is' : 'rows are'} already in your garage`,
  duplicatesNote: 'These rows are skipped, so nothing is added twice.',
  listedFirst: (shown: string, total: string) => `The first ${shown} of ${total} are listed.`,
  /** A row of a file; line 0 is a part that is not a line (a restore's "Notification settings"). */
  row: (file: string, line: number) =>
    line > 0 ? `${file}, line ${line.toLocaleString('en-US')}` : file,
  currencyTitle: 'Currency',
  currencyAsk: (theirs: string, yours: string) =>
    `This file's amounts are in ${theirs}, and your garage keeps ${yours}. Enter what one ${theirs} is worth in ${yours} to convert them, or keep the figures as they are.`,
  rateLabel: (theirs: string, yours: string) => `1 ${theirs} in ${yours}`,
  convert: 'Convert',
  keepFigures: 'Keep the figures as they are',
  rateChosen: (theirs: string, rate: string, yours: string) =>
    `Every amount is converted at 1 ${theirs} = ${rate} ${yours}.`,
  figuresKept: (theirs: string, yours: string) =>
    `The ${theirs} figures are kept as they are and stored as ${yours}.`,
  rowsTitle: 'Rows as they will be stored',
  rowsDescription:
    "The first rows of each vehicle, in its odometer's unit and your currency. Check that full and partial fill-ups read as they should.",
  rowsShown: (shown: string, total: string) => `The first ${shown} of ${total} are shown.`,
  energyRows: 'Fill-ups and charges',
  recordRows: 'Maintenance, repairs and modifications',
  readingRows: 'Odometer readings',
  columns: {
    date: 'Date',
    odometer: 'Odometer',
    quantity: 'Quantity',
    total: 'Total',
    fill: 'Fill',
    missed: 'Missed before',
    title: 'Title',
    category: 'Category',
    cost: 'Cost',
  },
  fullFill: 'Full',
  partialFill: 'Partial',
  missedFill: 'Yes',
  notMissed: 'No',
  unknownColumnsTitle: (count: number) =>
    count === 1 ? '1 column is not imported' : `${count} columns are not imported`,
  unknownColumnsNote:
    'Garage Ledger does not know these columns, so their values are left out. If one holds something to import (a partial fill-up, a missed one), rename its header to a known spelling and upload the file again.',
  notImported: 'Not imported:',
  knownSpellings: 'Column names Garage Ledger reads',
  vehicleDetails: (name: string) => `${name}: year, make and model`,
  year: 'Year',
  make: 'Make',
  model: 'Model',
  needsDetails:
    "The file does not give all of this new vehicle's year, make and model. Check them and confirm.",
  suggestedFromFile: 'Suggested from how the file names it: check before you confirm.',
  confirmDetails: 'Confirm details',
  detailsConfirmed: 'Details confirmed.',
  import: 'Import',
  importing: 'Importing...',
  resultTitle: 'Import complete',
  resultDescription: 'These were added to your garage:',
  resultNothing: 'Nothing was added: everything in the file was already in your garage.',
  undoneTitle: 'This import was undone',
  undoneDescription: 'Everything it added has been removed.',
  cancelledTitle: 'This import was cancelled',
  openVehicle: (name: string) => `Open ${name}`,
  allVehicles: 'My Vehicles',
  notFound: 'This import could not be found.',
  discarded: 'Import cancelled',
  failed: 'Something went wrong. Please try again.',
} as const;

export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportChoices = z.infer<typeof importChoicesSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportList = z.infer<typeof importListSchema>;
