/**
 * Fuelly's web export (fuelly.com, research §4.1): one CSV of fill-ups for all of a user's
 * vehicles, keyed by `car_name`. The user's units rename the columns (`l/100km, odometer, km,
 * litres` or `mpg, odometer, miles, gallons`), so the header states them; a title-case variant
 * (`Name, Model, MPG, …, Fuelup Date`) and the iOS app's export with a total column read alike.
 * Fuelly is an American site: its "gallons" are US gallons; kilometres and litres only when the
 * header names them.
 *
 * Checked against (research §4.1): the metric web export pasted in lubelog #2 (with its double
 * space) and the imperial header reported there, May's title-case variant, ISO and US dates. The
 * iOS export's total column is not documented by name (`total` is assumed). Samples are built by
 * hand from these; no file written by fuelly.com itself is among them.
 */
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import type { CsvRow } from './csv';
import { joinNotes, missingAmountsReason } from './energy-amounts';
import type {
  ImportFile,
  ImportSource,
  SourceEnergyRow,
  SourceReading,
  SourceVehicle,
  Stated,
} from './source';
import {
  type Columns,
  cellOf,
  definedOnly,
  findColumns,
  hasColumns,
  labelled,
  leadingRows,
  problemAt,
  readRows,
} from './table-reading';
import { yesOrNo } from './words';

const FUELLY_COLUMNS = {
  vehicle: ['car name', 'name'],
  model: ['model'],
  odometer: ['odometer'],
  kilometres: ['km'],
  miles: ['miles'],
  litres: ['litres', 'liters'],
  gallons: ['gallons'],
  /** Fuelly's price is per unit: the web export has no total. */
  unitPrice: ['price'],
  /** The iOS app's export adds the fill-up's total. */
  totalCost: ['total', 'total cost', 'total price', 'cost'],
  date: ['fuelup date'],
  isPartial: ['partial fuelup', 'partial'],
  hasMissed: ['missed fuelup', 'missed'],
  tags: ['tags'],
  notes: ['notes'],
  brand: ['brand'],
} as const;
type FuellyField = keyof typeof FUELLY_COLUMNS;

/** What makes a header Fuelly's: its date column's name, an odometer and a quantity. */
function isFuellyHeader(columns: Columns<FuellyField>): boolean {
  return (
    hasColumns(columns, ['date', 'odometer']) &&
    (columns.litres !== undefined || columns.gallons !== undefined)
  );
}

const quantityField = (columns: Columns<FuellyField>): FuellyField =>
  columns.litres !== undefined ? 'litres' : 'gallons';

/** The file's header row: the first record. */
function fuellyHeader(rows: CsvRow[]): { cells: string[]; columns: Columns<FuellyField> } | null {
  const header = rows[0];
  if (!header) return null;
  const columns = findColumns(header.cells, FUELLY_COLUMNS);
  return isFuellyHeader(columns) ? { cells: header.cells, columns } : null;
}

/** The header's own spelling of the columns that show it is Fuelly's. */
function headerEvidence(cells: string[], columns: Columns<FuellyField>): string {
  const shown = (['vehicle', 'date', quantityField(columns)] as const)
    .map((field) => columns[field])
    .filter((index): index is number => index !== undefined)
    .map((index) => cells[index]?.trim());
  return `Fuelly's header: ${shown.join(', ')}`;
}

/** The units the header names, with the header cell that names them. */
function statedUnits(cells: string[], columns: Columns<FuellyField>): SourceReading['stated'] {
  const named = (field: FuellyField) =>
    `Fuelly's header names a column "${cells[columns[field]!]?.trim()}"`;
  const distance: Stated<DistanceUnit> | undefined =
    columns.kilometres !== undefined
      ? { value: 'km', evidence: named('kilometres') }
      : columns.miles !== undefined
        ? { value: 'mi', evidence: named('miles') }
        : undefined;
  // Fuelly is American: its "gallons" are US gallons.
  const volume: Stated<QuantityUnit> =
    columns.litres !== undefined
      ? { value: 'L', evidence: named('litres') }
      : { value: 'galUS', evidence: named('gallons') };
  return { ...(distance && { distanceUnit: distance }), volumeUnit: volume };
}

const UNNAMED_VEHICLE = 'Fuelly vehicle';

function readFile(file: ImportFile, reading: SourceReading, vehicles: Map<string, SourceVehicle>) {
  const rows = readRows(file);
  const header = fuellyHeader(rows);
  if (!header) return;
  const { columns } = header;
  reading.stated = { ...reading.stated, ...statedUnits(header.cells, columns) };
  const quantity = quantityField(columns);
  for (const { cells, line } of rows.slice(1)) {
    const cell = (field: FuellyField) => cellOf(cells, columns, field);
    const vehicleName = cell('vehicle') ?? UNNAMED_VEHICLE;
    const known = vehicles.get(vehicleName);
    if (!known) {
      vehicles.set(
        vehicleName,
        definedOnly({ key: vehicleName, name: vehicleName, model: cell('model') }),
      );
    } else if (!known.model && cell('model')) known.model = cell('model');

    const date = cell('date');
    if (!date) {
      reading.problems.push(problemAt(file, line, 'No date'));
      continue;
    }
    const isPartial = yesOrNo(cell('isPartial'));
    const row: SourceEnergyRow = definedOnly({
      kind: 'energy',
      file: file.name,
      line,
      vehicle: vehicleName,
      date,
      odometer: cell('odometer'),
      quantity: cell(quantity),
      unitPrice: cell('unitPrice'),
      totalCost: cell('totalCost'),
      isFull: isPartial === undefined ? undefined : !isPartial,
      missedPrevious: yesOrNo(cell('hasMissed')),
      place: cell('brand'),
      notes: joinNotes(cell('notes'), labelled('Tags', cell('tags'))),
    });
    const missing = missingAmountsReason(row);
    if (missing) reading.problems.push(problemAt(file, line, missing));
    else reading.rows.push(row);
  }
}

const isFuellyFile = (file: ImportFile) => fuellyHeader(leadingRows(file, 2)) !== null;

export const fuellySource: ImportSource = {
  format: 'fuelly',
  label: 'Fuelly',
  detect(files) {
    for (const file of files) {
      const header = fuellyHeader(leadingRows(file, 2));
      if (header)
        return { format: 'fuelly', evidence: headerEvidence(header.cells, header.columns) };
    }
    return null;
  },
  read(files) {
    const reading: SourceReading = { vehicles: [], rows: [], problems: [], stated: {} };
    const vehicles = new Map<string, SourceVehicle>();
    const fuellyFiles = files.filter(isFuellyFile);
    if (fuellyFiles.length === 0) {
      throw new Error('No Fuelly export found: its header has fuelup_date and odometer columns');
    }
    for (const file of fuellyFiles) readFile(file, reading, vehicles);
    reading.vehicles = [...vehicles.values()];
    return reading;
  },
};
