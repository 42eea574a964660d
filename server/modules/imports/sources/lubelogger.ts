/**
 * LubeLogger (research §4.8), both of its ways out.
 *
 * 1. The CSV exports, one file per record type of one vehicle. LubeLogger writes them with the
 *    exporting server's culture (`1/3/2024` or `03.01.2024`, `$1,234.56` or `1.234,56 €`), so
 *    dates and numbers are passed on as spelled; the header says which record type a file is,
 *    except that service, repair and upgrade records share one header, and the export's file name
 *    is a random GUID (ImportController.ExportFromVehicleToCsv), so only a renamed file tells them
 *    apart. A file written by hand for LubeLogger's own importer reads too: its header aliases
 *    (MapProfile/ImportMappers.cs) are accepted once the file shows one of LubeLogger's own names.
 * 2. The backup zip, whose `data/cartracker.db` is a LiteDB 5 database of every vehicle, with
 *    real dates and numbers; the units are the user's settings (`config/userConfig.json`). Its
 *    dates are the user's local midnights stored in UTC: each is read as the day it was written
 *    (`storedDay` says how, for zones on both sides of UTC).
 *
 * Checked against: the CSV export headers of every record type and the backup zip's layout as
 * LubeLogger's source writes them (research §4.8: `StaticHelper.cs`, `FileHelper.cs`, the
 * import aliases of `ImportMappers.cs`), in the en-US, de-DE and fr-FR cultures; the backup's
 * LiteDB collections written by our own LiteDB 5 writer from that layout, with dates stored at
 * UTC+2, UTC−10 and the offsets `storedDay` names. No export file written by LubeLogger itself
 * is among the samples.
 */
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import { rethrowIfBudget } from '../read-budgets';
import { type CsvRow, headerKey, readCsv } from './csv';
import {
  type BsonDocument,
  type BsonValue,
  DATE_TIME_MIN_MS,
  isLiteDbFile,
  type LiteDatabase,
  openLiteDatabase,
} from './litedb';
import type {
  Detection,
  ImportFile,
  ImportSource,
  SourceReading,
  SourceRecordRow,
  SourceVehicle,
  Stated,
} from './source';

/** The CSV exports belong to one vehicle, which the files never name. */
export const LUBELOGGER_CSV_VEHICLE: SourceVehicle = {
  key: 'lubelogger',
  name: 'LubeLogger vehicle',
};

/**
 * A problem about a whole collection or file, not one of its rows: the interface's `line` is
 * 1-based, so 0 says "no particular line".
 */
const WHOLE_FILE = 0;

// ---------------------------------------------------------------------------------------------
// CSV exports
// ---------------------------------------------------------------------------------------------

type CsvField =
  | 'date'
  | 'day'
  | 'month'
  | 'year'
  | 'odometer'
  | 'quantity'
  | 'totalCost'
  | 'unitPrice'
  | 'isFull'
  | 'isPartial'
  | 'missedPrevious'
  | 'description'
  | 'notes'
  | 'tags';

/**
 * The header names LubeLogger's importer accepts for each field (MapProfile/ImportMappers.cs),
 * compared trimmed and in lower case as it compares them.
 */
const FIELD_ALIASES: Record<CsvField, readonly string[]> = {
  date: ['date', 'fuelup_date'],
  day: ['day'],
  month: ['month'],
  year: ['year'],
  odometer: ['odometer'],
  quantity: ['gallons', 'liters', 'litres', 'consumption', 'quantity', 'fuelconsumed', 'qty'],
  // The export's `Cost` is the fill-up's total; `price` (Fuelly's) is per unit.
  totalCost: ['cost', 'total cost', 'totalcost', 'total price'],
  unitPrice: ['price'],
  isFull: ['isfilltofull', 'filled up'],
  isPartial: ['partial_fuelup', 'partial tank'],
  missedPrevious: ['missed_fuelup', 'missedfuelup', 'missed fill up'],
  description: ['description'],
  notes: ['notes', 'note'],
  tags: ['tags'],
};

/** The values LubeLogger's importer reads as yes (ImportController.ImportToVehicleIdFromCsv). */
const FULL_TANK_VALUES = new Set(['1', 'true', 'full']);
const YES_VALUES = new Set(['1', 'true']);

/** LubeLogger prefixes its custom ("extra") fields' columns with this. */
const EXTRA_FIELD_PREFIX = 'extrafield_';

type ExportKindId = 'gas' | 'odometer' | 'records' | 'tax' | 'supply' | 'plan' | 'equipment';

type ExportKind = {
  id: ExportKindId;
  /** What the evidence calls the file ("LubeLogger's fuel export"). */
  label: string;
  /** The header LubeLogger writes (Helper/StaticHelper.cs), extra fields aside. */
  header: readonly string[];
  /** Header names only LubeLogger uses: any one of them shows the file is its export. */
  ownNames: readonly string[];
  /**
   * For a kind with no name of its own: the file is LubeLogger's only when its header is exactly
   * LubeLogger's, in its order and its case (an expense list may well say Date, Description, Cost).
   */
  isWholeHeaderOwn: boolean;
  /** The problem each row gets when Garage Ledger keeps no such records. */
  notImported?: string;
};

/** Checked in this order: the first kind whose header fits is the file's. */
const EXPORT_KINDS: readonly ExportKind[] = [
  {
    id: 'plan',
    label: 'plan',
    header: [
      'DateCreated',
      'DateModified',
      'Description',
      'Notes',
      'Type',
      'Priority',
      'Progress',
      'Cost',
    ],
    ownNames: ['datecreated', 'datemodified'],
    isWholeHeaderOwn: false,
    notImported: 'Plan records are not imported',
  },
  {
    id: 'supply',
    label: 'supplies',
    header: [
      'Date',
      'PartNumber',
      'PartSupplier',
      'PartQuantity',
      'Description',
      'Notes',
      'Cost',
      'Tags',
    ],
    ownNames: ['partnumber', 'partsupplier', 'partquantity'],
    isWholeHeaderOwn: false,
    notImported: 'Supply records are not imported',
  },
  {
    id: 'equipment',
    label: 'equipment',
    header: ['Description', 'Notes', 'Tags', 'IsEquipped'],
    ownNames: ['isequipped'],
    isWholeHeaderOwn: false,
    notImported: 'Equipment records are not imported',
  },
  {
    id: 'odometer',
    label: 'odometer',
    header: ['Date', 'InitialOdometer', 'Odometer', 'Notes', 'Tags'],
    ownNames: ['initialodometer'],
    isWholeHeaderOwn: false,
  },
  {
    id: 'gas',
    label: 'fuel',
    header: [
      'Date',
      'Odometer',
      'FuelConsumed',
      'Cost',
      'FuelEconomy',
      'IsFillToFull',
      'MissedFuelUp',
      'Notes',
      'Tags',
    ],
    ownNames: ['fuelconsumed', 'fueleconomy', 'isfilltofull', 'missedfuelup'],
    isWholeHeaderOwn: false,
  },
  {
    id: 'records',
    label: 'service, repair or upgrade',
    header: ['Date', 'Description', 'Cost', 'Notes', 'Odometer', 'Tags'],
    ownNames: [],
    isWholeHeaderOwn: true,
  },
  {
    id: 'tax',
    label: 'tax',
    header: ['Date', 'Description', 'Cost', 'Notes', 'Tags'],
    ownNames: [],
    isWholeHeaderOwn: true,
    notImported: 'Tax records are not imported',
  },
];

/**
 * Which of the three kinds sharing one header a file is, from its name: LubeLogger's own sample
 * files are `servicerecordsample.csv`, `repairrecordsample.csv`, `upgraderecordsample.csv`, and
 * a user who keeps several exports apart names them so.
 */
const RECORD_KIND_BY_NAME: readonly {
  pattern: RegExp;
  kind: SourceRecordRow['kind'];
  words: string;
}[] = [
  { pattern: /repair|collision/i, kind: 'repairs', words: 'repairs' },
  { pattern: /upgrade|modification/i, kind: 'modifications', words: 'modifications' },
  { pattern: /service|maintenance/i, kind: 'maintenance', words: 'maintenance' },
];

type RecognisedExport = {
  kind: ExportKind;
  /** Header cells as written, for the evidence. */
  header: string[];
  /** For the shared service/repair/upgrade header: what the rows are read as, and why. */
  recordKind: SourceRecordRow['kind'];
  recordKindWords: string;
};

function isExtraFieldColumn(key: string): boolean {
  return key.startsWith(EXTRA_FIELD_PREFIX);
}

function hasAlias(keys: ReadonlySet<string>, field: CsvField): boolean {
  return FIELD_ALIASES[field].some((alias) => keys.has(alias));
}

/** The kind of LubeLogger export a header row is, or null when it is not LubeLogger's. */
function recogniseHeader(header: string[], fileName: string): RecognisedExport | null {
  const keys = header.map(headerKey);
  const ownKeys = new Set(keys.filter((key) => key !== '' && !isExtraFieldColumn(key)));
  const hasExtraFields = keys.some(isExtraFieldColumn);
  const ownCells = header
    .map((cell) => cell.trim())
    .filter((cell) => !isExtraFieldColumn(headerKey(cell)));

  const kind =
    EXPORT_KINDS.find((candidate) => {
      if (candidate.ownNames.some((name) => ownKeys.has(name))) return true;
      return candidate.isWholeHeaderOwn && ownCells.join(',') === candidate.header.join(',');
    }) ??
    // A hand-made file in LubeLogger's aliases is LubeLogger's when it carries its extra fields.
    (hasExtraFields && (hasAlias(ownKeys, 'date') || hasAlias(ownKeys, 'day'))
      ? inferKindFromAliases(ownKeys)
      : undefined);
  if (!kind) return null;

  const byName = RECORD_KIND_BY_NAME.find(({ pattern }) => pattern.test(fileName));
  return {
    kind,
    header,
    recordKind: byName?.kind ?? 'maintenance',
    recordKindWords: byName
      ? `read as ${byName.words}, as the file name says`
      : 'read as maintenance (the file name does not say which)',
  };
}

function inferKindFromAliases(keys: ReadonlySet<string>): ExportKind | undefined {
  const byId = (id: ExportKindId) => EXPORT_KINDS.find((kind) => kind.id === id);
  if (hasAlias(keys, 'quantity')) return byId('gas');
  if (keys.has('description') && hasAlias(keys, 'odometer')) return byId('records');
  if (keys.has('description') && hasAlias(keys, 'totalCost')) return byId('tax');
  return undefined;
}

/** The first line of a file, read cheaply (detection runs on every upload). */
function firstLineOf(file: ImportFile): string | null {
  const head = file.bytes.subarray(0, 64 * 1024);
  // A text export holds no NUL byte; a binary file is not an export.
  if (head.includes(0)) return null;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const end = text.search(/[\r\n]/);
  return end === -1 ? text : text.slice(0, end);
}

function recogniseCsvFile(file: ImportFile): RecognisedExport | null {
  const line = firstLineOf(file);
  if (!line?.trim()) return null;
  const [header] = readCsv(line);
  return header ? recogniseHeader(header.cells, file.name) : null;
}

function exportEvidence(recognised: RecognisedExport): string {
  const shown = recognised.header.slice(0, 5).map((cell) => cell.trim());
  const more = recognised.header.length > shown.length ? ', …' : '';
  const base = `LubeLogger's ${recognised.kind.label} export header: ${shown.join(', ')}${more}`;
  return recognised.kind.id === 'records' ? `${base}, ${recognised.recordKindWords}` : base;
}

/** An exact zero however the file spells it ("0", "0.0", "0,00"), which no locale can read otherwise. */
function isZeroSpelling(raw: string): boolean {
  return /^[+-]?[0\s.,]*0[0\s.,]*$/.test(raw);
}

/** Notes, tags and extra fields in one text, a line each, as the user wrote them. */
function composeNotes(
  notes: string | undefined,
  tags: string | undefined,
  extraFields: readonly { name: string; value: string | undefined }[],
): string | undefined {
  const lines = [
    notes,
    tags ? `Tags: ${tags}` : undefined,
    ...extraFields.map(({ name, value }) => (value ? `${name}: ${value}` : undefined)),
  ].filter((line): line is string => Boolean(line));
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function readCsvExport(file: ImportFile, recognised: RecognisedExport, reading: SourceReading) {
  let records: CsvRow[];
  try {
    records = readCsv(file.text());
  } catch (error) {
    rethrowIfBudget(error);
    reading.problems.push({
      file: file.name,
      line: WHOLE_FILE,
      reason: `This file cannot be read as CSV: ${(error as Error).message}`,
    });
    return;
  }
  const [headerRow, ...rows] = records;
  if (!headerRow) return;
  const keys = headerRow.cells.map(headerKey);
  const columnOf = Object.fromEntries(
    (Object.keys(FIELD_ALIASES) as CsvField[]).map((field) => [
      field,
      keys.findIndex((key) => FIELD_ALIASES[field].includes(key)),
    ]),
  ) as Record<CsvField, number>;
  const extraFieldColumns = keys.flatMap((key, index) =>
    isExtraFieldColumn(key)
      ? [{ name: headerRow.cells[index]!.trim().slice(EXTRA_FIELD_PREFIX.length), index }]
      : [],
  );
  const { kind } = recognised;
  const problem = (row: CsvRow, reason: string) =>
    reading.problems.push({ file: file.name, line: row.line, reason });

  for (const row of rows) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    const cell = (field: CsvField): string | undefined => {
      const value = row.cells[columnOf[field]]?.trim();
      return value ? value : undefined;
    };
    if (kind.notImported) {
      problem(row, kind.notImported);
      continue;
    }
    const date = cell('date') ?? dateFromParts(cell('year'), cell('month'), cell('day'));
    if (date === undefined) {
      problem(row, 'No date');
      continue;
    }
    if (date === null) {
      problem(row, 'Day, month and year must be whole numbers');
      continue;
    }
    const rawOdometer = cell('odometer');
    // LubeLogger writes 0 for a record saved without an odometer reading.
    const odometer = rawOdometer && !isZeroSpelling(rawOdometer) ? rawOdometer : undefined;
    const notes = composeNotes(
      cell('notes'),
      cell('tags'),
      extraFieldColumns.map(({ name, index }) => ({ name, value: row.cells[index]?.trim() })),
    );
    const origin = { file: file.name, line: row.line, vehicle: LUBELOGGER_CSV_VEHICLE.key };

    if (kind.id === 'gas') {
      const quantity = cell('quantity');
      if (!quantity) {
        problem(row, 'Fuel quantity missing');
        continue;
      }
      if (isZeroSpelling(quantity)) {
        problem(row, 'Fuel quantity is zero');
        continue;
      }
      const totalCost = cell('totalCost');
      const unitPrice = cell('unitPrice');
      if (!totalCost && !unitPrice) {
        problem(row, 'No cost or price');
        continue;
      }
      const fullTank = cell('isFull');
      const partialTank = cell('isPartial');
      const missed = cell('missedPrevious');
      reading.rows.push({
        ...origin,
        kind: 'energy',
        date,
        ...(odometer !== undefined && { odometer }),
        quantity,
        ...(totalCost !== undefined && { totalCost }),
        ...(unitPrice !== undefined && { unitPrice }),
        ...(fullTank !== undefined
          ? { isFull: FULL_TANK_VALUES.has(fullTank.toLowerCase()) }
          : partialTank !== undefined && { isFull: !YES_VALUES.has(partialTank.toLowerCase()) }),
        ...(missed !== undefined && { missedPrevious: YES_VALUES.has(missed.toLowerCase()) }),
        ...(notes !== undefined && { notes }),
      });
    } else if (kind.id === 'odometer') {
      if (odometer === undefined) {
        problem(row, 'No odometer reading');
        continue;
      }
      reading.rows.push({
        ...origin,
        kind: 'odometer',
        date,
        odometer,
        ...(notes !== undefined && { notes }),
      });
    } else {
      const title = cell('description');
      const cost = cell('totalCost');
      reading.rows.push({
        ...origin,
        kind: recognised.recordKind,
        date,
        ...(odometer !== undefined && { odometer }),
        ...(title !== undefined && { title }),
        ...(cost !== undefined && { cost }),
        ...(notes !== undefined && { notes }),
      });
    }
  }
}

/**
 * A date written ISO from LubeLogger's Day, Month and Year columns; undefined when they are
 * absent, null when they are not whole numbers.
 */
function dateFromParts(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): string | null | undefined {
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Backup database
// ---------------------------------------------------------------------------------------------

/**
 * Whether a file is LubeLogger's database: LiteDB 5, named as LubeLogger names it or holding its
 * vehicles and one of its record collections (LiteDB creates a collection at its first record).
 */
function isBackupDatabase(file: ImportFile): boolean {
  if (!isLiteDbFile(file.bytes)) return false;
  if (/(^|\/)cartracker\.db$/i.test(file.name)) return true;
  try {
    const names = openLiteDatabase(file.bytes).collectionNames.map((name) => name.toLowerCase());
    const lubeloggerCollections = [...RECORD_COLLECTIONS, ...COLLECTIONS_NOT_IMPORTED].map(
      ({ collection }) => collection,
    );
    return names.includes('vehicles') && lubeloggerCollections.some((name) => names.includes(name));
  } catch {
    return false;
  }
}

/** The root user's settings file of a backup zip (Helper/StaticHelper.UserConfigPath). */
const USER_CONFIG_FILE = /(^|\/)config\/userconfig\.json$/i;

/** Whether a file is LubeLogger's settings file: its name, and LubeLogger's own setting names. */
function isUserConfigFile(file: ImportFile): boolean {
  if (!USER_CONFIG_FILE.test(file.name)) return false;
  try {
    const config: unknown = JSON.parse(file.text());
    return Boolean(
      config && typeof config === 'object' && 'UseMPG' in config && 'UseUKMPG' in config,
    );
  } catch {
    return false;
  }
}

type RecordCollection = {
  collection: string;
  kind: 'energy' | 'odometer' | SourceRecordRow['kind'];
  /** What a problem calls the collection's records, and one of them (with its number). */
  words: string;
  one: string;
};

/** The collections read, in LubeLogger's names (External/Implementations/Litedb/*DataAccess.cs). */
const RECORD_COLLECTIONS: readonly RecordCollection[] = [
  { collection: 'gasrecords', kind: 'energy', words: 'Fuel records', one: 'Fuel record' },
  {
    collection: 'servicerecords',
    kind: 'maintenance',
    words: 'Service records',
    one: 'Service record',
  },
  {
    collection: 'collisionrecords',
    kind: 'repairs',
    words: 'Repair records',
    one: 'Repair record',
  },
  {
    collection: 'upgraderecords',
    kind: 'modifications',
    words: 'Upgrade records',
    one: 'Upgrade record',
  },
  {
    collection: 'odometerrecords',
    kind: 'odometer',
    words: 'Odometer records',
    one: 'Odometer record',
  },
];

/**
 * Collections Garage Ledger has no place for, each counted in one problem. `userrecords`,
 * `tokenrecords` and `apikeyrecords` (accounts, password hashes, tokens) are never read.
 */
const COLLECTIONS_NOT_IMPORTED: readonly { collection: string; one: string; other: string }[] = [
  { collection: 'taxrecords', one: 'tax record', other: 'tax records' },
  { collection: 'supplyrecords', one: 'supply record', other: 'supply records' },
  { collection: 'planrecords', one: 'plan record', other: 'plan records' },
  { collection: 'reminderrecords', one: 'reminder', other: 'reminders' },
  { collection: 'equipmentrecords', one: 'equipment record', other: 'equipment records' },
  { collection: 'inspectionrecords', one: 'inspection record', other: 'inspection records' },
  { collection: 'notes', one: 'note', other: 'notes' },
];

function text(value: BsonValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A stored number: a plain number, or a .NET decimal's exact text. */
function numberOf(value: BsonValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/**
 * The latest UTC time of day that is still the written day's own midnight: a zone west of UTC
 * (down to Hawaii's −10:00) stores its midnight on the same UTC date, at 10:00 or earlier.
 */
const LATEST_WESTERN_MIDNIGHT_MS = 10 * HOUR_MS;

/**
 * The day a stored date stands for: the day its user wrote. LubeLogger dates have no time, and
 * LiteDB stores them as the local midnight converted to UTC: 2026-03-05 at UTC+1 is stored as
 * 2026-03-04T23:00Z, at UTC−5 as 2026-03-05T05:00Z.
 *
 * A stored time of day that is a whole quarter hour is such a midnight (every zone's offset is
 * one: +5:30 India, +5:45 Nepal, −3:30 Newfoundland). Offsets run from −12:00 to +14:00, so the
 * time tells the zone's side of UTC, except between 10:00 and 12:00, which two zones share:
 * - 00:00 to 10:00 is a zone at UTC−0 to −10 (Hawaii): the same UTC date;
 * - after 10:00 is a zone east of UTC, +14 (10:00) to +0:15: the next UTC date. 11:00 and 12:00
 *   are taken for New Zealand and Tonga (+12, +13), not for the islands at −11 and −12 (American
 *   Samoa, Niue, Baker Island), whose files are read a day late; and 10:00 for Hawaii (−10), not
 *   for Kiribati's Line Islands (+14), whose files are read a day early.
 * Any other time is a moment, not a midnight: its UTC date.
 */
function storedDay(value: BsonValue | undefined): string | undefined {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  if (value.getTime() <= DATE_TIME_MIN_MS) return undefined;
  const time = value.getTime();
  const timeOfDay = ((time % DAY_MS) + DAY_MS) % DAY_MS;
  const utcMidnight = time - timeOfDay;
  const isMidnightOfAZone = timeOfDay % (15 * MINUTE_MS) === 0;
  const isEastOfUtc = isMidnightOfAZone && timeOfDay > LATEST_WESTERN_MIDNIGHT_MS;
  return new Date(isEastOfUtc ? utcMidnight + DAY_MS : utcMidnight).toISOString().slice(0, 10);
}

function idOf(document: BsonDocument): number | undefined {
  const id = document._id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

function byId(documents: BsonDocument[]): BsonDocument[] {
  return [...documents].sort((a, b) => (idOf(a) ?? 0) - (idOf(b) ?? 0));
}

/** LubeLogger's custom fields of a record or vehicle, as name and value. */
function extraFieldsOf(document: BsonDocument): { name: string; value: string | undefined }[] {
  const fields = document.ExtraFields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    if (field === null || typeof field !== 'object' || Array.isArray(field)) return [];
    const { Name, Value } = field as BsonDocument;
    const name = text(Name);
    return name ? [{ name, value: text(Value) }] : [];
  });
}

function tagsOf(document: BsonDocument): string | undefined {
  const tags = document.Tags;
  if (!Array.isArray(tags)) return undefined;
  const words = tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
  return words.length > 0 ? words.join(' ') : undefined;
}

/** The user's unit settings, from the backup's root user config or, failing it, every user's. */
type UnitSettings = { useMpg: boolean; useUkMpg: boolean; source: string };

function unitSettings(files: ImportFile[], database: LiteDatabase): UnitSettings | undefined {
  const configFile = files.find((file) => USER_CONFIG_FILE.test(file.name));
  if (configFile) {
    try {
      const config: unknown = JSON.parse(configFile.text());
      if (config && typeof config === 'object' && 'UseMPG' in config) {
        const { UseMPG, UseUKMPG } = config as { UseMPG: unknown; UseUKMPG?: unknown };
        if (typeof UseMPG === 'boolean') {
          return { useMpg: UseMPG, useUkMpg: UseUKMPG === true, source: configFile.name };
        }
      }
    } catch {
      // An unreadable settings file states nothing; the pipeline judges the units itself.
    }
  }
  // Without the root user's file, each user's settings are in the database; only settings all
  // users share say what the whole backup is in.
  let userConfigs: BsonDocument[];
  try {
    userConfigs = database.readCollection('userconfigrecords');
  } catch {
    return undefined;
  }
  const settings = new Set(
    userConfigs.map((record) => {
      const config = record.UserConfig;
      if (!config || typeof config !== 'object' || Array.isArray(config)) return 'unknown';
      const { UseMPG, UseUKMPG } = config as BsonDocument;
      return typeof UseMPG === 'boolean' ? `${UseMPG}/${UseUKMPG === true}` : 'unknown';
    }),
  );
  const [only] = settings;
  if (settings.size !== 1 || only === undefined || only === 'unknown') return undefined;
  const [useMpg, useUkMpg] = only.split('/').map((flag) => flag === 'true');
  return { useMpg: useMpg!, useUkMpg: useUkMpg!, source: "every user's settings in the database" };
}

function statedUnits(settings: UnitSettings): {
  distanceUnit: Stated<DistanceUnit>;
  volumeUnit: Stated<QuantityUnit>;
} {
  const { useMpg, useUkMpg, source } = settings;
  if (!useMpg) {
    const evidence = `UseMPG is off in ${source}: kilometres and litres`;
    return { distanceUnit: { value: 'km', evidence }, volumeUnit: { value: 'L', evidence } };
  }
  return {
    distanceUnit: { value: 'mi', evidence: `UseMPG is on in ${source}: miles` },
    // With UK MPG, LubeLogger keeps fuel in litres and converts only to show economy.
    volumeUnit: useUkMpg
      ? { value: 'L', evidence: `UseUKMPG is on in ${source}: fuel in litres` }
      : { value: 'galUS', evidence: `UseMPG is on in ${source}: US gallons` },
  };
}

type BackupVehicle = {
  source: SourceVehicle;
  energy: Energy | undefined;
  countsHours: boolean;
};

function readBackupVehicle(document: BsonDocument, id: number): BackupVehicle {
  const year = numberOf(document.Year);
  const make = text(document.Make);
  const model = text(document.Model);
  const licensePlate = text(document.LicensePlate);
  const extraFields = extraFieldsOf(document);
  // LubeLogger has no VIN field; users keep it in an extra field.
  const vinField = extraFields.find(({ name }) => /^vin( ?number)?$/i.test(name));
  const vin = text(document.VinNumber) ?? vinField?.value;
  const isElectric = document.IsElectric === true;
  const countsHours = document.UseHours === true;
  const energy: Energy | undefined = isElectric
    ? 'electricity'
    : document.IsDiesel === true
      ? 'diesel'
      : undefined;
  const notes = composeNotes(
    countsHours ? 'LubeLogger counted engine hours for this vehicle, not distance' : undefined,
    tagsOf(document),
    extraFields.filter((field) => field !== vinField),
  );
  const yearOrNone = year !== undefined && year > 0 ? year : undefined;
  const name =
    [yearOrNone, make, model].filter(Boolean).join(' ') ||
    licensePlate ||
    `LubeLogger vehicle ${id}`;
  return {
    countsHours,
    energy,
    source: {
      key: `lubelogger-${id}`,
      name,
      ...(yearOrNone !== undefined && { year: yearOrNone }),
      ...(make !== undefined && { make }),
      ...(model !== undefined && { model }),
      ...(licensePlate !== undefined && { licensePlate }),
      ...(vin !== undefined && { vin }),
      ...(notes !== undefined && { notes }),
      ...(energy !== undefined && { energies: [energy] }),
      ...(isElectric && { quantityUnit: 'kWh' as const }),
    },
  };
}

function readBackup(dbFile: ImportFile, files: ImportFile[], reading: SourceReading) {
  const database = openLiteDatabase(dbFile.bytes);
  const problem = (line: number, reason: string) =>
    reading.problems.push({ file: dbFile.name, line, reason });
  const readOrReport = (collection: string, words: string): BsonDocument[] => {
    try {
      return byId(database.readCollection(collection));
    } catch (error) {
      problem(WHOLE_FILE, `${words} could not be read: ${(error as Error).message}`);
      return [];
    }
  };

  const settings = unitSettings(files, database);
  if (settings) Object.assign(reading.stated, statedUnits(settings));
  reading.stated.dateFormat = {
    value: 'YYYY-MM-DD',
    evidence: "LubeLogger's database stores dates as dates",
  };

  const vehicles = new Map<number, BackupVehicle>();
  readOrReport('vehicles', 'Vehicles').forEach((document, index) => {
    const id = idOf(document) ?? -(index + 1);
    const vehicle = readBackupVehicle(document, id);
    vehicles.set(id, vehicle);
    reading.vehicles.push(vehicle.source);
  });
  const hourReadingsSkipped = new Map<number, number>();

  for (const { collection, kind, words, one } of RECORD_COLLECTIONS) {
    readOrReport(collection, words).forEach((document, index) => {
      // A database has no lines: the record's own number stands for one, and as several
      // collections share the file, the reason names the record.
      const line = idOf(document) ?? index + 1;
      const recordProblem = (reason: string) => problem(line, `${one} ${line} ${reason}`);
      const vehicleId = numberOf(document.VehicleId);
      const vehicle = vehicleId === undefined ? undefined : vehicles.get(vehicleId);
      if (!vehicle || vehicleId === undefined) {
        recordProblem('belongs to a vehicle that is not in the backup');
        return;
      }
      const date = storedDay(document.Date);
      if (!date) {
        recordProblem('has no date');
        return;
      }
      const mileage = numberOf(document.Mileage);
      // 0 is what LubeLogger stores when the odometer was not given; hours are not a distance.
      const odometer =
        !vehicle.countsHours && mileage !== undefined && mileage > 0 ? mileage : undefined;
      const notes = composeNotes(text(document.Notes), tagsOf(document), extraFieldsOf(document));
      const origin = { file: dbFile.name, line, vehicle: vehicle.source.key };

      if (kind === 'energy') {
        const quantity = numberOf(document.Gallons);
        if (quantity === undefined || quantity <= 0) {
          recordProblem('has no fuel quantity');
          return;
        }
        const totalCost = numberOf(document.Cost);
        if (totalCost === undefined) {
          recordProblem('has no cost');
          return;
        }
        reading.rows.push({
          ...origin,
          kind: 'energy',
          date,
          ...(odometer !== undefined && { odometer }),
          ...(vehicle.energy !== undefined && { energy: vehicle.energy }),
          quantity,
          totalCost,
          // LubeLogger's defaults: a full tank, nothing missed.
          isFull: document.IsFillToFull !== false,
          missedPrevious: document.MissedFuelUp === true,
          ...(notes !== undefined && { notes }),
        });
      } else if (kind === 'odometer') {
        if (vehicle.countsHours) {
          hourReadingsSkipped.set(vehicleId, (hourReadingsSkipped.get(vehicleId) ?? 0) + 1);
          return;
        }
        if (odometer === undefined) {
          recordProblem('has no odometer reading');
          return;
        }
        reading.rows.push({
          ...origin,
          kind,
          date,
          odometer,
          ...(notes !== undefined && { notes }),
        });
      } else {
        const title = text(document.Description);
        const cost = numberOf(document.Cost);
        reading.rows.push({
          ...origin,
          kind,
          date,
          ...(odometer !== undefined && { odometer }),
          ...(title !== undefined && { title }),
          ...(cost !== undefined && { cost }),
          ...(notes !== undefined && { notes }),
        });
      }
    });
  }

  for (const [id, vehicle] of vehicles) {
    if (!vehicle.countsHours) continue;
    const skipped = hourReadingsSkipped.get(id) ?? 0;
    const readings = skipped === 1 ? '1 hour reading is' : `${skipped} hour readings are`;
    problem(
      WHOLE_FILE,
      `${vehicle.source.name} counts engine hours, not distance: its records come without odometer${skipped > 0 ? `, and ${readings} not imported` : ''}`,
    );
  }

  for (const { collection, one, other } of COLLECTIONS_NOT_IMPORTED) {
    let count: number;
    try {
      count = database.readCollection(collection).length;
    } catch {
      problem(WHOLE_FILE, `The ${other} could not be read, and are not imported`);
      continue;
    }
    if (count > 0) {
      problem(
        WHOLE_FILE,
        count === 1 ? `1 ${one} is not imported` : `${count} ${other} are not imported`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The source
// ---------------------------------------------------------------------------------------------

/** What each file is, for detection and reading alike. */
type FileRole = { backup: true } | { settings: true } | { csv: RecognisedExport } | null;

function classify(file: ImportFile): FileRole {
  if (isBackupDatabase(file)) return { backup: true };
  if (isUserConfigFile(file)) return { settings: true };
  const recognised = recogniseCsvFile(file);
  return recognised ? { csv: recognised } : null;
}

/** A LubeLogger on PostgreSQL backs up its settings and files but not its records. */
const NO_DATABASE_IN_BACKUP =
  'This LubeLogger backup holds no database (LubeLogger on PostgreSQL keeps its records outside the backup): export each record type as CSV from LubeLogger instead';

export const lubeloggerSource: ImportSource = {
  format: 'lubelogger',
  label: 'LubeLogger',

  detect(files: ImportFile[]): Detection | null {
    const phrases: string[] = [];
    let settingsFile: string | undefined;
    for (const file of files) {
      try {
        const role = classify(file);
        if (!role) continue;
        if ('settings' in role) settingsFile = file.name;
        else if ('backup' in role)
          phrases.push(`LubeLogger's backup database: ${file.name} (LiteDB 5)`);
        else phrases.push(exportEvidence(role.csv));
      } catch {
        // A file that cannot even be looked at is not LubeLogger's.
      }
    }
    if (phrases.length === 0) {
      return settingsFile
        ? {
            format: 'lubelogger',
            evidence: `LubeLogger's settings file ${settingsFile}, without its database`,
          }
        : null;
    }
    const unique = [...new Set(phrases)];
    const shown = unique.slice(0, 2).join('; ');
    const more = unique.length > 2 ? `; and ${unique.length - 2} more` : '';
    return { format: 'lubelogger', evidence: `${shown}${more}` };
  },

  read(files: ImportFile[]): SourceReading {
    const reading: SourceReading = { vehicles: [], rows: [], problems: [], stated: {} };
    let hasCsvExport = false;
    let hasRecords = false;
    let hasSettings = false;
    for (const file of files) {
      const role = classify(file);
      if (role && 'backup' in role) {
        readBackup(file, files, reading);
        hasRecords = true;
      } else if (role && 'csv' in role) {
        readCsvExport(file, role.csv, reading);
        hasCsvExport = true;
        hasRecords = true;
      } else if (role && 'settings' in role) {
        hasSettings = true;
      } else if (/\.csv$/i.test(file.name)) {
        reading.problems.push({
          file: file.name,
          line: 1,
          reason: "This file is not one of LubeLogger's exports, and is not imported",
        });
      }
    }
    if (!hasRecords) {
      throw new Error(
        hasSettings ? NO_DATABASE_IN_BACKUP : 'These files hold no LubeLogger export or backup',
      );
    }
    if (hasCsvExport) reading.vehicles.push({ ...LUBELOGGER_CSV_VEHICLE });
    return reading;
  },
};
