/**
 * Drivvo's CSV export (research §4.3): one file of `#`-marked sections (`##Refuelling` or
 * `#Reabastecimiento`, `##Service` or `#Servicio`, `##Expense`, `#Income`, `#Route`, `##Vehicle`),
 * each with a header in the phone's language. Columns are found by their localized names, never by
 * position: the layout has changed over the years (a reader keyed to the old 20-column positions
 * lands on other fields of the current 30-column one), and a file in an unknown language must say
 * so rather than import nothing: a header that lacks any of odometer, date, price, total and
 * volume is refused whole, naming the columns not recognised and the languages that are read.
 *
 * Checked against (research §4.3): the current 30-column refuelling layout in Portuguese (from a
 * third-party parser's `drivvoCsv.ts`) and Russian (measured from a real export by a third-party
 * parser, with `"Полный бак" 2`), the older 20-column layout Hammond reads, the section markers
 * of FuelioImport and Hammond; `,` and `;` files, BOM, CR-only line ends. The English and Spanish
 * headers are spelled after the app's labels, not taken from an export, and the Service and
 * Vehicle headers' words beyond odometer, date and cost are not documented. Italian is not known
 * (its headers are not documented): such a file gets the message above. Samples are built by hand
 * from these layouts; app versions are unknown.
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
  SourceRow,
  SourceVehicle,
  Stated,
} from './source';
import { plainWords, spellingLookup, stemLookup, yesOrNo } from './words';

/** Rows of a file without a vehicle column belong to this one (Drivvo's export of one car). */
export const DRIVVO_DEFAULT_VEHICLE = 'Drivvo vehicle';

type SectionKind = 'refuelling' | 'service' | 'expense' | 'income' | 'route' | 'vehicle';

/**
 * Section markers' words. English markers appear in exports of every language seen (a Russian
 * and a Portuguese export both open with `##Refuelling`); the Spanish ones are documented too.
 */
const SECTION_KINDS: Record<string, SectionKind> = {
  refuelling: 'refuelling',
  refueling: 'refuelling',
  reabastecimiento: 'refuelling',
  service: 'service',
  servicio: 'service',
  expense: 'expense',
  gasto: 'expense',
  income: 'income',
  ingreso: 'income',
  route: 'route',
  ruta: 'route',
  vehicle: 'vehicle',
  vehiculo: 'vehicle',
};

/** The sections that make a file Drivvo's; `##Vehicle` alone does not (Fuelio has `## Vehicle`). */
const TELLING_KINDS: ReadonlySet<SectionKind> = new Set([
  'refuelling',
  'service',
  'expense',
  'income',
  'route',
]);

function sectionKindOf(marker: string): SectionKind | undefined {
  return SECTION_KINDS[plainWords(markerName(marker))];
}

// ---- Header spellings, one table per language ----------------------------------------------

type Language = 'en' | 'pt' | 'es' | 'ru';

/** The languages the tables below know, as the message about another language names them. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pt: 'Portuguese',
  es: 'Spanish',
  ru: 'Russian',
};

/** A fuel block's columns: Drivvo repeats them for a second and a third fuel. */
type BlockField = 'unitPrice' | 'totalCost' | 'volume' | 'isFull';
/** The columns that open a fuel block: its fuel's name. */
type BlockStart = 'fuel' | 'secondFuel' | 'thirdFuel';
type RefuellingField =
  | BlockField
  | BlockStart
  | 'odometer'
  | 'date'
  | 'chargeType'
  | 'batteryBefore'
  | 'batteryAfter'
  | 'chargeMinutes'
  | 'station'
  | 'driver'
  | 'reason'
  | 'notes'
  | 'vehicle';

/**
 * Headers without their unit, which is read apart: `Odômetro (km)` is `odômetro` in km,
 * `Preço / L` is `preço` per litre, `"Полный бак" 2` is `полный бак` of the second fuel.
 * Portuguese is the 30-column layout as exported; Russian as measured from an export (no vehicle
 * column); English and Spanish are spelled after the app's own labels.
 */
const REFUELLING_HEADERS: Record<Language, Record<RefuellingField, readonly string[]>> = {
  pt: {
    odometer: ['Odômetro'],
    date: ['Data'],
    fuel: ['Combustível'],
    secondFuel: ['Segundo combustível'],
    thirdFuel: ['Terceiro combustível'],
    unitPrice: ['Preço'],
    totalCost: ['Valor total'],
    volume: ['Volume'],
    isFull: ['Completou o tanque', 'Tanque cheio'],
    chargeType: ['Tipo de recarga'],
    batteryBefore: ['Bateria inicial'],
    batteryAfter: ['Bateria final'],
    chargeMinutes: ['Duração'],
    station: ['Posto de combustível', 'Posto'],
    driver: ['Motorista'],
    reason: ['Motivo'],
    notes: ['Observação', 'Observações'],
    vehicle: ['Veiculo'],
  },
  en: {
    odometer: ['Odometer'],
    date: ['Date'],
    fuel: ['Fuel', 'Fuel type'],
    secondFuel: ['Second fuel'],
    thirdFuel: ['Third fuel'],
    unitPrice: ['Price', 'Unit price', 'Price per unit'],
    totalCost: ['Total cost', 'Total price', 'Total', 'Total value'],
    volume: ['Volume', 'Quantity', 'Fuel amount'],
    isFull: ['Full tank', 'Tank full', 'Full fillup', 'Full'],
    chargeType: ['Charge type', 'Charging type', 'Recharge type'],
    batteryBefore: ['Initial battery', 'Battery start', 'Start charge'],
    batteryAfter: ['Final battery', 'Battery end', 'End charge'],
    chargeMinutes: ['Duration'],
    station: ['Gas station', 'Fuel station', 'Station'],
    driver: ['Driver'],
    reason: ['Reason'],
    notes: ['Notes', 'Note', 'Observation'],
    vehicle: ['Vehicle'],
  },
  es: {
    odometer: ['Odómetro', 'Cuentakilómetros'],
    date: ['Fecha'],
    fuel: ['Combustible'],
    secondFuel: ['Segundo combustible'],
    thirdFuel: ['Tercer combustible'],
    unitPrice: ['Precio'],
    totalCost: ['Costo total', 'Coste total', 'Precio total'],
    volume: ['Volumen'],
    isFull: ['Tanque lleno', 'Depósito lleno', 'Llenó el tanque'],
    chargeType: ['Tipo de carga'],
    batteryBefore: ['Batería inicial'],
    batteryAfter: ['Batería final'],
    chargeMinutes: ['Duración'],
    station: ['Gasolinera', 'Estación de servicio'],
    driver: ['Conductor'],
    reason: ['Razón'],
    notes: ['Observación', 'Notas', 'Nota'],
    vehicle: ['Vehículo'],
  },
  ru: {
    odometer: ['Одометр'],
    date: ['Дата'],
    fuel: ['Топливо'],
    secondFuel: ['Второе топливо'],
    thirdFuel: ['Третье топливо'],
    unitPrice: ['Цена'],
    totalCost: ['Общая стоимость'],
    volume: ['Объем'],
    isFull: ['Полный бак'],
    chargeType: ['Тип зарядки'],
    batteryBefore: ['Начальный заряд'],
    batteryAfter: ['Конечный заряд'],
    chargeMinutes: ['Длительность'],
    station: ['Азс'],
    driver: ['Водитель'],
    reason: ['Тип расхода'],
    notes: ['Примечание'],
    vehicle: ['Автомобиль'],
  },
};

type ServiceField =
  | 'odometer'
  | 'date'
  | 'cost'
  | 'serviceType'
  | 'title'
  | 'serviceName'
  | 'place'
  | 'driver'
  | 'notes'
  | 'vehicle';

/**
 * A service's type is its title ("Troca de óleo", "Pneus - Rodízio"); the Russian export's
 * `Название сервиса` names the service when it has no type, and the place otherwise.
 */
const SERVICE_HEADERS: Record<Language, Partial<Record<ServiceField, readonly string[]>>> = {
  pt: {
    odometer: ['Odômetro'],
    date: ['Data'],
    cost: ['Valor total', 'Valor', 'Custo'],
    serviceType: ['Tipo de serviço', 'Tipos de serviço', 'Serviço', 'Serviços'],
    title: ['Título'],
    place: ['Local', 'Oficina'],
    driver: ['Motorista'],
    notes: ['Observação', 'Observações'],
    vehicle: ['Veiculo'],
  },
  en: {
    odometer: ['Odometer'],
    date: ['Date'],
    cost: ['Total cost', 'Cost', 'Total', 'Total value', 'Value'],
    serviceType: ['Service type', 'Type of service', 'Service', 'Services', 'Type'],
    title: ['Title'],
    serviceName: ['Service name'],
    place: ['Place', 'Location', 'Workshop'],
    driver: ['Driver'],
    notes: ['Notes', 'Note', 'Observation'],
    vehicle: ['Vehicle'],
  },
  es: {
    odometer: ['Odómetro', 'Cuentakilómetros'],
    date: ['Fecha'],
    cost: ['Costo total', 'Coste total', 'Costo', 'Coste'],
    serviceType: ['Tipo de servicio', 'Servicio', 'Servicios'],
    place: ['Lugar', 'Taller'],
    driver: ['Conductor'],
    notes: ['Observación', 'Notas', 'Nota'],
    vehicle: ['Vehículo'],
  },
  ru: {
    odometer: ['Одометр'],
    date: ['Дата'],
    cost: ['Общая стоимость', 'Стоимость', 'Сумма'],
    serviceType: ['Вид сервиса', 'Тип сервиса'],
    title: ['Заголовок'],
    serviceName: ['Название сервиса'],
    place: ['Место'],
    driver: ['Водитель'],
    notes: ['Примечание'],
    vehicle: ['Автомобиль'],
  },
};

type VehicleField = 'name' | 'make' | 'model' | 'year' | 'plate' | 'vin';

const VEHICLE_HEADERS: Record<Language, Partial<Record<VehicleField, readonly string[]>>> = {
  en: {
    name: ['Name', 'Vehicle'],
    make: ['Make', 'Brand', 'Manufacturer'],
    model: ['Model'],
    year: ['Year'],
    plate: ['Plate', 'License plate', 'Licence plate'],
    vin: ['VIN'],
  },
  pt: {
    name: ['Nome', 'Veiculo'],
    make: ['Marca', 'Fabricante'],
    model: ['Modelo'],
    year: ['Ano'],
    plate: ['Placa'],
    vin: ['Chassi'],
  },
  es: {
    name: ['Nombre', 'Vehículo'],
    make: ['Marca', 'Fabricante'],
    model: ['Modelo'],
    year: ['Año'],
    plate: ['Matrícula', 'Placa', 'Patente'],
    vin: ['Chasis'],
  },
  ru: {
    name: ['Название', 'Автомобиль'],
    make: ['Марка', 'Производитель'],
    model: ['Модель'],
    year: ['Год', 'Год выпуска'],
    plate: ['Госномер', 'Номер'],
    vin: ['VIN-код'],
  },
};

const refuellingFieldOf = spellingLookup<RefuellingField>(Object.values(REFUELLING_HEADERS));
const serviceFieldOf = spellingLookup<ServiceField>(Object.values(SERVICE_HEADERS));
const vehicleFieldOf = spellingLookup<VehicleField>(Object.values(VEHICLE_HEADERS));

/** Units as headers spell them, in brackets or after a slash. */
const DISTANCE_UNIT_WORDS: Record<string, DistanceUnit> = {
  km: 'km',
  км: 'km',
  mi: 'mi',
  miles: 'mi',
  milhas: 'mi',
  millas: 'mi',
  ми: 'mi',
  мили: 'mi',
};
/** Only litres: Drivvo's "gal" does not say whose gallon, and the pipeline judges it. */
const VOLUME_UNIT_WORDS: Record<string, QuantityUnit> = { l: 'L', л: 'L', litro: 'L', litre: 'L' };

/**
 * A fuel's name to our energy, in the languages of the export. Order matters: "gasóleo" is
 * diesel and "gas natural" is CNG, so both come before gasoline's stems; a name nothing matches
 * is left without an energy (the vehicle's first is used).
 */
const energyOfFuelName = stemLookup<Energy>([
  ['adblue', ['adblue', 'arla', ' def ']],
  ['electricity', ['eletric', 'electric', 'elektr', 'электр']],
  ['hydrogen', ['hidrogen', 'hydrogen', 'водород', 'wasserstoff']],
  ['cng', ['gnv', 'cng', 'gnc', 'метан', 'natural gas', 'gas natural', 'erdgas']],
  ['lpg', ['glp', 'lpg', 'gpl', 'autogas', 'пропан', ' газ ']],
  ['diesel', ['diesel', 'dizel', 'gasoleo', 'дизел', ' дт ']],
  ['e85', ['etanol', 'ethanol', 'alcool', 'e85', 'этанол']],
  [
    'gasoline',
    ['gasolin', 'gas.', 'petrol', 'benzin', 'бензин', 'nafta', 'unleaded', ' e5 ', ' e10 '],
  ],
]);

// ---- Reading a header -----------------------------------------------------------------------

type HeaderCell = { words: string; unit?: string };

/**
 * A header cell's words and unit. The quotes go first: Russian exports write the second fuel's
 * full-tank header as `"Полный бак" 2`, the digit outside the quotes, which the CSV reader keeps
 * as written.
 */
function readHeaderCell(cell: string): HeaderCell {
  const text = cell
    .replace(/"/g, '')
    .replace(/\s+[23]$/, '')
    .trim();
  const withUnit = /^(.*?)\s*(?:\(([^)]*)\)|\/\s*([^/]+))$/.exec(text);
  const words = (withUnit?.[1] ?? text).replace(/[?!:.]+$/, '');
  const unit = withUnit?.[2] ?? withUnit?.[3];
  return unit === undefined ? { words } : { words, unit: plainWords(unit) };
}

type FuelBlock = Partial<Record<BlockField | 'fuel', number>>;

type RefuellingLayout = {
  columns: Partial<Record<Exclude<RefuellingField, BlockField | BlockStart>, number>>;
  /** The first, second and third fuel's columns, in the header's order. */
  blocks: FuelBlock[];
  distance?: Stated<DistanceUnit>;
  volume?: Stated<QuantityUnit>;
};

const BLOCK_STARTS: Record<BlockStart, 0 | 1 | 2> = { fuel: 0, secondFuel: 1, thirdFuel: 2 };
const BLOCK_FIELDS: ReadonlySet<string> = new Set<BlockField>([
  'unitPrice',
  'totalCost',
  'volume',
  'isFull',
]);

function isBlockStart(field: RefuellingField): field is BlockStart {
  return field in BLOCK_STARTS;
}

function isBlockField(field: RefuellingField): field is BlockField {
  return BLOCK_FIELDS.has(field);
}

/**
 * Where each field is. Price, total, volume and full tank repeat once per fuel with the same
 * names, so each belongs to the fuel whose name column came last before it.
 */
function readRefuellingHeader(header: CsvRow): RefuellingLayout {
  const blocks: [FuelBlock, FuelBlock, FuelBlock] = [{}, {}, {}];
  const layout: RefuellingLayout = { columns: {}, blocks };
  let block = blocks[0];
  header.cells.forEach((cell, index) => {
    const { words, unit } = readHeaderCell(cell);
    const field = refuellingFieldOf(words);
    if (field === undefined) return;
    if (isBlockStart(field)) {
      block = blocks[BLOCK_STARTS[field]];
      block.fuel ??= index;
    } else if (isBlockField(field)) {
      block[field] ??= index;
      const volumeUnit = unit === undefined ? undefined : VOLUME_UNIT_WORDS[unit];
      if (field === 'unitPrice' && volumeUnit && !layout.volume) {
        layout.volume = { value: volumeUnit, evidence: headerEvidence(cell) };
      }
    } else {
      layout.columns[field] ??= index;
      const distanceUnit = unit === undefined ? undefined : DISTANCE_UNIT_WORDS[unit];
      if (field === 'odometer' && distanceUnit) {
        layout.distance = { value: distanceUnit, evidence: headerEvidence(cell) };
      }
    }
  });
  return layout;
}

function headerEvidence(cell: string): string {
  return `Drivvo's header: ${cell.trim()}`;
}

function fieldColumns<Field extends string>(
  header: CsvRow,
  fieldOf: (words: string) => Field | undefined,
): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  header.cells.forEach((cell, index) => {
    const field = fieldOf(readHeaderCell(cell).words);
    if (field !== undefined) columns[field] ??= index;
  });
  return columns;
}

function distanceFromHeader(
  header: CsvRow,
  column: number | undefined,
): Stated<DistanceUnit> | undefined {
  const cell = column === undefined ? undefined : header.cells[column];
  const unit = cell === undefined ? undefined : readHeaderCell(cell).unit;
  const value = unit === undefined ? undefined : DISTANCE_UNIT_WORDS[unit];
  return value && cell ? { value, evidence: headerEvidence(cell) } : undefined;
}

// ---- Reading rows ---------------------------------------------------------------------------

/** An odometer Drivvo did not record is written `0.0`. */
function odometerOf(cell: string): string | undefined {
  return hasAmount(cell) ? cell : undefined;
}

/** A number cell with something in it other than zero (Drivvo writes `0` in unused fuel blocks). */
function hasAmount(cell: string): boolean {
  return cell !== '' && !isZeroSpelling(cell);
}

function joinedNotes(parts: (string | undefined)[]): string | undefined {
  const text = parts.filter((part) => part !== undefined && part !== '').join('\n');
  return text === '' ? undefined : text;
}

/** Who drove and why, which have no field of their own here, kept in the notes. */
function driverAndReason(driver: string, reason: string): string[] {
  return [driver ? `Driver: ${driver}` : '', reason ? `Reason: ${reason}` : ''];
}

/**
 * A charge's details. The energy row has no state-of-charge or charger fields, so they are kept
 * in words: "Charge: Rápida (DC), battery 20% → 80%, 45 min".
 */
function chargeDescription(row: CsvRow, layout: RefuellingLayout): string | undefined {
  const { chargeType, batteryBefore, batteryAfter, chargeMinutes } = layout.columns;
  const kind = cellAt(row, chargeType);
  const before = cellAt(row, batteryBefore);
  const after = cellAt(row, batteryAfter);
  const minutes = cellAt(row, chargeMinutes);
  const parts = [
    kind,
    hasAmount(before) || hasAmount(after) ? `battery ${before || '?'}% → ${after || '?'}%` : '',
    hasAmount(minutes) ? `${minutes} min` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? undefined : `Charge: ${parts.join(', ')}`;
}

type Origin = { file: string; line: number; vehicle: string };

/**
 * The fill-ups of one refuelling row: the first fuel, then the second and third when they have a
 * volume (a flex-fuel car filled with two fuels at one stop), all at the row's date and odometer.
 * A row with charge details and a first fuel of no known energy is a charge, in kWh.
 */
function energyRowsOf(
  row: CsvRow,
  layout: RefuellingLayout,
  origin: Origin,
): SourceEnergyRow[] | string {
  const cell = (column: number | undefined) => cellAt(row, column);
  const date = cell(layout.columns.date);
  if (date === '') return 'No date';
  const odometer = odometerOf(cell(layout.columns.odometer));
  const charge = chargeDescription(row, layout);
  const place = cell(layout.columns.station) || undefined;
  const notes = joinedNotes([
    cell(layout.columns.notes),
    ...driverAndReason(cell(layout.columns.driver), cell(layout.columns.reason)),
    charge,
  ]);
  const rows: SourceEnergyRow[] = [];
  layout.blocks.forEach((block, index) => {
    const volume = cell(block.volume);
    const unitPrice = cell(block.unitPrice);
    const totalCost = cell(block.totalCost);
    const isFirst = index === 0;
    // The first fuel may give price and total only; the others are empty blocks of zeros unless
    // they have a volume.
    if (!hasAmount(volume) && !(isFirst && hasAmount(unitPrice) && hasAmount(totalCost))) return;
    const fuelName = cell(block.fuel);
    const energy =
      energyOfFuelName(fuelName) ?? (isFirst && charge !== undefined ? 'electricity' : undefined);
    const isFull = yesOrNo(cell(block.isFull));
    rows.push({
      kind: 'energy',
      ...origin,
      date,
      ...(odometer !== undefined && { odometer }),
      ...(energy !== undefined && { energy }),
      ...(energy === 'electricity' && { quantityUnit: 'kWh' as const }),
      ...(hasAmount(volume) && { quantity: volume }),
      ...(unitPrice !== '' && { unitPrice }),
      ...(totalCost !== '' && { totalCost }),
      ...(isFull !== undefined && { isFull }),
      ...(place !== undefined && { place }),
      ...(isFirst && notes !== undefined && { notes }),
    });
  });
  return rows.length === 0 ? 'Fuel quantity missing' : rows;
}

// ---- The reading of a file ------------------------------------------------------------------

type FileReading = {
  /** The vehicle of the rows that name none. */
  defaultVehicle: string;
  rows: SourceRow[];
  problems: SourceProblem[];
  vehicles: Map<string, SourceVehicle>;
  distance?: Stated<DistanceUnit>;
  volume?: Stated<QuantityUnit>;
};

/** A few of the header's cells, to name a header that could not be read. */
function headerWords(header: CsvRow): string {
  const cells = header.cells.map((cell) => cell.replace(/"/g, '').trim()).filter(Boolean);
  return cells.length > 8 ? `${cells.slice(0, 8).join(', ')}, …` : cells.join(', ');
}

function unrecognised(section: CsvSection, header: CsvRow): string {
  return `The columns of ${section.marker} are not recognised (${headerWords(header)})`;
}

/** "English, Portuguese, Spanish and Russian". */
function languageList(): string {
  const names = Object.values(LANGUAGE_NAMES);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A section whose header lacks columns every Drivvo layout has. A header in a language the tables
 * do not know may still share words with one they do (Italian's `Data` and `Volume` are
 * Portuguese too): read as far as it goes, its rows would each fail for a reason that is not
 * theirs, so the whole section is refused with the columns that were not understood.
 */
function unreadableHeader(
  file: ImportFile,
  section: CsvSection,
  header: CsvRow,
  isKnown: (words: string) => boolean,
): SourceProblem {
  const count = section.rows.length;
  const rows = count === 1 ? '1 row' : `${count} rows`;
  const unknown = header.cells
    .map((cell) => cell.replace(/"/g, '').trim())
    .filter((cell) => cell !== '' && !isKnown(readHeaderCell(cell).words))
    .map((cell) => readHeaderCell(cell).words);
  const named = [...new Set(unknown)];
  const columns = named.length > 6 ? `${named.slice(0, 6).join(', ')}, …` : named.join(', ');
  return {
    file: file.name,
    line: header.line,
    reason: `This Drivvo export is in a language Garage Ledger cannot read yet (columns ${columns} of ${section.marker} were not recognised): its ${rows} cannot be imported. Garage Ledger reads Drivvo exports in ${languageList()}.`,
  };
}

function vehicleOf(reading: FileReading, name: string): string {
  if (!reading.vehicles.has(name)) reading.vehicles.set(name, { key: name, name });
  return name;
}

function readRefuellingSection(file: ImportFile, section: CsvSection, reading: FileReading): void {
  if (!section.header) return;
  const layout = readRefuellingHeader(section.header);
  const [firstFuel] = layout.blocks;
  // Every layout documented has these; one missing means a language or layout not known.
  const canRead =
    layout.columns.date !== undefined &&
    layout.columns.odometer !== undefined &&
    firstFuel?.volume !== undefined &&
    firstFuel.unitPrice !== undefined &&
    firstFuel.totalCost !== undefined;
  if (!canRead) {
    reading.problems.push(
      unreadableHeader(file, section, section.header, (words) => !!refuellingFieldOf(words)),
    );
    return;
  }
  reading.distance ??= layout.distance;
  reading.volume ??= layout.volume;
  for (const row of section.rows) {
    const vehicle = vehicleOf(
      reading,
      cellAt(row, layout.columns.vehicle) || reading.defaultVehicle,
    );
    const result = energyRowsOf(row, layout, { file: file.name, line: row.line, vehicle });
    if (typeof result === 'string') {
      reading.problems.push({ file: file.name, line: row.line, reason: result });
    } else {
      reading.rows.push(...result);
    }
  }
}

function readServiceSection(file: ImportFile, section: CsvSection, reading: FileReading): void {
  if (!section.header) return;
  const columns = fieldColumns(section.header, serviceFieldOf);
  const canRead =
    columns.date !== undefined && columns.odometer !== undefined && columns.cost !== undefined;
  if (!canRead) {
    reading.problems.push(
      unreadableHeader(file, section, section.header, (words) => !!serviceFieldOf(words)),
    );
    return;
  }
  reading.distance ??= distanceFromHeader(section.header, columns.odometer);
  for (const row of section.rows) {
    const cell = (field: ServiceField) => cellAt(row, columns[field]);
    const date = cell('date');
    if (date === '') {
      reading.problems.push({ file: file.name, line: row.line, reason: 'No date' });
      continue;
    }
    const serviceName = cell('serviceName');
    const title = cell('serviceType') || cell('title') || serviceName;
    const location = cell('place') || (serviceName !== title ? serviceName : '');
    const odometer = odometerOf(cell('odometer'));
    const cost = cell('cost');
    const category = title ? maintenanceCategoryOf(title) : undefined;
    const notes = joinedNotes([cell('notes'), ...driverAndReason(cell('driver'), '')]);
    reading.rows.push({
      kind: 'maintenance',
      file: file.name,
      line: row.line,
      vehicle: vehicleOf(reading, cell('vehicle') || reading.defaultVehicle),
      date,
      ...(odometer !== undefined && { odometer }),
      ...(title !== '' && { title }),
      ...(category !== undefined && { category }),
      ...(cost !== '' && { cost }),
      ...(location !== '' && { location }),
      ...(notes !== undefined && { notes }),
    });
  }
}

/** Expenses (insurance, tax, parking, fines) are not work on the car: each is said, not lost. */
function readExpenseSection(file: ImportFile, section: CsvSection, reading: FileReading): void {
  for (const row of section.rows) {
    reading.problems.push({
      file: file.name,
      line: row.line,
      reason: 'Expense records are not imported',
    });
  }
}

function readVehicleSection(file: ImportFile, section: CsvSection, reading: FileReading): void {
  if (!section.header) return;
  const columns = fieldColumns(section.header, vehicleFieldOf);
  if (columns.name === undefined) {
    reading.problems.push({
      file: file.name,
      line: section.header.line,
      reason: `${unrecognised(section, section.header)}: the vehicles are named from their records`,
    });
    return;
  }
  for (const row of section.rows) {
    const cell = (field: VehicleField) => cellAt(row, columns[field]);
    const name = cell('name');
    if (name === '') continue;
    const year = Number.parseInt(cell('year'), 10);
    reading.vehicles.set(name, {
      key: name,
      name,
      ...(cell('make') && { make: cell('make') }),
      ...(cell('model') && { model: cell('model') }),
      ...(Number.isInteger(year) && year > 1885 && { year }),
      ...(cell('plate') && { licensePlate: cell('plate') }),
      ...(cell('vin') && { vin: cell('vin') }),
    });
  }
}

const SECTION_READERS: Record<
  SectionKind,
  (file: ImportFile, section: CsvSection, reading: FileReading) => void
> = {
  refuelling: readRefuellingSection,
  service: readServiceSection,
  expense: readExpenseSection,
  // Income and trips are not vehicle history; they are left out as a user would expect.
  income: () => {},
  route: () => {},
  vehicle: readVehicleSection,
};

function readDrivvoFile(file: ImportFile, defaultVehicle: string): FileReading {
  const reading: FileReading = { defaultVehicle, rows: [], problems: [], vehicles: new Map() };
  // Vehicles first, so that the records' vehicles find their make and model whatever the order.
  const sections = readSections(file.text()).filter((section) => section.line > 0);
  const ordered = [
    ...sections.filter((section) => sectionKindOf(section.marker) === 'vehicle'),
    ...sections.filter((section) => sectionKindOf(section.marker) !== 'vehicle'),
  ];
  for (const section of ordered) {
    const kind = sectionKindOf(section.marker);
    if (kind === undefined) {
      reading.problems.push({
        file: file.name,
        line: section.line,
        reason: `The section ${section.marker} is not imported`,
      });
      continue;
    }
    SECTION_READERS[kind](file, section, reading);
  }
  return reading;
}

function drivvoMarkers(file: ImportFile): string[] {
  return markersOf(file.text())
    .map(({ marker }) => marker)
    .filter((marker) => {
      const kind = sectionKindOf(marker);
      return kind !== undefined && TELLING_KINDS.has(kind);
    });
}

function detect(files: ImportFile[]): Detection | null {
  for (const file of files) {
    const markers = drivvoMarkers(file);
    if (markers.length > 0) {
      const named = [...new Set(markers)].slice(0, 3).join(', ');
      return { format: 'drivvo', evidence: `Drivvo's sections: ${named}` };
    }
  }
  return null;
}

function read(files: ImportFile[]): SourceReading {
  const drivvoFiles = files.filter((file) => drivvoMarkers(file).length > 0);
  if (drivvoFiles.length === 0) throw new Error('None of the files is a Drivvo export');
  const vehicles = new Map<string, SourceVehicle>();
  const rows: SourceRow[] = [];
  const problems: SourceProblem[] = [];
  let distanceUnit: Stated<DistanceUnit> | undefined;
  let volumeUnit: Stated<QuantityUnit> | undefined;
  for (const file of drivvoFiles) {
    // An export without a vehicle column is of one car; two such exports are of two cars.
    const defaultVehicle =
      drivvoFiles.length === 1
        ? DRIVVO_DEFAULT_VEHICLE
        : `${DRIVVO_DEFAULT_VEHICLE} (${file.name})`;
    const reading = readDrivvoFile(file, defaultVehicle);
    for (const [key, vehicle] of reading.vehicles) {
      // A car named in two exports keeps the make and model either gave.
      vehicles.set(key, { ...vehicles.get(key), ...vehicle });
    }
    rows.push(...reading.rows);
    problems.push(...reading.problems);
    distanceUnit ??= reading.distance;
    volumeUnit ??= reading.volume;
  }
  return {
    vehicles: [...vehicles.values()],
    rows,
    problems,
    stated: { ...(distanceUnit && { distanceUnit }), ...(volumeUnit && { volumeUnit }) },
  };
}

export const drivvoSource: ImportSource = { format: 'drivvo', label: 'Drivvo', detect, read };
