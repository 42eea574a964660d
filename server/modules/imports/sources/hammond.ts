/**
 * Hammond (research §4.9): its backup `hammond_backup_*.tar.gz` arrives expanded as `hammond.db`,
 * the app's SQLite database, and its generic import document `{data, vehicleId, timezone}` is
 * accepted too.
 *
 * The tables and codes were read in akhilrex/hammond `server/db/dbModels.go` (Vehicle, Fillup,
 * Expense; GORM names them `vehicles`, `fillups`, `expenses` with snake_case columns),
 * `server/db/base.go` (id, created_at, updated_at and a soft-delete `deleted_at`),
 * `server/db/enums.go` (FuelUnit, FuelType, DistanceUnit by position), `server/db/db.go` (the
 * file `hammond.db`), `ui/src/router/views/createExpense.vue` (the expense type is free text), and
 * the maintained fork AlfHou/hammond `server/db/dbModels.go` and `server/db/migrations.go`
 * (`vehicles.vin` and `fillups.fuel_sub_type`, absent from older databases).
 *
 * Only `vehicles`, `fillups` and `expenses` are read: the database also holds every account's
 * e-mail address and password hash, which an import has no business opening.
 *
 * Checked against: an SQLite database built by hand from those models (no backup written by
 * Hammond itself) and the import document of `models/import.go`; English only (Hammond stores
 * codes, not words).
 */
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import { rethrowIfBudget } from '../read-budgets';
import { filled, givenAmounts, joinNotes, missingAmountsReason } from './energy-amounts';
import {
  booleanMember,
  isJsonObject,
  type JsonDocument,
  jsonDocumentOf,
  numberMember,
  objectItems,
  textMember,
} from './json-document';
import type {
  Detection,
  ImportFile,
  ImportSource,
  RawNumber,
  SourceProblem,
  SourceReading,
  SourceRecordRow,
  SourceRow,
  SourceVehicle,
} from './source';
import {
  columnsOf,
  isSqliteFile,
  RefusedDatabaseError,
  type SqliteDatabase,
  type SqliteRecord,
  type SqliteValue,
  withSqliteBytes,
} from './sqlite-file';

/** `FuelUnit` by position (enums.go); Hammond's plain "gallon" sits beside a separate US one. */
const FUEL_UNITS: Record<number, { unit: QuantityUnit | 'minutes'; name: string }> = {
  0: { unit: 'L', name: 'litre' },
  1: { unit: 'galUK', name: 'gallon' },
  2: { unit: 'galUS', name: 'US gallon' },
  3: { unit: 'kg', name: 'kilogram' },
  4: { unit: 'kWh', name: 'kilowatt hour' },
  5: { unit: 'minutes', name: 'minutes' },
};

/** `FuelType` by position (enums.go). */
const FUEL_TYPES: Record<number, Energy> = {
  0: 'gasoline',
  1: 'diesel',
  2: 'e85',
  3: 'cng',
  4: 'electricity',
  5: 'lpg',
};

/** `DistanceUnit` by position (enums.go). */
const DISTANCE_UNITS: Record<number, { unit: DistanceUnit; name: string }> = {
  0: { unit: 'mi', name: 'miles' },
  1: { unit: 'km', name: 'kilometers' },
};

type ExpenseKind = { kind: SourceRecordRow['kind']; category?: string };

/**
 * What a free-text expense type means, first match wins: repairs before the maintenance words
 * ("brake repair" is a repair), the specific maintenance before the general. Hammond's interface
 * is in English and German, so both are listed.
 */
const EXPENSE_TYPES: { words: RegExp; meaning: ExpenseKind }[] = [
  { words: /repair|fix|reparatur|instandsetzung/i, meaning: { kind: 'repairs' } },
  {
    words: /oil|ölwechsel|oelwechsel|\böl\b/i,
    meaning: { kind: 'maintenance', category: 'Oil Change' },
  },
  {
    words: /rotation|reifen ?wechsel/i,
    meaning: { kind: 'maintenance', category: 'Tire Rotation' },
  },
  { words: /brake|bremse/i, meaning: { kind: 'maintenance', category: 'Brake Service' } },
  { words: /filter/i, meaning: { kind: 'maintenance', category: 'Filter Replacement' } },
  {
    words: /coolant|fluid|flush|kühlmittel|bremsflüssigkeit/i,
    meaning: { kind: 'maintenance', category: 'Fluid Change' },
  },
  { words: /spark ?plug|zündkerze/i, meaning: { kind: 'maintenance', category: 'Spark Plugs' } },
  { words: /batter/i, meaning: { kind: 'maintenance', category: 'Battery Service' } },
  {
    words: /timing belt|cam ?belt|zahnriemen/i,
    meaning: { kind: 'maintenance', category: 'Timing Belt' },
  },
  {
    words: /alignment|spur|achsvermessung/i,
    meaning: { kind: 'maintenance', category: 'Wheel Alignment' },
  },
  { words: /tune.?up/i, meaning: { kind: 'maintenance', category: 'Engine Tune-up' } },
  {
    words: /servic|maintenance|inspection|\bmot\b|check.?up|wartung|inspektion|\btüv\b/i,
    meaning: { kind: 'maintenance', category: 'Scheduled Maintenance' },
  },
  { words: /tyre|tire|reifen|wiper|wischer|bulb|lampe/i, meaning: { kind: 'maintenance' } },
];

const DATABASE_NAME = 'hammond.db';

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

function isHammondDatabase(file: ImportFile): boolean {
  if (!isSqliteFile(file.bytes)) return false;
  if (baseName(file.name).toLowerCase() === DATABASE_NAME) return true;
  // Renamed: the schema on the first pages names Hammond's own columns.
  const schema = file.bytes.subarray(0, 256 * 1024);
  return schema.includes('`fillups`') && schema.includes('odo_reading');
}

function isImportDocument(document: JsonDocument | null): boolean {
  if (!document || !isJsonObject(document.value)) return false;
  const first = objectItems(document.value, 'data')[0]?.[0];
  return (
    typeof document.value.vehicleId === 'string' &&
    first !== undefined &&
    ('fuelQuantity' in first || 'odoReading' in first)
  );
}

function detect(files: ImportFile[]): Detection | null {
  for (const file of files) {
    if (isHammondDatabase(file)) {
      return {
        format: 'hammond',
        evidence: `Hammond's backup database ${baseName(file.name)}, with its fillups and vehicles tables`,
      };
    }
    if (isImportDocument(jsonDocumentOf(file))) {
      return {
        format: 'hammond',
        evidence: "Hammond's import document: vehicleId, timezone and data[].fuelQuantity",
      };
    }
  }
  return null;
}

/**
 * A float32 as its shortest decimal. Hammond keeps amounts as Go float32, which the SQLite driver
 * widens to a double: 1.45 comes back as 1.4500000476837158 and would fail a 3-decimal price.
 */
export function shortestFloat32(value: number): number {
  const single = Math.fround(value);
  if (single !== value) return value;
  for (let digits = 1; digits <= 9; digits += 1) {
    const candidate = Number(single.toPrecision(digits));
    if (Math.fround(candidate) === single) return candidate;
  }
  return value;
}

function asNumber(value: SqliteValue | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return undefined;
}

/** An amount, or none for Go's zero value: a column that was never filled in reads 0. */
function amount(value: SqliteValue | undefined): RawNumber | undefined {
  const number = asNumber(value);
  return number === undefined || number === 0 ? undefined : shortestFloat32(number);
}

function asText(value: SqliteValue | undefined): string | undefined {
  return typeof value === 'string' ? filled(value) : undefined;
}

/** A boolean column; null (the pointer was nil) leaves the source's default. */
function asBoolean(value: SqliteValue | undefined): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  return asNumber(value) === 1 || value === 'true';
}

/** Hammond's currency is a code ("EUR") when the user chose one from its list. */
function asCurrency(value: SqliteValue | undefined): string | undefined {
  const text = asText(value)?.toUpperCase();
  return text && /^[A-Z]{3}$/.test(text) ? text : undefined;
}

type Tally<Value> = Map<Value, number>;

function count<Value>(tally: Tally<Value>, value: Value | undefined): void {
  if (value !== undefined) tally.set(value, (tally.get(value) ?? 0) + 1);
}

/** The one value every record shares, or undefined when they differ or none says. */
function shared<Value>(tally: Tally<Value>): Value | undefined {
  return tally.size === 1 ? [...tally.keys()][0] : undefined;
}

/** A database that opens but is not Hammond's: its message is already the user's. */
class NotHammondError extends Error {}

function readDatabase(file: ImportFile): SourceReading {
  try {
    return withSqliteBytes(file.bytes, (database) => readTables(database, file.name));
  } catch (error) {
    if (error instanceof NotHammondError || error instanceof RefusedDatabaseError) throw error;
    rethrowIfBudget(error);
    throw new Error(`${baseName(file.name)} could not be opened as Hammond's database.`);
  }
}

/**
 * The day of a stored time ("2024-01-04 00:00:00+00:00" → "2024-01-04"), the time and offset
 * left out so that nothing later moves the day across midnight.
 */
function datePart(text: string | undefined): string | undefined {
  return text?.match(/^(\d{4}-\d{2}-\d{2})[T ]/)?.[1] ?? text;
}

function selectAll(database: SqliteDatabase, table: string): SqliteRecord[] {
  // rowid is each record's place in its table: what a problem names, a database having no lines.
  return database.prepare(`SELECT rowid AS row_number, * FROM ${table} ORDER BY rowid`).all();
}

function readTables(database: SqliteDatabase, databaseName: string): SourceReading {
  const vehicleColumns = columnsOf(database, 'vehicles');
  if (!vehicleColumns.has('nickname') || columnsOf(database, 'fillups').size === 0) {
    throw new NotHammondError(
      `${baseName(databaseName)} is a database, but not Hammond's: it has no vehicles and fill-ups.`,
    );
  }
  // A database has no lines: a record is named by its table, as an entry is by its archive, and
  // by its place in that table.
  const fillupsName = `${databaseName}/fillups`;
  const expensesName = `${databaseName}/expenses`;
  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const vehicles: SourceVehicle[] = [];
  const vehicleEnergy = new Map<string, Energy | undefined>();
  const deletedVehicles = new Set<string>();
  const distanceUnits: Tally<number> = new Map();
  /** Litres and gallons only: a charge's kWh says nothing of the volume unit. */
  const volumeUnits: Tally<number> = new Map();
  const currencies: Tally<string> = new Map();
  let firstDate: string | undefined;

  for (const record of selectAll(database, 'vehicles')) {
    const key = String(record.id);
    if (record.deleted_at !== null && record.deleted_at !== undefined) {
      deletedVehicles.add(key);
      continue;
    }
    const energy = FUEL_TYPES[asNumber(record.fuel_type) ?? -1];
    const fuelUnit = FUEL_UNITS[asNumber(record.fuel_unit) ?? -1]?.unit;
    const year = asNumber(record.year_of_manufacture);
    const make = asText(record.make);
    const model = asText(record.model);
    const described = [year || undefined, make, model].filter(Boolean).join(' ');
    vehicleEnergy.set(key, energy);
    vehicles.push({
      key,
      name: asText(record.nickname) ?? (described || 'Hammond vehicle'),
      ...(year ? { year } : {}),
      ...(make ? { make } : {}),
      ...(model ? { model } : {}),
      ...(asText(record.registration) ? { licensePlate: asText(record.registration) } : {}),
      ...(asText(record.vin) ? { vin: asText(record.vin) } : {}),
      ...(energy ? { energies: [energy] } : {}),
      ...(fuelUnit && fuelUnit !== 'minutes' ? { quantityUnit: fuelUnit } : {}),
    });
  }

  /** The vehicle a record belongs to; null when the record is to be passed over silently. */
  const vehicleOf = (record: SqliteRecord, file: string, line: number): string | null => {
    const key = String(record.vehicle_id);
    if (record.deleted_at !== null && record.deleted_at !== undefined) return null;
    if (deletedVehicles.has(key)) return null;
    if (vehicleEnergy.has(key)) return key;
    problems.push({ file, line, reason: 'Its vehicle is not in the backup' });
    return null;
  };

  for (const record of selectAll(database, 'fillups')) {
    const line = asNumber(record.row_number) ?? 0;
    const vehicle = vehicleOf(record, fillupsName, line);
    if (vehicle === null) continue;
    const date = datePart(asText(record.date));
    if (!date) {
      problems.push({ file: fillupsName, line, reason: 'No date' });
      continue;
    }
    const fuelUnitCode = asNumber(record.fuel_unit) ?? -1;
    const fuelUnit = FUEL_UNITS[fuelUnitCode]?.unit;
    if (fuelUnit === undefined) {
      problems.push({ file: fillupsName, line, reason: `Unknown fuel unit ${fuelUnitCode}` });
      continue;
    }
    if (fuelUnit === 'minutes') {
      problems.push({ file: fillupsName, line, reason: 'Charge measured in minutes, not kWh' });
      continue;
    }
    const energy = fuelUnit === 'kWh' ? 'electricity' : vehicleEnergy.get(vehicle);
    const amounts = {
      quantity: amount(record.fuel_quantity),
      unitPrice: amount(record.per_unit_price),
      totalCost: amount(record.total_amount),
    };
    const missing = missingAmountsReason(amounts, energy);
    if (missing) {
      problems.push({ file: fillupsName, line, reason: missing });
      continue;
    }
    const distanceCode = asNumber(record.distance_unit);
    const distanceUnit = DISTANCE_UNITS[distanceCode ?? -1]?.unit;
    const odometer = asNumber(record.odo_reading);
    const isFull = asBoolean(record.is_tank_full);
    const missedPrevious = asBoolean(record.has_missed_fillup);
    const currency = asCurrency(record.currency);
    const place = asText(record.filling_station);
    const notes = joinNotes(asText(record.fuel_sub_type), asText(record.comments));
    count(distanceUnits, distanceCode);
    if (fuelUnit === 'L' || fuelUnit === 'galUK' || fuelUnit === 'galUS') {
      count(volumeUnits, fuelUnitCode);
    }
    count(currencies, currency);
    firstDate ??= asText(record.date);
    rows.push({
      kind: 'energy',
      file: fillupsName,
      line,
      vehicle,
      date,
      // Hammond's odometer is a whole number with no "none": 0 is what an unknown reading became.
      ...(odometer ? { odometer } : {}),
      ...(energy ? { energy } : {}),
      ...givenAmounts(amounts),
      ...(isFull !== undefined ? { isFull } : {}),
      ...(missedPrevious !== undefined ? { missedPrevious } : {}),
      ...(currency ? { currency } : {}),
      ...(place ? { place } : {}),
      ...(notes ? { notes } : {}),
      ...(distanceUnit ? { distanceUnit } : {}),
      quantityUnit: fuelUnit,
    });
  }

  for (const record of selectAll(database, 'expenses')) {
    const line = asNumber(record.row_number) ?? 0;
    const vehicle = vehicleOf(record, expensesName, line);
    if (vehicle === null) continue;
    const date = datePart(asText(record.date));
    if (!date) {
      problems.push({ file: expensesName, line, reason: 'No date' });
      continue;
    }
    const type = asText(record.expense_type);
    const meaning = type ? EXPENSE_TYPES.find(({ words }) => words.test(type))?.meaning : undefined;
    if (!meaning) {
      problems.push({
        file: expensesName,
        line,
        reason: type
          ? `“${type}” is not maintenance or a repair, so it is not imported`
          : 'Expense without a type',
      });
      continue;
    }
    const distanceCode = asNumber(record.distance_unit);
    const distanceUnit = DISTANCE_UNITS[distanceCode ?? -1]?.unit;
    const odometer = asNumber(record.odo_reading);
    const cost = amount(record.amount);
    const currency = asCurrency(record.currency);
    const notes = asText(record.comments);
    count(distanceUnits, distanceCode);
    count(currencies, currency);
    firstDate ??= asText(record.date);
    rows.push({
      kind: meaning.kind,
      file: expensesName,
      line,
      vehicle,
      date,
      title: type,
      ...(meaning.category ? { category: meaning.category } : {}),
      ...(odometer ? { odometer } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(currency ? { currency } : {}),
      ...(notes ? { notes } : {}),
      ...(distanceUnit ? { distanceUnit } : {}),
    });
  }

  const distanceCode = shared(distanceUnits);
  const volumeUnitCode = shared(volumeUnits);
  const distance = DISTANCE_UNITS[distanceCode ?? -1];
  const volume = FUEL_UNITS[volumeUnitCode ?? -1];
  const currency = shared(currencies);
  return {
    vehicles,
    rows,
    problems,
    stated: {
      ...(distance
        ? {
            distanceUnit: {
              value: distance.unit,
              evidence: `Hammond's distance unit on every record: ${distanceCode} (${distance.name})`,
            },
          }
        : {}),
      ...(volume && volume.unit !== 'minutes'
        ? {
            volumeUnit: {
              value: volume.unit,
              evidence: `Hammond's fuel unit on every fill-up by volume: ${volumeUnitCode} (${volume.name})`,
            },
          }
        : {}),
      ...(currency
        ? {
            currency: {
              value: currency,
              evidence: `Hammond's currency on every record: ${currency}`,
            },
          }
        : {}),
      ...(firstDate
        ? {
            dateFormat: {
              value: 'YYYY-MM-DD',
              evidence: `Hammond's database keeps dates as ${firstDate}`,
            },
          }
        : {}),
    },
  };
}

function readImportDocument(file: ImportFile, document: JsonDocument): SourceReading {
  if (!isJsonObject(document.value)) throw new Error('Hammond import document is not an object.');
  const vehicle = String(document.value.vehicleId);
  const rows: SourceRow[] = [];
  const problems: SourceProblem[] = [];
  for (const [item, index] of objectItems(document.value, 'data')) {
    const line = document.lineOf(`/data/${index}`);
    const date = datePart(textMember(item, 'date'));
    if (!date) {
      problems.push({ file: file.name, line, reason: 'No date' });
      continue;
    }
    const amounts = {
      quantity: nonZero(numberMember(item, 'fuelQuantity')),
      unitPrice: nonZero(numberMember(item, 'perUnitPrice')),
      totalCost: nonZero(numberMember(item, 'totalAmount')),
    };
    const missing = missingAmountsReason(amounts);
    if (missing) {
      problems.push({ file: file.name, line, reason: missing });
      continue;
    }
    const odometer = nonZero(numberMember(item, 'odoReading'));
    const isFull = booleanMember(item, 'isTankFull');
    const missedPrevious = booleanMember(item, 'hasMissedFillup');
    const place = textMember(item, 'fillingStation');
    const notes = joinNotes(textMember(item, 'fuelSubType'), textMember(item, 'comments'));
    rows.push({
      kind: 'energy',
      file: file.name,
      line,
      vehicle,
      // The document's times are wall-clock times in its `timezone` despite the trailing Z, so
      // the day as written is the day the user meant.
      date,
      ...(odometer !== undefined ? { odometer } : {}),
      ...givenAmounts(amounts),
      ...(isFull !== undefined ? { isFull } : {}),
      ...(missedPrevious !== undefined ? { missedPrevious } : {}),
      ...(place ? { place } : {}),
      ...(notes ? { notes } : {}),
    });
  }
  return {
    vehicles: [{ key: vehicle, name: 'Hammond vehicle' }],
    rows,
    problems,
    stated: {},
  };
}

function nonZero(value: RawNumber | undefined): RawNumber | undefined {
  return value === 0 || value === '0' ? undefined : value;
}

function read(files: ImportFile[]): SourceReading {
  const readings: SourceReading[] = [];
  for (const file of files) {
    if (isHammondDatabase(file)) readings.push(readDatabase(file));
    else {
      const document = jsonDocumentOf(file);
      if (document && isImportDocument(document)) {
        readings.push(readImportDocument(file, document));
      }
    }
  }
  if (readings.length === 0) throw new Error('No Hammond database or import document was found.');
  if (readings.length === 1) return readings[0]!;
  return {
    vehicles: readings.flatMap((reading) => reading.vehicles),
    rows: readings.flatMap((reading) => reading.rows),
    problems: readings.flatMap((reading) => reading.problems),
    stated: {},
  };
}

export const hammondSource: ImportSource = {
  format: 'hammond',
  label: 'Hammond',
  detect,
  read,
};
