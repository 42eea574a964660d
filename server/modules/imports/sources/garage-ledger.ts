/**
 * Garage Ledger's own JSON export (D21; versions 1 to 3, docs/data-formats.md) as an import: its
 * vehicles, records, fill-ups and charges, and the odometer readings entered alone. Its photos
 * and PDFs are links that only work in the account they came from, so they are not imported;
 * a backup zip, which carries them, is restored whole instead.
 */
import { EXPORT_FORMAT } from '@contract/accounts';
import { ENERGIES, type Energy } from '@contract/energy';
import {
  DISTANCE_UNITS,
  type DistanceUnit,
  QUANTITY_UNITS,
  type QuantityUnit,
} from '@contract/units';
import type {
  ImportFile,
  ImportSource,
  SourceReading,
  SourceRecordRow,
  SourceRow,
  SourceVehicle,
} from './source';

type Row = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const number = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
    ? value
    : undefined;
const list = (value: unknown): Row[] =>
  Array.isArray(value)
    ? value.filter((item): item is Row => typeof item === 'object' && item !== null)
    : [];
const oneOf = <Value extends string>(values: readonly Value[], value: unknown) =>
  values.includes(value as Value) ? (value as Value) : undefined;

/** The export's JSON document, when the file is one (any file name; the JSON says). */
function exportDocumentOf(file: ImportFile): Row | null {
  if (
    file.bytes.length === 0 ||
    !/^\s*\{/.test(
      file.bytes
        .subarray(0, 64)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
  ) {
    return null;
  }
  try {
    const document = JSON.parse(file.text()) as unknown;
    if (typeof document !== 'object' || document === null) return null;
    return (document as Row).format === EXPORT_FORMAT ? (document as Row) : null;
  } catch {
    return null;
  }
}

const RECORD_LISTS = [
  ['maintenance', 'maintenance'],
  ['repairs', 'repairs'],
  ['modifications', 'modifications'],
] as const;

function read(files: ImportFile[]): SourceReading {
  const file = files.find((candidate) => exportDocumentOf(candidate) !== null);
  const document = file ? exportDocumentOf(file) : null;
  if (!file || !document) throw new Error('This file is not a Garage Ledger export.');
  const name = file.name;
  const vehicles: SourceVehicle[] = list(document.vehicles).map((vehicle) => {
    const energies = Array.isArray(vehicle.energies)
      ? vehicle.energies.filter((energy): energy is Energy => ENERGIES.includes(energy as Energy))
      : undefined;
    return {
      key: String(vehicle.id),
      name: [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' '),
      year: typeof vehicle.year === 'number' ? vehicle.year : undefined,
      make: text(vehicle.make),
      model: text(vehicle.model),
      trim: text(vehicle.trim),
      vin: text(vehicle.vin),
      licensePlate: text(vehicle.licensePlate),
      color: text(vehicle.color),
      notes: text(vehicle.notes),
      energies: energies && energies.length > 0 ? energies : undefined,
      tankCapacity: number(vehicle.tankCapacity),
      // Version 1 had no unit: its mileage was in miles (the spec's only unit).
      distanceUnit: oneOf<DistanceUnit>(DISTANCE_UNITS, vehicle.odometerUnit) ?? 'mi',
    };
  });
  const known = new Set(vehicles.map((vehicle) => vehicle.key));
  const rows: SourceRow[] = [];
  const problems: SourceReading['problems'] = [];
  // The JSON has no lines; a row is named by its list and place, counted from 1.
  let line = 0;
  const place = () => {
    line += 1;
    return line;
  };
  for (const [list_, kind] of RECORD_LISTS) {
    for (const record of list(document[list_])) {
      const at = place();
      const vehicle = String(record.vehicleId);
      if (!known.has(vehicle)) continue;
      if (!text(record.date)) {
        // Open work without a date cannot be placed in a history: it stays behind, said.
        problems.push({
          file: name,
          line: at,
          reason: `A ${kind} record without a date ("${text(record.title) ?? text(record.category) ?? ''}")`,
        });
        continue;
      }
      const row: SourceRecordRow = {
        kind,
        file: name,
        line: at,
        vehicle,
        date: String(record.date),
        odometer: number(record.odometer),
        title: text(record.title),
        category: text(record.category),
        description: text(record.description),
        cost: number(record.cost),
        location: text(record.location),
        technician: text(record.technician),
        notes: text(record.notes),
        isCompleted: record.isCompleted === true,
      };
      rows.push(row);
    }
  }
  for (const entry of list(document.energyEntries)) {
    const at = place();
    const vehicle = String(entry.vehicleId);
    if (!known.has(vehicle)) continue;
    rows.push({
      kind: 'energy',
      file: name,
      line: at,
      vehicle,
      date: String(entry.date ?? ''),
      odometer: number(entry.odometer),
      energy: oneOf<Energy>(ENERGIES, entry.energy),
      quantity: number(entry.quantity),
      quantityUnit: oneOf<QuantityUnit>(QUANTITY_UNITS, entry.unit),
      unitPrice: number(entry.unitPrice),
      totalCost: number(entry.totalCost),
      isFull: typeof entry.isFull === 'boolean' ? entry.isFull : undefined,
      missedPrevious: typeof entry.missedPrevious === 'boolean' ? entry.missedPrevious : undefined,
      place: text(entry.place),
      notes: text(entry.notes),
    });
  }
  for (const reading of list(document.odometerReadings)) {
    const at = place();
    const vehicle = String(reading.vehicleId);
    // Readings of entries and records come with them; those entered alone are rows of their own.
    if (!known.has(vehicle) || (reading.source !== 'manual' && reading.source !== 'import'))
      continue;
    rows.push({
      kind: 'odometer',
      file: name,
      line: at,
      vehicle,
      date: String(reading.date ?? ''),
      odometer: number(reading.odometer) ?? '',
    });
  }
  // A backup's photos and documents come back with a restore, which this import is not.
  const stored = list(document.files);
  if (stored.some((entry) => typeof entry.path === 'string')) {
    problems.push({
      file: name,
      line: 0,
      reason: `The backup's ${stored.length} photos and documents are not imported: restore the backup (Account Settings › Data) to bring them back too.`,
    });
  }
  const preferences = (document.preferences ?? {}) as Row;
  return {
    vehicles,
    rows,
    problems,
    stated: {
      decimalSeparator: { value: '.', evidence: 'Garage Ledger exports write numbers as JSON.' },
      dateFormat: { value: 'YYYY-MM-DD', evidence: 'Garage Ledger exports write ISO dates.' },
      volumeUnit: {
        value: oneOf<QuantityUnit>(QUANTITY_UNITS, preferences.volumeUnit) ?? 'galUS',
        evidence: 'Each fill-up states its unit.',
      },
      distanceUnit: { value: 'mi', evidence: 'Each vehicle states its odometer unit.' },
      ...(text(preferences.currency)
        ? {
            currency: {
              value: String(preferences.currency),
              evidence: 'The export names its currency.',
            },
          }
        : {}),
    },
  };
}

export const garageLedgerSource: ImportSource = {
  format: 'garage-ledger',
  label: 'Garage Ledger',
  detect: (files) => {
    const file = files.find((candidate) => exportDocumentOf(candidate) !== null);
    return file
      ? {
          format: 'garage-ledger',
          evidence: `A Garage Ledger export ("format": "${EXPORT_FORMAT}").`,
        }
      : null;
  },
  read,
};
