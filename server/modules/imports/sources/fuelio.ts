/**
 * Fuelio's backup CSV (research §4.4): `vehicle-<id>-sync.csv`, one vehicle per file, made of
 * `"## Vehicle"`, `"## Log"`, `"## CostCategories"`, `"## Costs"`, `"## FavStations"` and
 * `"## Category"` blocks with different column counts (a plain CSV reader trips on it). The
 * `.csv.zip` container arrives expanded; several files are several vehicles.
 *
 * Each fill-up takes the unit of the tank it fills (`TankNumber`): tank 1's is the Log's
 * quantity label (`Fuel (litres)`, or plainly `kg` for a gas car), tank 2's its FuelUnitTank2;
 * a fuel measured only one way (CNG in kg, a charge in kWh) is in that unit whatever the codes.
 * Built-in cost categories are known by their id, which the phone's language does not change;
 * the user's own by their name.
 *
 * Checked against (research §4.4): tigattack's `fuelio_backup_sample.csv` (a current export in
 * miles and litres: the Vehicle, Log, CostCategories, Costs, FavStations and Category blocks, the
 * built-in category ids 1–9 and 31 without a colour, the user's from 32 with one), the older
 * header without spaces of FuelioImport's `FuelioBackupBuilder.php`, the `Fuel (us gallons)`
 * label of FuelioImport #3, a plug-in hybrid's second tank in kWh (a third-party fixture), and a
 * Thai export's `"2","บำรุงรักษา"` category quoted in public code. The plain `kg` label of a gas car
 * comes from a report of a real CNG/petrol export, not a published file; the FuelUnit code of a
 * tank in kg is not documented and not relied on. Samples are built by hand.
 */
import { ENERGY_KINDS, type Energy } from '@contract/energy';
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
} from './source';
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

/**
 * Fuelio's built-in cost categories by their id, which stays the same whatever the phone's
 * language (an Italian or a Thai phone writes the names in its own words: `"2","บำรุงรักษา"`).
 * The ids and English names are those of the documented sample's `## CostCategories` block
 * (research §4.4), where the built-in ones have no colour; null is an expense, not work on the car.
 */
const BUILT_IN_COST_CATEGORIES: Record<string, { name: string; kind: RecordKind | null }> = {
  '1': { name: 'Service', kind: 'maintenance' },
  '2': { name: 'Maintenance', kind: 'maintenance' },
  '4': { name: 'Registration', kind: null },
  '5': { name: 'Parking', kind: null },
  '6': { name: 'Wash', kind: null },
  '7': { name: 'Tolls', kind: null },
  '8': { name: 'Tickets/Fines', kind: null },
  '9': { name: 'Tuning', kind: 'modifications' },
  '31': { name: 'Insurance', kind: null },
};

type RecordKind = SourceRecordRow['kind'];

/**
 * Categories the user made (ids from 32 on in the sample, with a colour) are known only by the
 * name the user typed: these names are work on the car; the rest are expenses.
 */
const USER_CATEGORY_KINDS: Record<string, RecordKind> = {
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
  // The quantity's label is its unit: `Fuel (litres)`, `Fuel (kg)`, or a gas car's plain `kg`.
  ['quantity', /^(fuel(\(.*\))?|kg|kwh|m3|litres|liters|l|gal|gallons|usgallons|ukgallons)$/],
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

/**
 * Units in the Log's labels, the words in brackets (`Odo (mi)`, `Fuel (us gallons)`) or the whole
 * label when it is a unit alone (`kg`). "gallons" alone says not whose.
 */
const DISTANCE_LABELS: readonly [DistanceUnit, RegExp][] = [
  ['km', /^km$/],
  ['mi', /^mi(les)?$/],
];
const QUANTITY_LABELS: readonly [QuantityUnit, RegExp][] = [
  ['L', /^(litres|liters|l)$/],
  ['galUS', /^us ?gal(lons)?$/],
  ['galUK', /^(uk|imp\.?|imperial) ?gal(lons)?$/],
  ['kWh', /^kwh$/],
  ['kg', /^kg$/],
];

function unitOfLabel<Unit>(label: string, table: readonly [Unit, RegExp][]): Unit | undefined {
  const words = plainWords(label);
  const unitWords = /\(([^)]*)\)/.exec(words)?.[1]?.trim() ?? words;
  return table.find(([, pattern]) => pattern.test(unitWords))?.[0];
}

// ---- One file -----------------------------------------------------------------------------

type FileReading = {
  vehicle: SourceVehicle;
  rows: SourceRow[];
  problems: SourceProblem[];
  /** The Log's header could not be read: none of its fill-ups is in `rows`. */
  isLogRefused: boolean;
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

/** One of a vehicle's tanks: its energy (Tank1Type, Tank2Type) and unit code (FuelUnit, FuelUnitTank2). */
type TankSetting = { energy: Energy | undefined; unitCode: string; unitColumn: string };

type VehicleSettings = {
  vehicle: SourceVehicle;
  distanceCode: string;
  dateFormat?: Stated<string>;
  /** Tank 1, and tank 2 when there is one (a plug-in hybrid's battery, a bi-fuel car's gas). */
  tanks: TankSetting[];
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
  const tanks: TankSetting[] = [
    {
      energy: energyOfFuelCode(get('tank1type')),
      unitCode: get('fuelunit'),
      unitColumn: 'FuelUnit',
    },
  ];
  if (tankCount >= 2) {
    tanks.push({
      energy: energyOfFuelCode(get('tank2type')),
      unitCode: get('fuelunittank2'),
      unitColumn: 'FuelUnitTank2',
    });
  }
  const energies = [...new Set(tanks.map((tank) => tank.energy).filter((energy) => !!energy))];
  const capacity = get('tank1capacity');
  const notes = [get('description'), secondTankWords(tanks[1]?.energy, get('tank2capacity'))]
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
    ...(dateFormat && {
      dateFormat: { value: dateFormat, evidence: `Fuelio's ImportCSVDateFormat: ${pattern}` },
    }),
    tanks,
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

/** A few of a header's cells, to name a header that could not be read. */
function headerWords(header: CsvRow): string {
  const cells = header.cells.map((cell) => cell.trim()).filter(Boolean);
  return cells.length > 6 ? `${cells.slice(0, 6).join(', ')}, …` : cells.join(', ');
}

function readLog(
  file: ImportFile,
  section: CsvSection | undefined,
  settings: VehicleSettings,
  tankUnits: (QuantityUnit | undefined)[],
  stations: Map<string, string>,
  reading: FileReading,
): void {
  if (!section?.header) return;
  const columns = columnsOf(section.header, LOG_HEADERS);
  if (columns.date === undefined || columns.quantity === undefined) {
    const count = section.rows.length;
    reading.isLogRefused = true;
    reading.problems.push({
      file: file.name,
      line: section.header.line,
      reason: `The columns of ${section.marker} are not recognised (${headerWords(section.header)}): its ${count === 1 ? 'fill-up' : `${count} fill-ups`} cannot be imported`,
    });
    return;
  }
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
    const energy = energyOfFuelCode(cell('fuelType')) ?? settings.tanks[tank]?.energy;
    // The tank's unit, unless the fuel is one only measured one way (CNG in kg, a charge in kWh).
    const unit =
      energy && ENERGY_KINDS[energy].measure !== 'volume'
        ? ENERGY_KINDS[energy].units[0]
        : tankUnits[tank];
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
      // A plug-in hybrid's charges sit in the fuel column in kWh, whatever its label says; a
      // bi-fuel car's petrol in litres beside its gas in kg.
      ...(unit !== undefined && unit !== settings.vehicle.quantityUnit && { quantityUnit: unit }),
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
    const builtIn = BUILT_IN_COST_CATEGORIES[categoryId];
    const categoryName = categoryNames.get(categoryId) || builtIn?.name;
    if (categoryName === undefined) {
      problem(`Unknown cost category ${categoryId || '(none)'}`);
      continue;
    }
    const kind = builtIn ? builtIn.kind : USER_CATEGORY_KINDS[plainWords(categoryName)];
    if (!kind) {
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

type LogUnits = Pick<FileReading, 'distance' | 'volume'> & {
  /** What tank 1's and tank 2's quantities are in. */
  tankUnits: (QuantityUnit | undefined)[];
};

/**
 * The unit of one tank's quantities. A fuel measured only one way (CNG in kg, electricity in
 * kWh) is in that unit whatever the codes say (a plug-in hybrid's battery keeps FuelUnitTank2 0).
 * Otherwise: the Log's label for tank 1 (`Fuel (litres)`, `kg`), which is what the numbers below
 * are in, else the tank's unit code (FuelUnit, FuelUnitTank2).
 */
function tankUnitOf(
  tank: TankSetting,
  label: Stated<QuantityUnit> | undefined,
): Stated<QuantityUnit> | undefined {
  const { energy } = tank;
  if (energy && ENERGY_KINDS[energy].measure !== 'volume') {
    const unit = ENERGY_KINDS[energy].units[0]!;
    return { value: unit, evidence: `Fuelio's ${ENERGY_KINDS[energy].label} tank, in ${unit}` };
  }
  if (label) return label;
  const coded = VOLUME_UNIT_CODES[tank.unitCode];
  return coded
    ? {
        value: coded,
        evidence: `Fuelio's ${tank.unitColumn} ${tank.unitCode} (${VOLUME_UNIT_NAMES[coded]})`,
      }
    : undefined;
}

/**
 * The units of the Log's numbers: its labels (`Odo (mi)`, `Fuel (litres)`) when they carry
 * them, else the vehicle's DistUnit and each tank's unit code. The file's volume unit is that of
 * its first tank of liquid fuel.
 */
function unitsOf(log: CsvSection | undefined, settings: VehicleSettings): LogUnits {
  const columns = log?.header ? columnsOf(log.header, LOG_HEADERS) : {};
  const odometerLabel = log?.header?.cells[columns.odometer ?? -1] ?? '';
  const quantityLabel = log?.header?.cells[columns.quantity ?? -1] ?? '';
  const labelDistance = unitOfLabel(odometerLabel, DISTANCE_LABELS);
  const labelQuantity = unitOfLabel(quantityLabel, QUANTITY_LABELS);
  const settingDistance = DISTANCE_UNIT_CODES[settings.distanceCode];
  const units: LogUnits = { tankUnits: [] };
  if (labelDistance) {
    units.distance = { value: labelDistance, evidence: `Fuelio's Log header: ${odometerLabel}` };
  } else if (settingDistance) {
    units.distance = {
      value: settingDistance,
      evidence: `Fuelio's DistUnit ${settings.distanceCode} (${DISTANCE_UNIT_NAMES[settingDistance]})`,
    };
  }
  const label = labelQuantity && {
    value: labelQuantity,
    evidence: `Fuelio's Log header: ${quantityLabel}`,
  };
  const tankUnits = settings.tanks.map((tank, index) =>
    tankUnitOf(tank, index === 0 ? label : undefined),
  );
  units.tankUnits = tankUnits.map((unit) => unit?.value);
  const volume = tankUnits.find((unit) => unit && isVolumeUnit(unit.value)) ?? tankUnits[0];
  if (volume) units.volume = volume;
  return units;
}

function isVolumeUnit(unit: QuantityUnit): boolean {
  return unit in VOLUME_UNIT_NAMES;
}

function readFuelioFile(file: ImportFile): FileReading {
  const sections = new Map<string, CsvSection>();
  for (const section of readSections(file.text())) {
    const name = plainWords(section.name);
    if (!sections.has(name)) sections.set(name, section);
  }
  const settings = readVehicleBlock(file, sections.get('vehicle'));
  const log = sections.get('log');
  const { tankUnits, ...units } = unitsOf(log, settings);
  settings.vehicle = {
    ...settings.vehicle,
    ...(units.distance && { distanceUnit: units.distance.value }),
    ...(units.volume && { quantityUnit: units.volume.value }),
  };
  const reading: FileReading = {
    vehicle: settings.vehicle,
    rows: [],
    problems: [],
    isLogRefused: false,
    ...units,
    // A gas tank's kg is no volume: the file states a volume only when a tank holds a liquid.
    ...(units.volume && !isVolumeUnit(units.volume.value) && { volume: undefined }),
    ...(settings.dateFormat && { dateFormat: settings.dateFormat }),
  };
  readLog(file, log, settings, tankUnits, stationNames(sections.get('favstations')), reading);
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
    // A vehicle whose log could not be read and that has nothing else would be added empty: the
    // problem says why, and nothing is added.
    vehicles: readings
      .filter((reading) => !reading.isLogRefused || reading.rows.length > 0)
      .map((reading) => reading.vehicle),
    rows: readings.flatMap((reading) => reading.rows),
    problems: readings.flatMap((reading) => reading.problems),
    stated: {
      ...(distanceUnit && { distanceUnit }),
      ...(volumeUnit && { volumeUnit }),
      ...(dateFormat && { dateFormat }),
    },
  };
}

export const fuelioSource: ImportSource = { format: 'fuelio', label: 'Fuelio', detect, read };
