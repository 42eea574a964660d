/**
 * Simply Auto's export (research §4.5): `SimplyAuto.zip`, whose `Vehicles.csv` names the vehicles
 * (`Row ID, Make, Model, Vehicle ID`) and whose `Fuel_Log.csv` holds every record, told apart by
 * `Record Type` (0 fuel, 1 service, 2 expense), its date split into `Day`, `Month` and `Year`.
 * A `Fuel_Log.csv` uploaded alone reads the same, its vehicles named by their id.
 *
 * Checked against: the Fuel_Log header of a third-party fixture said to follow the vendor's import
 * guide, and `Vehicles.csv` as lubelog #60 describes it (research §4.5); unverified against a real
 * export, English only. Samples are built by hand from these.
 */

import { missingAmountsReason } from './energy-amounts';
import { maintenanceCategoryOf } from './maintenance-categories';
import type { ImportFile, ImportSource, SourceReading, SourceVehicle } from './source';
import {
  type Columns,
  cellOf,
  definedOnly,
  EXPENSE_NOT_IMPORTED,
  findColumns,
  hasColumns,
  leadingRows,
  problemAt,
  readRows,
} from './table-reading';

const FUEL_LOG_COLUMNS = {
  vehicle: ['vehicle id'],
  odometer: ['odometer'],
  quantity: ['qty'],
  isPartial: ['partial tank'],
  hasMissed: ['missed fill up'],
  totalCost: ['total cost'],
  brand: ['fuel brand'],
  station: ['filling station'],
  notes: ['notes'],
  day: ['day'],
  month: ['month'],
  year: ['year'],
  recordType: ['record type'],
  description: ['record desc'],
} as const;
type FuelLogField = keyof typeof FUEL_LOG_COLUMNS;
const FUEL_LOG_REQUIRED: readonly FuelLogField[] = [
  'vehicle',
  'recordType',
  'day',
  'month',
  'year',
];

const VEHICLE_COLUMNS = {
  vehicle: ['vehicle id'],
  make: ['make'],
  model: ['model'],
} as const;
type VehicleField = keyof typeof VEHICLE_COLUMNS;

/** `Record Type` as the kind of row it makes; expenses are not imported. */
const RECORD_TYPES: Readonly<Record<string, 'energy' | 'maintenance' | 'expense'>> = {
  '0': 'energy',
  '1': 'maintenance',
  '2': 'expense',
};

/** Simply Auto writes its flags as 0/1. */
const isOne = (value: string | undefined) => (value === undefined ? undefined : value === '1');

function fuelLogColumns(header: readonly string[]): Columns<FuelLogField> | null {
  const columns = findColumns(header, FUEL_LOG_COLUMNS);
  return hasColumns(columns, FUEL_LOG_REQUIRED) ? columns : null;
}

function vehicleColumns(header: readonly string[]): Columns<VehicleField> | null {
  const columns = findColumns(header, VEHICLE_COLUMNS);
  return hasColumns(columns, ['vehicle', 'make', 'model']) && !fuelLogColumns(header)
    ? columns
    : null;
}

const headerOf = (file: ImportFile) => leadingRows(file, 1)[0]?.cells ?? [];

/**
 * The ISO date of a row's `Day`, `Month` and `Year` (months count from 1: the import guide's
 * months go up to 12), or the reason there is none.
 */
export function isoDateOf(
  day: string | undefined,
  month: string | undefined,
  year: string | undefined,
): { date: string } | { reason: string } {
  if (day === undefined || month === undefined || year === undefined) return { reason: 'No date' };
  const parts = [day, month, year];
  const spelled = `Day ${day}, Month ${month}, Year ${year}`;
  if (!parts.every((part) => /^\d+$/.test(part)) || year.length !== 4) {
    return { reason: `${spelled} is not a date` };
  }
  const [dayNumber, monthNumber, yearNumber] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(yearNumber, monthNumber - 1, dayNumber));
  const isReal =
    date.getUTCFullYear() === yearNumber &&
    date.getUTCMonth() === monthNumber - 1 &&
    date.getUTCDate() === dayNumber;
  if (!isReal) return { reason: `${spelled} is not a date` };
  return { date: date.toISOString().slice(0, 10) };
}

function readVehicles(files: ImportFile[]): Map<string, SourceVehicle> {
  const vehicles = new Map<string, SourceVehicle>();
  for (const file of files) {
    const columns = vehicleColumns(headerOf(file));
    if (!columns) continue;
    for (const { cells } of readRows(file).slice(1)) {
      const id = cellOf(cells, columns, 'vehicle');
      if (!id) continue;
      const make = cellOf(cells, columns, 'make');
      const model = cellOf(cells, columns, 'model');
      const name = [make, model].filter(Boolean).join(' ') || `Simply Auto vehicle ${id}`;
      vehicles.set(id, definedOnly({ key: id, name, make, model }));
    }
  }
  return vehicles;
}

function readFuelLog(
  file: ImportFile,
  columns: Columns<FuelLogField>,
  vehicles: Map<string, SourceVehicle>,
  reading: SourceReading,
) {
  for (const { cells, line } of readRows(file).slice(1)) {
    const cell = (field: FuelLogField) => cellOf(cells, columns, field);
    const recordType = cell('recordType');
    const kind = recordType === undefined ? undefined : RECORD_TYPES[recordType];
    if (kind === 'expense') {
      reading.problems.push(problemAt(file, line, EXPENSE_NOT_IMPORTED));
      continue;
    }
    if (kind === undefined) {
      reading.problems.push(problemAt(file, line, `Unknown record type ${recordType ?? '(none)'}`));
      continue;
    }
    const dated = isoDateOf(cell('day'), cell('month'), cell('year'));
    if ('reason' in dated) {
      reading.problems.push(problemAt(file, line, dated.reason));
      continue;
    }
    const id = cell('vehicle') ?? 'unnamed';
    if (!vehicles.has(id)) vehicles.set(id, { key: id, name: `Simply Auto vehicle ${id}` });
    const common = {
      file: file.name,
      line,
      vehicle: id,
      date: dated.date,
      odometer: cell('odometer'),
    };
    if (kind === 'maintenance') {
      const title = cell('description');
      reading.rows.push(
        definedOnly({
          kind,
          ...common,
          title,
          category: maintenanceCategoryOf(title),
          cost: cell('totalCost'),
          location: cell('station'),
          notes: cell('notes'),
        }),
      );
      continue;
    }
    const isPartial = isOne(cell('isPartial'));
    const row = definedOnly({
      kind,
      ...common,
      quantity: cell('quantity'),
      totalCost: cell('totalCost'),
      isFull: isPartial === undefined ? undefined : !isPartial,
      missedPrevious: isOne(cell('hasMissed')),
      place: cell('station') ?? cell('brand'),
      notes: cell('notes'),
    });
    const missing = missingAmountsReason(row);
    if (missing) reading.problems.push(problemAt(file, line, missing));
    else reading.rows.push(row);
  }
}

export const simplyAutoSource: ImportSource = {
  format: 'simply-auto',
  label: 'Simply Auto',
  detect(files) {
    for (const file of files) {
      const header = headerOf(file);
      const columns = fuelLogColumns(header);
      if (!columns) continue;
      const named = (['vehicle', 'recordType', 'day', 'month', 'year'] as const).map((field) =>
        header[columns[field]!]?.trim(),
      );
      return {
        format: 'simply-auto',
        evidence: `Simply Auto's Fuel_Log columns: ${named.join(', ')}`,
      };
    }
    return null;
  },
  read(files) {
    const reading: SourceReading = {
      vehicles: [],
      rows: [],
      problems: [],
      // Dates are built from their parts here, so they are ISO whatever the phone's locale.
      stated: {
        dateFormat: {
          value: 'YYYY-MM-DD',
          evidence: "Simply Auto's dates come in Day, Month and Year columns",
        },
      },
    };
    const vehicles = readVehicles(files);
    let hasFuelLog = false;
    for (const file of files) {
      const columns = fuelLogColumns(headerOf(file));
      if (!columns) continue;
      hasFuelLog = true;
      readFuelLog(file, columns, vehicles, reading);
    }
    if (!hasFuelLog) {
      throw new Error(
        'No Simply Auto Fuel_Log.csv found: its header has Vehicle ID and Record Type',
      );
    }
    reading.vehicles = [...vehicles.values()];
    return reading;
  },
};
