/**
 * Garage Ledger's own JSON export (D21; versions 1 to 3, docs/data-formats.md) as an import: its
 * vehicles, records, fill-ups and charges, and the odometer readings entered alone, read through
 * the contract's schema of the document. Its photos and PDFs are links that only work in the
 * account they came from, so they are not imported; a backup zip, which carries them, is
 * restored whole instead.
 *
 * Checked against: documents written by this app's own export in the tests (version 3); versions
 * 1 and 2 only as docs/data-formats.md describes them, without a sample.
 */
import { EXPORT_FORMAT } from '@contract/accounts';
import type { ExportDocument } from '@contract/backup';
import { ENERGIES, type Energy } from '@contract/energy';
import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { exportDocumentSchema } from '@contract/schemas/backup';
import {
  DISTANCE_UNITS,
  type DistanceUnit,
  QUANTITY_UNITS,
  type QuantityUnit,
} from '@contract/units';
import type { ImportFile, ImportSource, SourceReading, SourceRow, SourceVehicle } from './source';

/** A file whose JSON says it is an export (any file name; the JSON says). */
function isExport(file: ImportFile): boolean {
  const start = file.bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (!/^\s*\{/.test(start)) return false;
  try {
    return (JSON.parse(file.text()) as { format?: unknown }).format === EXPORT_FORMAT;
  } catch {
    return false;
  }
}

const oneOf = <Value extends string>(values: readonly Value[], value: string | null) =>
  values.includes(value as Value) ? (value as Value) : undefined;
const given = (value: string | null) => value ?? undefined;

/** The export's record lists, one per kind, by the kind's collection name. */
const RECORD_LISTS = RECORD_TYPES.map((type) => RECORD_KINDS[type].collection);

function read(files: ImportFile[]): SourceReading {
  const file = files.find(isExport);
  if (!file) throw new Error('This file is not a Garage Ledger export.');
  const parsed = exportDocumentSchema.safeParse(JSON.parse(file.text()));
  if (!parsed.success) throw new Error('This Garage Ledger export is damaged or incomplete.');
  const document: ExportDocument = parsed.data;
  const name = file.name;
  const vehicles: SourceVehicle[] = document.vehicles.map((vehicle) => {
    const energies = vehicle.energies.filter((energy): energy is Energy =>
      ENERGIES.includes(energy as Energy),
    );
    return {
      key: String(vehicle.id),
      name: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: given(vehicle.trim),
      vin: given(vehicle.vin),
      licensePlate: given(vehicle.licensePlate),
      color: given(vehicle.color),
      notes: given(vehicle.notes),
      energies: energies.length > 0 ? energies : undefined,
      tankCapacity: vehicle.tankCapacity ?? undefined,
      distanceUnit: oneOf<DistanceUnit>(DISTANCE_UNITS, vehicle.odometerUnit) ?? 'mi',
    };
  });
  const known = new Set(vehicles.map((vehicle) => vehicle.key));
  const rows: SourceRow[] = [];
  const problems: SourceReading['problems'] = [];
  // The JSON has no lines; a row is named by its place in the document, counted from 1.
  let line = 0;
  for (const kind of RECORD_LISTS) {
    for (const record of document[kind]) {
      line += 1;
      const vehicle = String(record.vehicleId);
      if (!known.has(vehicle)) continue;
      if (record.date === null) {
        // Open work without a date cannot be placed in a history: it stays behind, said.
        problems.push({
          file: name,
          line,
          reason: `A ${kind} record without a date ("${record.title ?? record.category}")`,
        });
        continue;
      }
      rows.push({
        kind,
        file: name,
        line,
        vehicle,
        date: record.date,
        odometer: record.odometer ?? undefined,
        title: given(record.title),
        category: record.category,
        description: given(record.description),
        cost: record.cost ?? undefined,
        location: given(record.location),
        technician: given(record.technician),
        notes: given(record.notes),
        isCompleted: record.isCompleted,
      });
    }
  }
  for (const entry of document.energyEntries) {
    line += 1;
    const vehicle = String(entry.vehicleId);
    if (!known.has(vehicle)) continue;
    rows.push({
      kind: 'energy',
      file: name,
      line,
      vehicle,
      date: entry.date,
      odometer: entry.odometer ?? undefined,
      energy: oneOf<Energy>(ENERGIES, entry.energy),
      quantity: entry.quantity,
      quantityUnit: oneOf<QuantityUnit>(QUANTITY_UNITS, entry.unit),
      unitPrice: entry.unitPrice,
      totalCost: entry.totalCost,
      isFull: entry.isFull,
      missedPrevious: entry.missedPrevious,
      place: given(entry.place),
      notes: given(entry.notes),
    });
  }
  for (const reading of document.odometerReadings) {
    line += 1;
    const vehicle = String(reading.vehicleId);
    // Readings of entries and records come with them; those entered alone are rows of their own.
    if (!known.has(vehicle) || (reading.source !== 'manual' && reading.source !== 'import')) {
      continue;
    }
    rows.push({
      kind: 'odometer',
      file: name,
      line,
      vehicle,
      date: reading.date,
      odometer: reading.odometer,
    });
  }
  // A backup's photos and documents come back with a restore, which this import is not.
  if (document.files.some((stored) => stored.path !== null)) {
    problems.push({
      file: name,
      line: 0,
      reason: `The backup's ${document.files.length} photos and documents are not imported: restore the backup (Account Settings › Data) to bring them back too.`,
    });
  }
  const { preferences } = document;
  return {
    vehicles,
    rows,
    problems,
    stated: {
      decimalSeparator: { value: '.', evidence: 'Garage Ledger exports write numbers as JSON.' },
      dateFormat: { value: 'YYYY-MM-DD', evidence: 'Garage Ledger exports write ISO dates.' },
      volumeUnit: { value: preferences.volumeUnit, evidence: 'Each fill-up states its unit.' },
      distanceUnit: { value: 'mi', evidence: 'Each vehicle states its odometer unit.' },
      currency: { value: preferences.currency, evidence: 'The export names its currency.' },
    },
  };
}

export const garageLedgerSource: ImportSource = {
  format: 'garage-ledger',
  label: 'Garage Ledger',
  detect: (files) =>
    files.some(isExport)
      ? {
          format: 'garage-ledger',
          evidence: `A Garage Ledger export ("format": "${EXPORT_FORMAT}").`,
        }
      : null,
  read,
};
