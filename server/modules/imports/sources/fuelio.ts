/**
 * Fuelio's backup CSV (research §4.4): `vehicle-<id>-sync.csv`, one vehicle per file, made of
 * `"## Vehicle"`, `"## Log"`, `"## CostCategories"`, `"## Costs"`, `"## FavStations"` and
 * `"## Category"` blocks with different column counts (a plain CSV reader trips on it). The
 * `.csv.zip` container arrives expanded; several files are several vehicles.
 */
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import type { CsvRow } from './csv';
import { maintenanceCategoryOf } from './maintenance-categories';
import {
  type CsvSection,
  cellAt,
  isZeroSpelling,
  markerName,
  markersOf,
  readSections,
} from './sectioned-csv';
import type {
  Detection,
  ImportFile,
  ImportSource,
  SourceEnergyRow,
  SourceProblem,
  SourceReading,
  SourceRecordRow,
  SourceRow,
  SourceVehicle,
  Stated,
  UnknownColumns,
} from './source';
import { noteUntakenColumns } from './table-reading';
import { plainWords } from './words';

/** A vehicle whose file has no `## Vehicle` block, or no name in it. */
export const FUELIO_DEFAULT_VEHICLE = 'Fuelio vehicle';

// ---- Codes --------------------------------------------------------------------------------

/** The vehicle's DistUnit and FuelUnit settings. */
const DISTANCE_UNIT_CODES: Record<string, DistanceUnit> = { '0': 'km', '1': 'mi' };
const VOLUME_UNIT_CODES: Record<string, QuantityUnit> = { '0': 'L', '1': 'galUS', '2': 'galUK' };
const DISTANCE_UNIT_NAMES: Record<DistanceUnit, string> = { km: 'kilometres', mi: 'miles' };
const VOLUME_UNIT_NAMES: Partial<Record<QuantityUnit, string>> = {
  L: 'litres',
  galUS: 'US gallons',
  galUK: 'imperial gallons',
};

/**
 * Fuel type codes: the hundreds name the family (1xx gasoline, 2xx diesel, 3xx ethanol, 4xx LPG,
 * 5xx CNG and biogas, 6xx electricity), a few codes differ from their family. 700 (flex) and
 * −1/0 (unknown, unset) name no energy: the tank's type does, else the vehicle's first energy.
 */
const FUEL_FAMILY_ENERGIES: Record<number, Energy> = {
  1: 'gasoline',
  2: 'diesel',
  3: 'e85',
  4: 'lpg',
  5: 'cng',
  6: 'electricity',
};
const FUEL_CODE_ENERGIES: Record<number, Energy> = {
  // DEF on its own is AdBlue; "Diesel Adblue" (217) is diesel that a car with AdBlue burns.
  216: 'adblue',
  217: 'diesel',
  // Low ethanol blends are sold and burnt as gasoline.
  301: 'gasoline',
  302: 'gasoline',
  303: 'gasoline',
  309: 'gasoline',
  310: 'gasoline',
};

function energyOfFuelCode(cell: string): Energy | undefined {
  const code = Number.parseInt(cell, 10);
  if (!Number.isInteger(code) || code < 100) return undefined;
  return FUEL_CODE_ENERGIES[code] ?? FUEL_FAMILY_ENERGIES[Math.floor(code / 100)];
}

/** Cost categories by the name the file gives them; the rest are expenses, not work on the car. */
const COST_CATEGORY_KINDS: Record<string, SourceRecordRow['kind']> = {
  service: 'maintenance',
  maintenance: 'maintenance',
  repair: 'repairs',
  repairs: 'repairs',
  tuning: 'modifications',
  accessories: 'modifications',
};

// ---- Headers ------------------------------------------------------------------------------

type LogField =
  | 'date'
  | 'odometer'
  | 'quantity'
  | 'isFull'
  | 'totalCost'
  | 'city'
  | 'notes'
  | 'missed'
  | 'tankNumber'
  | 'fuelType'
  | 'unitPrice'
  | 'stationId';

/**
 * The Log's headers, compared without spaces and without "(optional)": the current export writes
 * `Odo (km)`, `Price (optional)`; an older one `Odo(km)`, `Price(optional)`. The odometer's and the
 * fuel's labels carry their units.
 */
const LOG_HEADERS: readonly [LogField, RegExp][] = [
  ['date', /^data$/],
  ['odometer', /^odo(\(.*\))?$/],
  ['quantity', /^fuel(\(.*\))?$/],
  ['isFull', /^full$/],
  // The total: 46.301 L at 1.449 is "Price (optional)" 67.09.
  ['totalCost', /^price$/],
  ['city', /^city$/],
  ['notes', /^notes$/],
  ['missed', /^missed$/],
  ['tankNumber', /^tanknumber$/],
  ['fuelType', /^fueltype$/],
  ['unitPrice', /^volumeprice$/],
  ['stationId', /^stationid$/],
];

function headerKeyOf(cell: string): string {
  return plainWords(cell)
    .replace(/\(optional\)/g, '')
    .replace(/\s+/g, '');
}

function columnsOf<Field extends string>(
  header: CsvRow,
  table: readonly [Field, RegExp][],
): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  header.cells.forEach((cell, index) => {
    const key = headerKeyOf(cell);
    const field = table.find(([, pattern]) => pattern.test(key))?.[0];
    if (field !== undefined) columns[field] ??= index;
  });
  return columns;
}

/** Units in the Log's labels: `Odo (mi)`, `Fuel (us gallons)`. "gallons" alone says not whose. */
const DISTANCE_LABELS: readonly [DistanceUnit, RegExp][] = [
  ['km', /\(km\)/],
  ['mi', /\(mi(les)?\)/],
];
const VOLUME_LABELS: readonly [QuantityUnit, RegExp][] = [
  ['L', /\((litres|liters|l)\)/],
  ['galUS', /\(us ?gal(lons)?\)/],
  ['galUK', /\((uk|imp\.?|imperial) ?gal(lons)?\)/],
  ['kWh', /\(kwh\)/],
  ['kg', /\(kg\)/],
];

function unitOfLabel<Unit>(label: string, table: readonly [Unit, RegExp][]): Unit | undefined {
  const words = plainWords(label);
  return table.find(([, pattern]) => pattern.test(words))?.[0];
}

// ---- One file -----------------------------------------------------------------------------

type FileReading = {
  unknownColumns?: UnknownColumns[];
  vehicle: SourceVehicle;
  rows: SourceRow[];
  problems: SourceProblem[];
  distance?: Stated<DistanceUnit>;
  volume?: Stated<QuantityUnit>;
  dateFormat?: Stated<string>;
};

/** Cells of a block's rows by header name (the Vehicle, CostCategories and Costs blocks). */
function recordsOf(
  section: CsvSection | undefined,
): { row: CsvRow; get: (name: string) => string }[] {
  if (!section?.header) return [];
  const columns = new Map<string, number>();
  section.header.cells.forEach((cell, index) => {
    const key = headerKeyOf(cell);
    if (!columns.has(key)) columns.set(key, index);
  });
  return section.rows.map((row) => ({
    row,
    get: (name: string) => cellAt(row, columns.get(name.toLowerCase())),
  }));
}

/**
 * Fuelio's date pattern (`yyyy-MM-dd`, `dd.MM.yyyy`, `MM/dd/yyyy`) in the pipeline's words
 * (`YYYY-MM-DD`, `DD.MM.YYYY`, `MM/DD/YYYY`); undefined for anything else.
 */
function dateFormatOf(pattern: string): string | undefined {
  const words = pattern.trim().replace(/y+/g, 'YYYY').replace(/M+/g, 'MM').replace(/d+/g, 'DD');
  return /^(YYYY|MM|DD)([-./])(YYYY|MM|DD)\2(YYYY|MM|DD)$/.test(words) ? words : undefined;
}

type VehicleSettings = {
  vehicle: SourceVehicle;
  distanceCode: string;
  volumeCode: string;
  dateFormat?: Stated<string>;
  /** The energy of tank 1 and tank 2 (a plug-in hybrid's battery, an LPG car's gas tank). */
  tankEnergies: (Energy | undefined)[];
};

/** One vehicle per file: the file is the vehicle's key. */
function vehicleKeyOf(file: ImportFile): string {
  return file.name;
}

/**
 * The second tank's capacity, which a vehicle here has no field for (a plug-in hybrid's battery
 * is not its tank), kept in the vehicle's notes.
 */
function secondTankWords(energy: Energy | undefined, capacity: string): string {
  if (capacity === '' || isZeroSpelling(capacity)) return '';
  return energy === 'electricity'
    ? `Battery capacity: ${capacity} kWh`
    : `Second tank capacity: ${capacity} L`;
}

function readVehicleBlock(file: ImportFile, section: CsvSection | undefined): VehicleSettings {
  const [record] = recordsOf(section);
  const get = record?.get ?? (() => '');
  const make = get('make');
  const model = get('model');
  const year = Number.parseInt(get('year'), 10);
  const tankCount = Number.parseInt(get('tankcount'), 10);
  const tankEnergies = [energyOfFuelCode(get('tank1type'))];
  if (tankCount >= 2) tankEnergies.push(energyOfFuelCode(get('tank2type')));
  const energies = [...new Set(tankEnergies.filter((energy) => energy !== undefined))];
  const capacity = get('tank1capacity');
  const notes = [get('description'), secondTankWords(tankEnergies[1], get('tank2capacity'))]
    .filter(Boolean)
    .join('\n');
  const pattern = get('importcsvdateformat');
  const dateFormat = dateFormatOf(pattern);
  const name = get('name') || [make, model].filter(Boolean).join(' ') || FUELIO_DEFAULT_VEHICLE;
  return {
    vehicle: {
      key: vehicleKeyOf(file),
      name,
      ...(make && { make }),
      ...(model && { model }),
      ...(Number.isInteger(year) && year > 1885 && { year }),
      ...(get('vin') && { vin: get('vin') }),
      ...(get('plate') && { licensePlate: get('plate') }),
      ...(notes && { notes }),
      ...(energies.length > 0 && { energies }),
      // Litres, whatever the vehicle's volume unit.
      ...(capacity !== '' && !isZeroSpelling(capacity) && { tankCapacity: capacity }),
    },
    distanceCode: get('distunit'),
    volumeCode: get('fuelunit'),
    ...(dateFormat && {
      dateFormat: { value: dateFormat, evidence: `Fuelio's ImportCSVDateFormat: ${pattern}` },
    }),
    tankEnergies,
  };
}

/** Favourite stations by id, to name the place of a fill-up that has no city. */
function stationNames(section: CsvSection | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const { get } of recordsOf(section)) {
    const id = get('stationid');
    const name = get('namebrand') || get('description');
    if (id && name) names.set(id, name);
  }
  return names;
}

/** An odometer of 0 is one Fuelio did not record (its costs carry `"0"` when none was typed). */
function odometerOf(cell: string): string | undefined {
  return cell === '' || isZeroSpelling(cell) ? undefined : cell;
}

function readLog(
  file: ImportFile,
  section: CsvSection | undefined,
  settings: VehicleSettings,
  stations: Map<string, string>,
  reading: FileReading,
): void {
  if (!section?.header) return;
  const columns = columnsOf(section.header, LOG_HEADERS);
  if (columns.date === undefined || columns.quantity === undefined) {
    reading.problems.push({
      file: file.name,
      line: section.header.line,
      reason: `The columns of ${section.marker} are not recognised: its rows cannot be imported`,
    });
    return;
  }
  noteUntakenColumns(reading, file, section.header.cells, Object.values(columns));
  for (const row of section.rows) {
    const cell = (field: LogField) => cellAt(row, columns[field]);
    const problem = (reason: string) =>
      reading.problems.push({ file: file.name, line: row.line, reason });
    const date = cell('date');
    if (date === '') {
      problem('No date');
      continue;
    }
    const quantity = cell('quantity');
    if (quantity === '' || isZeroSpelling(quantity)) {
      problem('Fuel quantity missing');
      continue;
    }
    const tank = cell('tankNumber') === '2' ? 1 : 0;
    const energy = energyOfFuelCode(cell('fuelType')) ?? settings.tankEnergies[tank];
    const odometer = odometerOf(cell('odometer'));
    const totalCost = cell('totalCost');
    // A unit price of 0 is one not typed: beside a total it would contradict it.
    const unitPrice = isZeroSpelling(cell('unitPrice')) ? '' : cell('unitPrice');
    const place = cell('city') || stations.get(cell('stationId')) || '';
    const notes = cell('notes');
    const energyRow: SourceEnergyRow = {
      kind: 'energy',
      file: file.name,
      line: row.line,
      vehicle: settings.vehicle.key,
      date,
      ...(odometer !== undefined && { odometer }),
      ...(energy !== undefined && { energy }),
      // A plug-in hybrid's charges sit in the fuel column in kWh, whatever its label says.
      ...(energy === 'electricity' && { quantityUnit: 'kWh' as const }),
      quantity,
      ...(unitPrice !== '' && { unitPrice }),
      ...(totalCost !== '' && { totalCost }),
      ...(cell('isFull') !== '' && { isFull: cell('isFull') === '1' }),
      ...(cell('missed') === '1' && { missedPrevious: true }),
      ...(place !== '' && { place }),
      ...(notes !== '' && { notes }),
    };
    reading.rows.push(energyRow);
  }
}

function readCosts(
  file: ImportFile,
  costs: CsvSection | undefined,
  categories: CsvSection | undefined,
  vehicleKey: string,
  reading: FileReading,
): void {
  const categoryNames = new Map<string, string>();
  for (const { get } of recordsOf(categories)) {
    // A category name may carry a stray BOM (seen in exports); it is not part of the name.
    categoryNames.set(
      get('costtypeid'),
      get('name')
        .replace(/\uFEFF/g, '')
        .trim(),
    );
  }
  for (const { row, get } of recordsOf(costs)) {
    // Templates are planned costs, incomes are money in, reminders are not done: none is a record.
    if (get('istemplate') === '1' || get('isincome') === '1') continue;
    const problem = (reason: string) =>
      reading.problems.push({ file: file.name, line: row.line, reason });
    const date = get('date');
    if (date === '') {
      problem('No date');
      continue;
    }
    const categoryId = get('costtypeid');
    const categoryName = categoryNames.get(categoryId);
    if (categoryName === undefined) {
      problem(`Unknown cost category ${categoryId || '(none)'}`);
      continue;
    }
    const kind = COST_CATEGORY_KINDS[plainWords(categoryName)];
    if (kind === undefined) {
      problem(`Cost category ${categoryName} is not imported`);
      continue;
    }
    const title = get('costtitle') || categoryName;
    const category = kind === 'maintenance' ? maintenanceCategoryOf(title) : undefined;
    const odometer = odometerOf(get('odo'));
    const cost = get('cost');
    const notes = get('notes');
    reading.rows.push({
      kind,
      file: file.name,
      line: row.line,
      vehicle: vehicleKey,
      date,
      ...(odometer !== undefined && { odometer }),
      title,
      ...(category !== undefined && { category }),
      ...(cost !== '' && { cost }),
      ...(notes !== '' && { notes }),
    });
  }
}

/**
 * The units of the Log's numbers: its labels (`Odo (mi)`, `Fuel (litres)`) when they carry
 * them, which is what the numbers below are in, else the vehicle's DistUnit and FuelUnit.
 */
function unitsOf(
  log: CsvSection | undefined,
  settings: VehicleSettings,
): Pick<FileReading, 'distance' | 'volume'> {
  const columns = log?.header ? columnsOf(log.header, LOG_HEADERS) : {};
  const odometerLabel = log?.header?.cells[columns.odometer ?? -1] ?? '';
  const quantityLabel = log?.header?.cells[columns.quantity ?? -1] ?? '';
  const labelDistance = unitOfLabel(odometerLabel, DISTANCE_LABELS);
  const labelVolume = unitOfLabel(quantityLabel, VOLUME_LABELS);
  const settingDistance = DISTANCE_UNIT_CODES[settings.distanceCode];
  const settingVolume = VOLUME_UNIT_CODES[settings.volumeCode];
  const units: Pick<FileReading, 'distance' | 'volume'> = {};
  if (labelDistance) {
    units.distance = { value: labelDistance, evidence: `Fuelio's Log header: ${odometerLabel}` };
  } else if (settingDistance) {
    units.distance = {
      value: settingDistance,
      evidence: `Fuelio's DistUnit ${settings.distanceCode} (${DISTANCE_UNIT_NAMES[settingDistance]})`,
    };
  }
  if (labelVolume) {
    units.volume = { value: labelVolume, evidence: `Fuelio's Log header: ${quantityLabel}` };
  } else if (settingVolume) {
    units.volume = {
      value: settingVolume,
      evidence: `Fuelio's FuelUnit ${settings.volumeCode} (${VOLUME_UNIT_NAMES[settingVolume]})`,
    };
  }
  return units;
}

function readFuelioFile(file: ImportFile): FileReading {
  const sections = new Map<string, CsvSection>();
  for (const section of readSections(file.text())) {
    const name = plainWords(section.name);
    if (!sections.has(name)) sections.set(name, section);
  }
  const settings = readVehicleBlock(file, sections.get('vehicle'));
  const log = sections.get('log');
  const units = unitsOf(log, settings);
  const reading: FileReading = {
    vehicle: {
      ...settings.vehicle,
      ...(units.distance && { distanceUnit: units.distance.value }),
      ...(units.volume && { quantityUnit: units.volume.value }),
    },
    rows: [],
    problems: [],
    ...units,
    ...(settings.dateFormat && { dateFormat: settings.dateFormat }),
  };
  readLog(file, log, settings, stationNames(sections.get('favstations')), reading);
  readCosts(
    file,
    sections.get('costs'),
    sections.get('costcategories'),
    settings.vehicle.key,
    reading,
  );
  return reading;
}

// ---- The source ---------------------------------------------------------------------------

/** Fuelio's file opens with its `## Vehicle` block and has a `## Log`. */
function isFuelioFile(file: ImportFile): boolean {
  const names = markersOf(file.text()).map(({ marker }) => plainWords(markerName(marker)));
  return names[0] === 'vehicle' && names.includes('log');
}

function detect(files: ImportFile[]): Detection | null {
  const file = files.find(isFuelioFile);
  if (!file) return null;
  return { format: 'fuelio', evidence: "Fuelio's backup sections: ## Vehicle, ## Log" };
}

/** A setting every file states alike; files that disagree leave it to their vehicles. */
function agreed<Value>(statements: (Stated<Value> | undefined)[]): Stated<Value> | undefined {
  const [first] = statements;
  if (first === undefined) return undefined;
  return statements.every((statement) => statement?.value === first.value) ? first : undefined;
}

function read(files: ImportFile[]): SourceReading {
  const fuelioFiles = files.filter(isFuelioFile);
  if (fuelioFiles.length === 0) throw new Error('None of the files is a Fuelio backup');
  const readings = fuelioFiles.map(readFuelioFile);
  const distanceUnit = agreed(readings.map((reading) => reading.distance));
  const volumeUnit = agreed(readings.map((reading) => reading.volume));
  const dateFormat = agreed(readings.map((reading) => reading.dateFormat));
  return {
    vehicles: readings.map((reading) => reading.vehicle),
    rows: readings.flatMap((reading) => reading.rows),
    problems: readings.flatMap((reading) => reading.problems),
    unknownColumns: readings.flatMap((reading) => reading.unknownColumns ?? []),
    stated: {
      ...(distanceUnit && { distanceUnit }),
      ...(volumeUnit && { volumeUnit }),
      ...(dateFormat && { dateFormat }),
    },
  };
}

export const fuelioSource: ImportSource = { format: 'fuelio', label: 'Fuelio', detect, read };
