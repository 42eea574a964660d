/**
 * MyGarage (research §4.9): the per-vehicle fuel and service CSV exports and the per-vehicle JSON
 * export. Read in homelabforge/mygarage `backend/app/routes/export.py` (headers, file names, the
 * JSON document, `units_version`/`unit_system` written into every row), `app/utils/csv_units.py`
 * and `csv_emission.py` (v6 headers name their unit, `Volume (gal_uk)`; older headers are read by
 * the file's marker, then its version, then its column names), `app/constants/fuel.py` (fuel type
 * words) and `app/schemas/service.py` (service categories and types).
 *
 * The unit is the trap MyGarage fell into itself (#128: a metric export read back as imperial grew
 * every figure by 1.609 or 3.785), so the unit of each column is decided the way MyGarage decides
 * it and stated with the words that say so. Neither export carries a charge's kWh: a charge comes
 * through only when its price per kWh and total cost survive to give the kWh back.
 *
 * Checked against: samples built by hand from those sources (fuel and service CSV v2, v5 and v6,
 * the JSON export), in English; no export written by MyGarage itself.
 */

import type {
  MAINTENANCE_CATEGORIES,
  MODIFICATION_ADD_CATEGORIES,
  REPAIR_CATEGORIES,
} from '@contract/categories';
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import { type CsvRow, headerKey, readCsv } from './csv';
import { filled, givenAmounts, joinNotes, missingAmountsReason } from './energy-amounts';
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

type VolumeUnit = 'L' | 'galUS' | 'galUK';

/** The v6 unit tokens a header may carry (`Odometer (mi)`, `Volume (gal_uk)`). */
const DISTANCE_TOKENS: Record<string, DistanceUnit> = { km: 'km', mi: 'mi' };
const VOLUME_TOKENS: Record<string, VolumeUnit> = { L: 'L', gal_us: 'galUS', gal_uk: 'galUK' };

/**
 * A column that holds a distance or a volume. A v6 base name takes a token ("Odometer (mi)"); a
 * legacy name says nothing of its unit, which the file's marker or version then settles, as
 * MyGarage reads it.
 */
type MeasuredColumnSpec<Unit> = { bases: string[]; legacy: string[]; tokens: Record<string, Unit> };

const ODOMETER_COLUMN: MeasuredColumnSpec<DistanceUnit> = {
  bases: ['Odometer'],
  legacy: ['Mileage'],
  tokens: DISTANCE_TOKENS,
};
const VOLUME_COLUMN: MeasuredColumnSpec<VolumeUnit> = {
  bases: ['Volume'],
  legacy: ['Liters', 'Gallons'],
  tokens: VOLUME_TOKENS,
};
const PRICE_COLUMN: MeasuredColumnSpec<VolumeUnit> = {
  bases: ['Price Per Unit'],
  legacy: ['Price Per Liter', 'Price Per Gallon', 'Price/Gal', 'Price Per Unit'],
  tokens: VOLUME_TOKENS,
};

type FuelRole =
  | 'unitsVersion'
  | 'unitSystem'
  | 'date'
  | 'rebate'
  | 'totalCost'
  | 'isFull'
  | 'missedPrevious'
  | 'fuelTypeUsed'
  | 'fuelType'
  | 'station'
  | 'socStart'
  | 'socEnd'
  | 'chargeLevel'
  | 'chargeLocation'
  | 'notes';

/** The fuel export's other columns, by `headerKey`. */
const FUEL_HEADERS: Record<string, FuelRole> = {
  units_version: 'unitsVersion',
  unit_system: 'unitSystem',
  date: 'date',
  rebate: 'rebate',
  'total cost': 'totalCost',
  'full tank': 'isFull',
  'missed fill-up': 'missedPrevious',
  'fuel type used': 'fuelTypeUsed',
  'fuel type': 'fuelType',
  station: 'station',
  'soc start (%)': 'socStart',
  'soc end (%)': 'socEnd',
  'charge level': 'chargeLevel',
  'charge location': 'chargeLocation',
  notes: 'notes',
};

type ServiceRole =
  | 'unitsVersion'
  | 'unitSystem'
  | 'date'
  | 'category'
  | 'description'
  | 'cost'
  | 'vendor'
  | 'notes';

/** The service export's columns, by `headerKey`; the v2 one called the category Service Type. */
const SERVICE_HEADERS: Record<string, ServiceRole> = {
  units_version: 'unitsVersion',
  unit_system: 'unitSystem',
  date: 'date',
  category: 'category',
  'service type': 'category',
  description: 'description',
  cost: 'cost',
  vendor: 'vendor',
  'vendor name': 'vendor',
  notes: 'notes',
};

/** MyGarage's fuel words (FuelTypeEnum and its normalisation map), as our energies. */
const FUEL_WORDS: Record<string, Energy> = {
  gasoline: 'gasoline',
  gas: 'gasoline',
  petrol: 'gasoline',
  regular: 'gasoline',
  unleaded: 'gasoline',
  premium: 'gasoline',
  midgrade: 'gasoline',
  'mid-grade': 'gasoline',
  '87': 'gasoline',
  '89': 'gasoline',
  '91': 'gasoline',
  '93': 'gasoline',
  hybrid: 'gasoline',
  diesel: 'diesel',
  biodiesel: 'diesel',
  b20: 'diesel',
  electric: 'electricity',
  ev: 'electricity',
  battery: 'electricity',
  e85: 'e85',
  'flex fuel': 'e85',
  ethanol: 'e85',
  propane_lpg: 'lpg',
  lpg: 'lpg',
  propane: 'lpg',
  cng: 'cng',
  'natural gas': 'cng',
  hydrogen: 'hydrogen',
};

const YES_NO: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
};

type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
type RepairCategory = (typeof REPAIR_CATEGORIES)[number];
type ModificationCategory = (typeof MODIFICATION_ADD_CATEGORIES)[number];

/** MyGarage's maintenance service types that have a category of ours. */
const MAINTENANCE_TYPES: Record<string, MaintenanceCategory> = {
  'general service': 'Scheduled Maintenance',
  'oil change': 'Oil Change',
  'tire rotation': 'Tire Rotation',
  'brake service': 'Brake Service',
  'transmission service': 'Fluid Change',
  'coolant flush': 'Fluid Change',
  'differential service': 'Fluid Change',
  'transfer case service': 'Fluid Change',
  'air filter replacement': 'Filter Replacement',
  'cabin filter replacement': 'Filter Replacement',
  'spark plug replacement': 'Spark Plugs',
  'battery replacement': 'Battery Service',
  'wheel alignment': 'Wheel Alignment',
  'engine tune-up': 'Engine Tune-up',
  'tire replacement': 'Replace',
  'wiper blade replacement': 'Replace',
};

/** MyGarage's upgrade types, as the modification categories. */
const UPGRADE_TYPES: Record<string, ModificationCategory> = {
  'performance upgrade': 'Performance',
  'suspension upgrade': 'Suspension',
  'lift kit': 'Suspension',
  'exhaust upgrade': 'Exhaust',
  'intake upgrade': 'Engine',
  'audio system upgrade': 'Electronics',
  'navigation system': 'Electronics',
  'backup camera': 'Electronics',
  'remote start': 'Electronics',
  'wheels/rims': 'Wheels & Tires',
  'lighting upgrade': 'Lighting',
  'window tinting': 'Exterior',
  'tonneau cover': 'Exterior',
  'towing package': 'Exterior',
};

type ServiceMeaning =
  | { kind: 'maintenance'; categories: Record<string, MaintenanceCategory>; otherwise?: undefined }
  | { kind: 'repairs'; categories?: undefined; otherwise: RepairCategory }
  | {
      kind: 'modifications';
      categories: Record<string, ModificationCategory>;
      otherwise?: undefined;
    }
  | { kind: 'not imported'; reason: string };

/** MyGarage's five service categories (schemas/service.py). */
const SERVICE_CATEGORIES: Record<string, ServiceMeaning> = {
  maintenance: { kind: 'maintenance', categories: MAINTENANCE_TYPES },
  inspection: { kind: 'maintenance', categories: {} },
  collision: { kind: 'repairs', otherwise: 'Body/Frame' },
  upgrades: { kind: 'modifications', categories: UPGRADE_TYPES },
  detailing: {
    kind: 'not imported',
    reason: 'Detailing is not imported: only maintenance, repairs and modifications are',
  },
};

const DEFAULT_VEHICLE_NAME = 'MyGarage vehicle';

// ——— Files and vehicles ———

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/**
 * The vehicle a file is of, from MyGarage's file names
 * (`2019_Toyota_Corolla_fuel_records_20240101.csv`, `…_complete_data_20240101.json`); the exports
 * hold no vehicle column.
 */
function vehicleFromFileName(name: string): Omit<SourceVehicle, 'key'> {
  const match = baseName(name).match(
    /^(\d{4})_(.+?)_(.+)_(?:fuel_records|service_records|complete_data)_\d{8}\b/,
  );
  if (!match) return { name: DEFAULT_VEHICLE_NAME };
  const [, year = '', make = '', model = ''] = match;
  return { name: `${year} ${make} ${model}`, year: Number(year), make, model };
}

type CsvKind = 'fuel' | 'service';

/** Which MyGarage CSV export a file is, from its header line alone; null for any other file. */
function myGarageCsvKind(file: ImportFile): CsvKind | null {
  const firstLine =
    file.bytes
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r\n?|\n/)[0] ?? '';
  const firstKeys = firstLine.split(',').map((cell) => headerKey(cell.replaceAll('"', '')));
  const has = (...keys: string[]) => keys.every((key) => firstKeys.includes(key));
  const isVersioned = firstKeys[0] === 'units_version' && firstKeys[1] === 'unit_system';
  // "Is Hauling" beside the fill-up flags is MyGarage's alone; so is the pair of marker columns.
  if (has('full tank', 'missed fill-up', 'is hauling')) return 'fuel';
  if (isVersioned && has('category', 'description', 'cost')) return 'service';
  return null;
}

function isVehicleExport(document: JsonDocument | null): document is JsonDocument {
  if (!document || !isJsonObject(document.value)) return false;
  const { vehicle, fuel_records, service_records, export_date } = document.value;
  return (
    isJsonObject(vehicle) &&
    typeof export_date === 'string' &&
    (Array.isArray(fuel_records) || Array.isArray(service_records))
  );
}

function detect(files: ImportFile[]): Detection | null {
  for (const file of files) {
    const csvKind = myGarageCsvKind(file);
    if (csvKind === 'fuel') {
      return {
        format: 'mygarage',
        evidence: "MyGarage's fuel export header: Full Tank, Missed Fill-up, Is Hauling",
      };
    }
    if (csvKind === 'service') {
      return {
        format: 'mygarage',
        evidence: "MyGarage's service export header: units_version, unit_system, Category",
      };
    }
    if (isVehicleExport(jsonDocumentOf(file))) {
      return {
        format: 'mygarage',
        evidence: "MyGarage's vehicle export: vehicle, fuel_records, service_records",
      };
    }
  }
  return null;
}

// ——— Units ———

type FileUnits = { distance: DistanceUnit; volume: VolumeUnit; evidence: string };

/**
 * The units of a file's legacy columns, in MyGarage's order of evidence: the `unit_system`
 * marker, then `units_version` (metric from v3), then, unversioned, the imperial column names.
 */
function fileUnits(marker: string, version: string, headers: string[]): FileUnits {
  const imperial = (volume: VolumeUnit, evidence: string): FileUnits => ({
    distance: 'mi',
    volume,
    evidence,
  });
  const metric = (evidence: string): FileUnits => ({ distance: 'km', volume: 'L', evidence });
  switch (marker) {
    case 'imperial':
      return imperial('galUS', "MyGarage's unit_system column: imperial");
    case 'imperial_uk':
      return imperial('galUK', "MyGarage's unit_system column: imperial_uk");
    case 'metric':
    case 'custom':
      return metric(`MyGarage's unit_system column: ${marker}`);
    case '':
      break;
    default:
      throw new Error(
        `This MyGarage file names an unknown unit system “${marker}”, so its figures cannot be read safely.`,
      );
  }
  if (version) {
    const number = Number(version);
    // MyGarage kept miles and US gallons until v3; it reads an unknown version as the old units.
    if (!Number.isInteger(number) || number < 3) {
      return imperial('galUS', `MyGarage's units_version ${version}, before it kept metric values`);
    }
    return metric(`MyGarage's units_version ${version}, which keeps metric values`);
  }
  const names = new Set(headers);
  if ((names.has('Mileage') || names.has('Gallons')) && !names.has('Liters')) {
    return imperial('galUS', "MyGarage's unversioned export with Mileage and Gallons columns");
  }
  return metric("MyGarage's unversioned export with metric column names");
}

type MeasuredColumn<Unit> = {
  index: number;
  header: string;
  /** From the header's own token; undefined when the file's units decide. */
  token?: Unit;
};

function findColumn<Unit>(
  headers: string[],
  spec: MeasuredColumnSpec<Unit>,
): MeasuredColumn<Unit> | undefined {
  for (const [index, header] of headers.entries()) {
    if (spec.legacy.includes(header)) return { index, header };
    const tokened = header.match(/^(.+) \((\w+)\)$/);
    const token =
      tokened && spec.bases.includes(tokened[1]!) ? spec.tokens[tokened[2]!] : undefined;
    if (token) return { index, header, token };
  }
  return undefined;
}

/** The one value a column holds on every row (MyGarage writes the markers into each row). */
function markerValue(rows: CsvRow[], index: number | undefined, name: string): string {
  if (index === undefined) return '';
  const values = new Set(
    rows.map((row) => row.cells[index]?.trim().toLowerCase() ?? '').filter(Boolean),
  );
  if (values.size > 1) {
    throw new Error(
      `The rows of this MyGarage file disagree about ${name} (${[...values].join(', ')}), so its figures cannot be read safely.`,
    );
  }
  return [...values][0] ?? '';
}

/** MyGarage guards a text cell against spreadsheet formulas with a leading apostrophe. */
function cleanText(cell: string | undefined): string | undefined {
  const text = filled(cell);
  return text && /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

function energyOf(fuelWord: string | undefined, hasChargeFields: boolean): Energy | undefined {
  const word = fuelWord?.trim().toLowerCase();
  // A plug-in hybrid's record is a charge when it carries charge fields, else a fill-up.
  if (word === 'plugin_hybrid' || word === 'phev') {
    return hasChargeFields ? 'electricity' : 'gasoline';
  }
  const energy = word ? FUEL_WORDS[word] : undefined;
  return energy ?? (hasChargeFields ? 'electricity' : undefined);
}

/** A charge's own figures, kept in the notes: the row has no place for them. */
function chargeNote(
  socStart: string | undefined,
  socEnd: string | undefined,
  level: string | undefined,
  location: string | undefined,
): string | undefined {
  const charge = socStart && socEnd ? `Charged ${socStart}% → ${socEnd}%` : undefined;
  const where = [level, location].filter(Boolean).join(', ');
  return joinNotes(charge, where ? `Charger: ${where}` : undefined);
}

// ——— Readings ———

type FileReading = {
  vehicle: Omit<SourceVehicle, 'key'>;
  rows: SourceRow[];
  problems: SourceProblem[];
  /** The header cells a CSV file's reader did not take (the preview lists them). */
  unknownColumns?: UnknownColumns[];
  units?: { distance?: Stated<DistanceUnit>; volume?: Stated<QuantityUnit> };
  decimalPoint?: Stated<'.'>;
  dateFormat?: Stated<string>;
};

/** A file's rows name their vehicle once every file is read and its vehicle known (`read`). */
const VEHICLE_PLACEHOLDER = '';

/** A column's unit, stated by its own header when it has a token, else by the file's units. */
function statedUnit<Unit>(
  column: MeasuredColumn<Unit> | undefined,
  value: Unit,
  units: FileUnits,
): Stated<Unit> {
  return {
    value,
    evidence: column?.token ? `MyGarage's header “${column.header}”` : units.evidence,
  };
}

function readFuelCsv(file: ImportFile, rows: CsvRow[]): FileReading {
  const [header, ...records] = rows;
  if (!header) throw new Error(`${baseName(file.name)} is empty.`);
  const headers = header.cells.map((cell) => cell.trim());
  const roles = new Map<FuelRole, number>();
  headers.forEach((cell, index) => {
    const role = FUEL_HEADERS[headerKey(cell)];
    if (role && !roles.has(role)) roles.set(role, index);
  });
  const odometerColumn = findColumn(headers, ODOMETER_COLUMN);
  const volumeColumn = findColumn(headers, VOLUME_COLUMN);
  const priceColumn = findColumn(headers, PRICE_COLUMN);
  const units = fileUnits(
    markerValue(records, roles.get('unitSystem'), 'unit_system'),
    markerValue(records, roles.get('unitsVersion'), 'units_version'),
    headers,
  );
  const distanceUnit = odometerColumn?.token ?? units.distance;
  const volumeUnit = volumeColumn?.token ?? units.volume;
  const priceUnit = priceColumn?.token ?? units.volume;
  const cell = (record: CsvRow, index: number | undefined) =>
    index === undefined ? undefined : filled(record.cells[index]);
  const byRole = (record: CsvRow, role: FuelRole) => cell(record, roles.get(role));

  const out: SourceRow[] = [];
  const problems: SourceProblem[] = [];
  let decimalExample: string | undefined;
  let firstDate: string | undefined;
  for (const record of records) {
    const { line } = record;
    const date = byRole(record, 'date');
    if (!date) {
      problems.push({ file: file.name, line, reason: 'No date' });
      continue;
    }
    const socStart = byRole(record, 'socStart');
    const socEnd = byRole(record, 'socEnd');
    const level = byRole(record, 'chargeLevel');
    const location = byRole(record, 'chargeLocation');
    const hasChargeFields = [socStart, socEnd, level, location].some(Boolean);
    const energy = energyOf(
      byRole(record, 'fuelTypeUsed') ?? byRole(record, 'fuelType'),
      hasChargeFields,
    );
    const isCharge = energy === 'electricity';
    const price = cell(record, priceColumn?.index);
    const amounts = {
      // A charge's kWh is not exported; its volume cell is empty or meaningless.
      quantity: isCharge ? undefined : cell(record, volumeColumn?.index),
      // The exporter scales every price by the volume unit, a charge's per-kWh price too: only a
      // price per litre (factor 1) is still a price per kWh.
      unitPrice: isCharge && priceUnit !== 'L' ? undefined : price,
      totalCost: byRole(record, 'totalCost'),
    };
    const missing = missingAmountsReason(amounts, energy);
    if (missing) {
      problems.push({
        file: file.name,
        line,
        reason: isCharge ? `${missing}: MyGarage's export leaves it out` : missing,
      });
      continue;
    }
    const odometer = cell(record, odometerColumn?.index);
    const isFull = YES_NO[byRole(record, 'isFull')?.toLowerCase() ?? ''];
    const missedPrevious = YES_NO[byRole(record, 'missedPrevious')?.toLowerCase() ?? ''];
    const place = cleanText(byRole(record, 'station'));
    const rebate = byRole(record, 'rebate');
    const notes = joinNotes(
      cleanText(byRole(record, 'notes')),
      chargeNote(socStart, socEnd, level, location),
      rebate ? `Rebate ${rebate}` : undefined,
    );
    decimalExample ??= [amounts.quantity, amounts.unitPrice].find(
      (value): value is string => typeof value === 'string' && value.includes('.'),
    );
    firstDate ??= date;
    out.push({
      kind: 'energy',
      file: file.name,
      line,
      vehicle: VEHICLE_PLACEHOLDER,
      date,
      ...(odometer ? { odometer } : {}),
      ...(energy ? { energy } : {}),
      ...givenAmounts(amounts),
      ...(isFull !== undefined ? { isFull } : {}),
      ...(missedPrevious !== undefined ? { missedPrevious } : {}),
      ...(place ? { place } : {}),
      ...(notes ? { notes } : {}),
      distanceUnit,
      quantityUnit: isCharge ? 'kWh' : volumeUnit,
    } satisfies SourceEnergyRow);
  }
  const untaken: Pick<FileReading, 'unknownColumns'> = {};
  noteUntakenColumns(untaken, file, headers, [
    ...roles.values(),
    odometerColumn?.index,
    volumeColumn?.index,
    priceColumn?.index,
  ]);
  return {
    vehicle: vehicleFromFileName(file.name),
    rows: out,
    problems,
    ...untaken,
    units: {
      distance: statedUnit(odometerColumn, distanceUnit, units),
      volume: statedUnit(volumeColumn, volumeUnit, units),
    },
    decimalPoint: {
      value: '.',
      evidence: decimalExample
        ? `MyGarage writes numbers with a decimal point, as ${decimalExample}`
        : 'MyGarage writes numbers with a decimal point',
    },
    ...(firstDate
      ? { dateFormat: { value: 'YYYY-MM-DD', evidence: `MyGarage writes dates as ${firstDate}` } }
      : {}),
  };
}

/** A service record's kind and category from MyGarage's category and service type. */
function recordMeaning(
  categoryText: string | undefined,
  serviceType: string | undefined,
): { kind: SourceRecordRow['kind']; category?: string } | { reason: string } {
  const meaning = SERVICE_CATEGORIES[categoryText?.trim().toLowerCase() ?? 'maintenance'] ?? {
    kind: 'maintenance',
    categories: {},
  };
  if (meaning.kind === 'not imported') return { reason: meaning.reason };
  const type = serviceType?.trim().toLowerCase() ?? '';
  const category = meaning.categories?.[type] ?? meaning.otherwise;
  return { kind: meaning.kind, ...(category ? { category } : {}) };
}

function readServiceCsv(file: ImportFile, rows: CsvRow[]): FileReading {
  const [header, ...records] = rows;
  if (!header) throw new Error(`${baseName(file.name)} is empty.`);
  const headers = header.cells.map((cell) => cell.trim());
  const roles = new Map<ServiceRole, number>();
  headers.forEach((cell, index) => {
    const role = SERVICE_HEADERS[headerKey(cell)];
    if (role && !roles.has(role)) roles.set(role, index);
  });
  const odometerColumn = findColumn(headers, ODOMETER_COLUMN);
  const units = fileUnits(
    markerValue(records, roles.get('unitSystem'), 'unit_system'),
    markerValue(records, roles.get('unitsVersion'), 'units_version'),
    headers,
  );
  const distanceUnit = odometerColumn?.token ?? units.distance;
  const byRole = (record: CsvRow, role: ServiceRole) => {
    const index = roles.get(role);
    return index === undefined ? undefined : filled(record.cells[index]);
  };
  const out: SourceRow[] = [];
  const problems: SourceProblem[] = [];
  for (const record of records) {
    const { line } = record;
    const date = byRole(record, 'date');
    if (!date) {
      problems.push({ file: file.name, line, reason: 'No date' });
      continue;
    }
    const categoryText = byRole(record, 'category');
    const serviceType = cleanText(byRole(record, 'description'));
    const meaning = recordMeaning(categoryText, serviceType);
    if ('reason' in meaning) {
      problems.push({ file: file.name, line, reason: meaning.reason });
      continue;
    }
    const index = odometerColumn?.index;
    const odometer = index === undefined ? undefined : filled(record.cells[index]);
    const cost = byRole(record, 'cost');
    const location = cleanText(byRole(record, 'vendor'));
    const notes = cleanText(byRole(record, 'notes'));
    const title = serviceType ?? categoryText;
    out.push({
      kind: meaning.kind,
      file: file.name,
      line,
      vehicle: VEHICLE_PLACEHOLDER,
      date,
      ...(title ? { title } : {}),
      ...(meaning.category ? { category: meaning.category } : {}),
      ...(odometer ? { odometer } : {}),
      ...(cost ? { cost } : {}),
      ...(location ? { location } : {}),
      ...(notes ? { notes } : {}),
      distanceUnit,
    });
  }
  const untaken: Pick<FileReading, 'unknownColumns'> = {};
  noteUntakenColumns(untaken, file, headers, [...roles.values(), odometerColumn?.index]);
  return {
    vehicle: vehicleFromFileName(file.name),
    rows: out,
    problems,
    ...untaken,
    // A service file holds no volume: it states the distance only.
    units: { distance: statedUnit(odometerColumn, distanceUnit, units) },
    decimalPoint: { value: '.', evidence: 'MyGarage writes numbers with a decimal point' },
  };
}

/** The JSON export's units: metric since v3 ("units": "metric"), miles and US gallons before. */
function jsonUnits(document: JsonObject): FileUnits {
  const units = typeof document.units === 'string' ? document.units : undefined;
  if (units === 'metric') {
    return {
      distance: 'km',
      volume: 'L',
      evidence: 'MyGarage\'s vehicle export says "units": "metric"',
    };
  }
  if (units === 'imperial') {
    return {
      distance: 'mi',
      volume: 'galUS',
      evidence: 'MyGarage\'s vehicle export says "units": "imperial"',
    };
  }
  const version = Number(document.export_version);
  if (Number.isInteger(version) && version >= 3) {
    return {
      distance: 'km',
      volume: 'L',
      evidence: `MyGarage's vehicle export version ${version}, which keeps metric values`,
    };
  }
  return {
    distance: 'mi',
    volume: 'galUS',
    evidence: "MyGarage's older vehicle export, which kept miles and US gallons (mileage, gallons)",
  };
}

function readVehicleJson(file: ImportFile, document: JsonDocument): FileReading {
  if (!isJsonObject(document.value)) throw new Error('MyGarage export is not an object.');
  const root = document.value;
  const units = jsonUnits(root);
  const rows: SourceRow[] = [];
  const problems: SourceProblem[] = [];
  const origin = (list: string, index: number) => ({
    file: file.name,
    line: document.lineOf(`/${list}/${index}`),
    vehicle: VEHICLE_PLACEHOLDER,
  });
  const distanceOf = (item: JsonObject) =>
    numberMember(item, 'odometer_km') ?? numberMember(item, 'mileage');

  for (const [item, index] of objectItems(root, 'fuel_records')) {
    const where = origin('fuel_records', index);
    const date = textMember(item, 'date');
    if (!date) {
      problems.push({ file: where.file, line: where.line, reason: 'No date' });
      continue;
    }
    const basis = textMember(item, 'price_basis');
    const energy =
      basis === 'per_kwh'
        ? 'electricity'
        : energyOf(textMember(item, 'fuel_type_used') ?? textMember(item, 'fuel_type'), false);
    const isCharge = energy === 'electricity';
    const amounts = {
      quantity: isCharge
        ? undefined
        : (numberMember(item, 'liters') ?? numberMember(item, 'gallons')),
      // A price for the whole tank is not a price per unit.
      unitPrice: basis === 'per_tank' ? undefined : numberMember(item, 'price_per_unit'),
      totalCost: numberMember(item, 'cost'),
    };
    const missing = missingAmountsReason(amounts, energy);
    if (missing) {
      problems.push({
        file: where.file,
        line: where.line,
        reason: isCharge ? `${missing}: MyGarage's export leaves it out` : missing,
      });
      continue;
    }
    const odometer = distanceOf(item);
    const isFull = booleanMember(item, 'is_full_tank');
    const missedPrevious = booleanMember(item, 'missed_fillup');
    const rebate = numberMember(item, 'rebate');
    const notes = joinNotes(
      textMember(item, 'notes'),
      rebate !== undefined ? `Rebate ${rebate}` : undefined,
    );
    const quantityUnit: QuantityUnit = isCharge
      ? 'kWh'
      : basis === 'per_weight'
        ? 'kg'
        : units.volume;
    rows.push({
      kind: 'energy',
      ...where,
      date,
      ...(odometer !== undefined ? { odometer } : {}),
      ...(energy ? { energy } : {}),
      ...givenAmounts(amounts),
      ...(isFull !== undefined ? { isFull } : {}),
      ...(missedPrevious !== undefined ? { missedPrevious } : {}),
      ...(notes ? { notes } : {}),
      distanceUnit: units.distance,
      quantityUnit,
    });
  }

  for (const [item, index] of objectItems(root, 'def_records')) {
    const where = origin('def_records', index);
    const date = textMember(item, 'date');
    if (!date) {
      problems.push({ file: where.file, line: where.line, reason: 'No date' });
      continue;
    }
    const amounts = {
      quantity: numberMember(item, 'liters'),
      unitPrice: numberMember(item, 'price_per_unit'),
      totalCost: numberMember(item, 'cost'),
    };
    const missing = missingAmountsReason(amounts, 'adblue');
    if (missing) {
      problems.push({ file: where.file, line: where.line, reason: missing });
      continue;
    }
    const odometer = distanceOf(item);
    const place = textMember(item, 'source');
    const notes = joinNotes(textMember(item, 'brand'), textMember(item, 'notes'));
    rows.push({
      kind: 'energy',
      ...where,
      date,
      energy: 'adblue',
      ...(odometer !== undefined ? { odometer } : {}),
      ...givenAmounts(amounts),
      ...(place ? { place } : {}),
      ...(notes ? { notes } : {}),
      distanceUnit: units.distance,
      // DEF was added after MyGarage went metric: always litres.
      quantityUnit: 'L',
    });
  }

  for (const [item, index] of objectItems(root, 'service_records')) {
    const where = origin('service_records', index);
    const date = textMember(item, 'date');
    if (!date) {
      problems.push({ file: where.file, line: where.line, reason: 'No date' });
      continue;
    }
    const categoryText = textMember(item, 'service_category');
    const serviceType = textMember(item, 'service_type');
    const meaning = recordMeaning(categoryText, serviceType);
    if ('reason' in meaning) {
      problems.push({ file: where.file, line: where.line, reason: meaning.reason });
      continue;
    }
    const odometer = distanceOf(item);
    const cost = numberMember(item, 'cost');
    const location = textMember(item, 'vendor_name');
    const notes = textMember(item, 'notes');
    const title = serviceType ?? categoryText;
    rows.push({
      kind: meaning.kind,
      ...where,
      date,
      ...(title ? { title } : {}),
      ...(meaning.category ? { category: meaning.category } : {}),
      ...(odometer !== undefined ? { odometer } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(location ? { location } : {}),
      ...(notes ? { notes } : {}),
      distanceUnit: units.distance,
    });
  }

  for (const [item, index] of objectItems(root, 'odometer_records')) {
    const where = origin('odometer_records', index);
    const date = textMember(item, 'date');
    const reading = numberMember(item, 'reading');
    if (!date || reading === undefined) {
      problems.push({
        file: where.file,
        line: where.line,
        reason: date ? 'Odometer reading missing' : 'No date',
      });
      continue;
    }
    const notes = textMember(item, 'notes');
    rows.push({
      kind: 'odometer',
      ...where,
      date,
      odometer: reading,
      ...(notes ? { notes } : {}),
      distanceUnit: units.distance,
    });
  }

  const vehicleItem = isJsonObject(root.vehicle) ? root.vehicle : {};
  const named = vehicleFromFileName(file.name);
  const year = Number(textMember(vehicleItem, 'year')) || undefined;
  const make = textMember(vehicleItem, 'make');
  const model = textMember(vehicleItem, 'model');
  const trim = textMember(vehicleItem, 'trim');
  const vin = textMember(vehicleItem, 'vin');
  const color = textMember(vehicleItem, 'color');
  const licensePlate = textMember(vehicleItem, 'license_plate');
  const name = [year, make, model].filter(Boolean).join(' ');
  const firstDate = rows[0]?.date;
  return {
    vehicle: {
      name: name || named.name,
      ...(year ? { year } : {}),
      ...(make ? { make } : {}),
      ...(model ? { model } : {}),
      ...(trim ? { trim } : {}),
      ...(vin ? { vin } : {}),
      ...(color ? { color } : {}),
      ...(licensePlate ? { licensePlate } : {}),
    },
    rows,
    problems,
    units: {
      distance: { value: units.distance, evidence: units.evidence },
      volume: { value: units.volume, evidence: units.evidence },
    },
    ...(firstDate
      ? { dateFormat: { value: 'YYYY-MM-DD', evidence: `MyGarage writes dates as ${firstDate}` } }
      : {}),
  };
}

/**
 * The statement the files make alike, or none when two differ; a file that says nothing (a JSON
 * export has no decimal separator to state) does not disagree.
 */
function agreed<Value>(statements: (Stated<Value> | undefined)[]): Stated<Value> | undefined {
  const made = statements.filter((statement): statement is Stated<Value> => !!statement);
  const [first] = made;
  return first && made.every((statement) => statement.value === first.value) ? first : undefined;
}

function read(files: ImportFile[]): SourceReading {
  const readings: FileReading[] = [];
  for (const file of files) {
    const csvKind = myGarageCsvKind(file);
    if (csvKind) {
      const rows = readCsv(file.text(), ',');
      readings.push(csvKind === 'fuel' ? readFuelCsv(file, rows) : readServiceCsv(file, rows));
      continue;
    }
    const document = jsonDocumentOf(file);
    if (isVehicleExport(document)) readings.push(readVehicleJson(file, document));
  }
  if (readings.length === 0) throw new Error('No MyGarage export was found.');

  // One vehicle per name: a vehicle's fuel CSV, service CSV and JSON share it.
  const vehicles = new Map<string, SourceVehicle>();
  const rows: SourceRow[] = [];
  for (const reading of readings) {
    const key = reading.vehicle.name;
    const known = vehicles.get(key);
    vehicles.set(key, { ...reading.vehicle, ...known, key });
    for (const row of reading.rows) rows.push({ ...row, vehicle: key });
  }
  for (const vehicle of vehicles.values()) {
    const energies = [
      ...new Set(
        rows.flatMap((row) =>
          row.vehicle === vehicle.key &&
          row.kind === 'energy' &&
          row.energy &&
          row.energy !== 'adblue'
            ? [row.energy]
            : [],
        ),
      ),
    ].slice(0, 2);
    if (energies.length > 0) vehicle.energies = energies;
  }

  const distanceUnit = agreed(readings.map((reading) => reading.units?.distance));
  const volumeUnit = agreed(readings.map((reading) => reading.units?.volume));
  const decimalSeparator = agreed(readings.map((reading) => reading.decimalPoint));
  const dateFormat = readings.find((reading) => reading.dateFormat)?.dateFormat;
  return {
    vehicles: [...vehicles.values()],
    rows,
    problems: readings.flatMap((reading) => reading.problems),
    unknownColumns: readings.flatMap((reading) => reading.unknownColumns ?? []),
    stated: {
      ...(distanceUnit ? { distanceUnit } : {}),
      ...(volumeUnit ? { volumeUnit } : {}),
      ...(decimalSeparator ? { decimalSeparator } : {}),
      ...(dateFormat ? { dateFormat } : {}),
    },
  };
}

export const myGarageSource: ImportSource = {
  format: 'mygarage',
  label: 'MyGarage',
  detect,
  read,
};
