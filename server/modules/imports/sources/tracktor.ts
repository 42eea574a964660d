/**
 * Tracktor's JSON export (research §4.9): `{version: "1.0", timestamp, encrypted, data: {…}}`,
 * one list per table as Drizzle selects it (javedh-dev/tracktor
 * `src/server/services/data-transfer.service.ts`, tables in `src/server/db/schema/`): vehicles,
 * fuel logs (→ energy) and maintenance logs (→ maintenance) are read; insurance policies,
 * pollution certificates and reminders become a problem each. The units and the time zone are
 * the app's settings, exported in `data.configs` (`unitOfDistance`, `unitOfVolume`, `timezone`;
 * `src/lib/helper/settings-form.helper.ts`).
 *
 * `data.users` and `data.sessions` carry password hashes and session tokens: they are never read,
 * not even for a vehicle's owner.
 *
 * Checked against: samples built by hand from those sources (export version "1.0", plain and
 * encrypted, metric and imperial settings); no export written by Tracktor itself.
 */
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import { givenAmounts, missingAmountsReason } from './energy-amounts';
import {
  booleanMember,
  isJsonObject,
  type JsonDocument,
  type JsonObject,
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
  SourceRow,
  SourceVehicle,
  Stated,
} from './source';

/** A vehicle's `fuelType`; a hybrid without a plug fills up with petrol. */
const FUEL_TYPES: Record<string, Energy> = {
  petrol: 'gasoline',
  gasoline: 'gasoline',
  hybrid: 'gasoline',
  diesel: 'diesel',
  ev: 'electricity',
  electric: 'electricity',
  lpg: 'lpg',
  cng: 'cng',
};

/** The settings' Intl unit names; Intl's "gallon" is the US gallon. */
const DISTANCE_UNITS: Record<string, DistanceUnit> = { kilometer: 'km', mile: 'mi' };
const QUANTITY_UNITS: Record<string, QuantityUnit> = {
  liter: 'L',
  gallon: 'galUS',
  kilogram: 'kg',
};

/** Tables of the export that hold what Garage Ledger does not keep, with the problem each gets. */
const NOT_IMPORTED: { table: string; reason: string }[] = [
  { table: 'insurances', reason: 'Insurance policies are not imported' },
  { table: 'puccs', reason: 'Pollution certificates are not imported' },
  { table: 'reminders', reason: 'Reminders are not imported: add them again as schedules' },
];

const ENCRYPTED_MESSAGE =
  'This Tracktor export is protected with a password. Export it again without one.';

function isTracktorExport(document: JsonDocument | null): document is JsonDocument {
  if (!document || !isJsonObject(document.value)) return false;
  const { version, data } = document.value;
  if (typeof version !== 'string' || !('encrypted' in document.value)) return false;
  // An encrypted export's data is one opaque string.
  if (typeof data === 'string') return true;
  return isJsonObject(data) && Array.isArray(data.vehicles) && Array.isArray(data.fuelLogs);
}

function detect(files: ImportFile[]): Detection | null {
  const file = files.find((candidate) => isTracktorExport(jsonDocumentOf(candidate)));
  if (!file) return null;
  return {
    format: 'tracktor',
    evidence: "Tracktor's export: version, encrypted, data.vehicles and data.fuelLogs",
  };
}

/** The settings, key → value, from `data.configs`. */
function settingsOf(data: JsonObject): Map<string, string> {
  const settings = new Map<string, string>();
  for (const [config] of objectItems(data, 'configs')) {
    const key = textMember(config, 'key');
    const value = textMember(config, 'value');
    if (key && value) settings.set(key, value);
  }
  return settings;
}

/**
 * The day a stored date means. Tracktor turns the day the user picked into the instant of its
 * midnight in the settings' time zone ("2024-01-15" in Asia/Kolkata is stored as
 * 2024-01-14T18:30:00.000Z), so the instant is read back in that zone, as Tracktor shows it.
 */
export function dayInTimeZone(stored: string, timeZone: string | undefined): string {
  const isInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(
    stored,
  );
  if (!isInstant) return stored;
  const instant = new Date(stored);
  if (!timeZone || Number.isNaN(instant.getTime())) return stored.slice(0, 10);
  const format = dayFormatIn(timeZone);
  // An unknown zone name: the day as written.
  return format ? format(instant) : stored.slice(0, 10);
}

const dayFormats = new Map<string, ((instant: Date) => string) | null>();

/** The zone's calendar day of an instant as YYYY-MM-DD; one formatter per zone, they are slow. */
function dayFormatIn(timeZone: string): ((instant: Date) => string) | null {
  if (!dayFormats.has(timeZone)) {
    try {
      const formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      dayFormats.set(timeZone, (instant) => {
        const parts = Object.fromEntries(
          formatter.formatToParts(instant).map(({ type, value }) => [type, value]),
        );
        return `${parts.year}-${parts.month}-${parts.day}`;
      });
    } catch {
      dayFormats.set(timeZone, null);
    }
  }
  return dayFormats.get(timeZone) ?? null;
}

function positive(value: RawNumber | undefined): RawNumber | undefined {
  return typeof value === 'number' && value <= 0 ? undefined : value;
}

/** The work's short name: the first line of the notes, when it is short enough to be one. */
function titleFrom(notes: string | undefined): string | undefined {
  const firstLine = notes?.split('\n')[0]?.trim();
  return firstLine && firstLine.length <= 60 ? firstLine : undefined;
}

function read(files: ImportFile[]): SourceReading {
  const file = files.find((candidate) => isTracktorExport(jsonDocumentOf(candidate)));
  const document = file ? jsonDocumentOf(file) : null;
  if (!file || !document || !isJsonObject(document.value)) {
    throw new Error('No Tracktor export was found.');
  }
  const { data } = document.value;
  // Tracktor marks an export encrypted when asked to, even when no password came with the
  // request and the data stayed plain: only a data string is really protected.
  if (typeof data === 'string') throw new Error(ENCRYPTED_MESSAGE);
  if (!isJsonObject(data)) throw new Error('This Tracktor export holds no data.');

  const settings = settingsOf(data);
  const timeZone = settings.get('timezone');
  const distanceSetting = settings.get('unitOfDistance');
  const distanceUnit = DISTANCE_UNITS[distanceSetting ?? ''];
  const volumeSetting = settings.get('unitOfVolume');
  /** The unit a vehicle's quantities are in, by its energy, from the settings. */
  const unitSettingFor = (energy: Energy | undefined): string | undefined => {
    if (energy === 'lpg') return settings.get('unitOfLpg') ?? volumeSetting;
    if (energy === 'cng') return settings.get('unitOfCng') ?? volumeSetting;
    return volumeSetting;
  };
  const quantityUnitFor = (energy: Energy | undefined): QuantityUnit | undefined =>
    energy === 'electricity' ? 'kWh' : QUANTITY_UNITS[unitSettingFor(energy) ?? ''];

  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const vehicles: SourceVehicle[] = [];
  const energyOf = new Map<string, Energy | undefined>();
  const at = (table: string, index: number) => document.lineOf(`/data/${table}/${index}`);

  for (const [item] of objectItems(data, 'vehicles')) {
    const key = textMember(item, 'id');
    if (!key) continue;
    const energy = FUEL_TYPES[textMember(item, 'fuelType')?.toLowerCase() ?? 'petrol'];
    const year = Number(textMember(item, 'year')) || undefined;
    const make = textMember(item, 'make');
    const model = textMember(item, 'model');
    const licensePlate = textMember(item, 'licensePlate');
    const vin = textMember(item, 'vin');
    const color = textMember(item, 'color');
    const quantityUnit = quantityUnitFor(energy);
    energyOf.set(key, energy);
    vehicles.push({
      key,
      name: [year, make, model].filter(Boolean).join(' ') || licensePlate || 'Tracktor vehicle',
      ...(year ? { year } : {}),
      ...(make ? { make } : {}),
      ...(model ? { model } : {}),
      ...(licensePlate ? { licensePlate } : {}),
      ...(vin ? { vin } : {}),
      ...(color ? { color } : {}),
      ...(energy ? { energies: [energy] } : {}),
      ...(distanceUnit ? { distanceUnit } : {}),
      ...(quantityUnit ? { quantityUnit } : {}),
    });
  }

  /** The vehicle of a log, or a problem when the export lacks it. */
  const vehicleOf = (item: JsonObject, line: number): string | undefined => {
    const key = textMember(item, 'vehicleId');
    if (key && energyOf.has(key)) return key;
    problems.push({ file: file.name, line, reason: 'Its vehicle is not in the export' });
    return undefined;
  };

  for (const [item, index] of objectItems(data, 'fuelLogs')) {
    const line = at('fuelLogs', index);
    const vehicle = vehicleOf(item, line);
    if (!vehicle) continue;
    const stored = textMember(item, 'date');
    if (!stored) {
      problems.push({ file: file.name, line, reason: 'No date' });
      continue;
    }
    const energy = energyOf.get(vehicle);
    const quantityUnit = quantityUnitFor(energy);
    if (!quantityUnit && unitSettingFor(energy)) {
      problems.push({
        file: file.name,
        line,
        reason: `Quantities in ${unitSettingFor(energy)}s cannot be imported`,
      });
      continue;
    }
    const amounts = {
      quantity: positive(numberMember(item, 'fuelAmount')),
      unitPrice: positive(numberMember(item, 'rate')),
      totalCost: positive(numberMember(item, 'cost')),
    };
    const missing = missingAmountsReason(amounts, energy);
    if (missing) {
      problems.push({ file: file.name, line, reason: missing });
      continue;
    }
    const odometer = positive(numberMember(item, 'odometer'));
    const isFull = booleanMember(item, 'filled');
    const missedPrevious = booleanMember(item, 'missedLast');
    const notes = textMember(item, 'notes');
    rows.push({
      kind: 'energy',
      file: file.name,
      line,
      vehicle,
      date: dayInTimeZone(stored, timeZone),
      ...(odometer !== undefined ? { odometer } : {}),
      ...(energy ? { energy } : {}),
      ...givenAmounts(amounts),
      ...(isFull !== undefined ? { isFull } : {}),
      ...(missedPrevious !== undefined ? { missedPrevious } : {}),
      ...(notes ? { notes } : {}),
      ...(distanceUnit ? { distanceUnit } : {}),
      ...(quantityUnit ? { quantityUnit } : {}),
    });
  }

  for (const [item, index] of objectItems(data, 'maintenanceLogs')) {
    const line = at('maintenanceLogs', index);
    const vehicle = vehicleOf(item, line);
    if (!vehicle) continue;
    const stored = textMember(item, 'date');
    if (!stored) {
      problems.push({ file: file.name, line, reason: 'No date' });
      continue;
    }
    const odometer = positive(numberMember(item, 'odometer'));
    const cost = numberMember(item, 'cost');
    const location = textMember(item, 'serviceCenter');
    const notes = textMember(item, 'notes');
    const title = titleFrom(notes);
    rows.push({
      kind: 'maintenance',
      file: file.name,
      line,
      vehicle,
      date: dayInTimeZone(stored, timeZone),
      ...(title ? { title } : {}),
      ...(notes ? { description: notes } : {}),
      ...(odometer !== undefined ? { odometer } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(location ? { location } : {}),
      ...(distanceUnit ? { distanceUnit } : {}),
    });
  }

  for (const { table, reason } of NOT_IMPORTED) {
    for (const [, index] of objectItems(data, table)) {
      problems.push({ file: file.name, line: at(table, index), reason });
    }
  }

  const currency = settings.get('currency');
  const firstDate = objectItems(data, 'fuelLogs')
    .map(([item]) => textMember(item, 'date'))
    .find(Boolean);
  const volumeUnit = QUANTITY_UNITS[volumeSetting ?? ''];
  const stated: SourceReading['stated'] = {};
  if (distanceUnit) {
    stated.distanceUnit = setting('unitOfDistance', distanceSetting, distanceUnit);
  }
  if (volumeUnit) stated.volumeUnit = setting('unitOfVolume', volumeSetting, volumeUnit);
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    stated.currency = setting('currency', currency, currency);
  }
  if (firstDate) {
    stated.dateFormat = {
      value: 'YYYY-MM-DD',
      evidence: `Tracktor keeps dates as ${firstDate}${timeZone ? `, read in its time zone ${timeZone}` : ''}`,
    };
  }
  return { vehicles, rows, problems, stated };
}

function setting<Value>(key: string, spelled: string | undefined, value: Value): Stated<Value> {
  return { value, evidence: `Tracktor's setting ${key}: ${spelled}` };
}

export const tracktorSource: ImportSource = {
  format: 'tracktor',
  label: 'Tracktor',
  detect,
  read,
};
