/**
 * aCar, now the Fuelly app on Android (research §4.2), in its two CSV shapes:
 * - the sectioned export: title lines (`"Metadata"`, `"Vehicles"`, `"Fill-Up Records"`,
 *   `"Service Records"` or `"Event Records"`, `"Expense Records"`, `"Trip Records"`) each followed
 *   by a header and its rows, with the date format in the metadata, units on every row and
 *   numbers as the phone's locale writes them (`"106,421"`, `"$3.969"`);
 * - the app's positional CSV (the one Hammond reads): a header whose names nobody relies on, then
 *   rows told apart by their first cell, `Gas` or `Service`.
 * Trips are not a kind we keep, and expenses other than work on the car neither: trips are left
 * out quietly, each expense is a problem the preview lists.
 *
 * Checked against: the sectioned export's section titles, metadata and fill-up and event headers
 * as quoted by AdamJHowell/MileageTracker and a third-party fixture, and the positional CSV as
 * Hammond's `fuellyImportService.go` reads it (research §4.2), in English with US-locale numbers
 * and `M/d/yyyy` dates; samples built by hand from those. The `.abp` backup is not read. No file
 * written by the app itself is among the samples; app versions and other languages are unknown.
 */
import type { Energy } from '@contract/energy';
import type { DistanceUnit, QuantityUnit } from '@contract/units';
import { type CsvRow, headerKey } from './csv';
import { joinNotes, missingAmountsReason } from './energy-amounts';
import { maintenanceCategoryOf } from './maintenance-categories';
import type {
  Detection,
  ImportFile,
  ImportSource,
  SourceReading,
  SourceRecordRow,
  SourceVehicle,
} from './source';
import {
  cellAt,
  cellOf,
  columnKey,
  definedOnly,
  EXPENSE_NOT_IMPORTED,
  findColumns,
  labelled,
  leadingRows,
  problemAt,
  readRows,
  textOf,
} from './table-reading';
import { yesOrNo } from './words';

const SECTION_TITLES = {
  metadata: 'Metadata',
  vehicles: 'Vehicles',
  fillUps: 'Fill-Up Records',
  services: 'Service Records',
  events: 'Event Records',
  expenses: 'Expense Records',
  trips: 'Trip Records',
} as const;
type Section = keyof typeof SECTION_TITLES;
const SECTION_BY_TITLE = new Map(
  (Object.entries(SECTION_TITLES) as [Section, string][]).map(([section, title]) => [
    headerKey(title),
    section,
  ]),
);

const METADATA_COLUMNS = { dateFormat: ['date format'] } as const;

const VEHICLE_COLUMNS = {
  name: ['name'],
  year: ['year'],
  make: ['make'],
  model: ['model'],
  trim: ['submodel', 'sub model'],
  licensePlate: ['license plate'],
  vin: ['vin'],
  color: ['color'],
  tankCapacity: ['fuel tank capacity'],
  volumeUnit: ['volume unit'],
  distanceUnit: ['distance unit'],
  notes: ['notes'],
} as const;

const FILL_UP_COLUMNS = {
  vehicle: ['vehicle'],
  date: ['date'],
  odometer: ['odometer reading'],
  distanceUnit: ['distance unit'],
  volume: ['volume'],
  volumeUnit: ['volume unit'],
  unitPrice: ['price per unit'],
  totalCost: ['total cost'],
  isPartial: ['partial fill-up?'],
  hasMissed: ['previously missed fill-ups?'],
  fuelCategory: ['fuel category'],
  fuelType: ['fuel type'],
  brand: ['fuel brand'],
  address: ['fueling station address'],
  tags: ['tags'],
  notes: ['notes'],
} as const;

/** Service Records (older exports) and Event Records (newer, with a Type) read alike. */
const EVENT_COLUMNS = {
  vehicle: ['vehicle'],
  date: ['date'],
  odometer: ['odometer reading'],
  distanceUnit: ['distance unit'],
  type: ['type'],
  services: ['sub types', 'services'],
  cost: ['total cost'],
  place: ['place name', 'service center name'],
  tags: ['tags'],
  notes: ['notes'],
} as const;

/** An Event Record's Type, as the kind of row it makes; an expense is not imported. */
const EVENT_KINDS: Readonly<Record<string, SourceRecordRow['kind'] | 'expense'>> = {
  service: 'maintenance',
  repair: 'repairs',
  expense: 'expense',
};

/** aCar's unit words: the vehicle's (`MILE`, `US_GALLON`) and the rows' (`mi`, `gal (US)`). */
const DISTANCE_UNIT_WORDS: Readonly<Record<string, DistanceUnit>> = {
  mi: 'mi',
  mile: 'mi',
  miles: 'mi',
  km: 'km',
  kilometer: 'km',
  kilometers: 'km',
  kilometre: 'km',
  kilometres: 'km',
};
const VOLUME_UNIT_WORDS: Readonly<Record<string, QuantityUnit>> = {
  us_gallon: 'galUS',
  'gal (us)': 'galUS',
  'us gal': 'galUS',
  imperial_gallon: 'galUK',
  uk_gallon: 'galUK',
  'gal (uk)': 'galUK',
  'imp gal': 'galUK',
  'imp. gal': 'galUK',
  l: 'L',
  liter: 'L',
  liters: 'L',
  litre: 'L',
  litres: 'L',
  kwh: 'kWh',
  kg: 'kg',
};

/** How a tank capacity not in litres is worded in the vehicle's notes. */
const CAPACITY_UNIT_WORDS: Readonly<Record<string, string>> = {
  galUS: 'US gallons',
  galUK: 'imperial gallons',
};

/** Fuel Category first, Fuel Type else ("Gasoline - Regular (87)"); the first match wins. */
const FUEL_WORDS: readonly (readonly [RegExp, Energy])[] = [
  [/diesel/i, 'diesel'],
  [/e85|ethanol|flex/i, 'e85'],
  [/lpg|propane|autogas/i, 'lpg'],
  [/cng|natural gas/i, 'cng'],
  [/hydrogen/i, 'hydrogen'],
  [/electric/i, 'electricity'],
  [/gasoline|petrol|regular|premium|mid-?grade|unleaded/i, 'gasoline'],
];

/** The app's positional CSV: what each index holds (AlfHou/hammond fuellyImportService.go). */
const APP_INDEXES = {
  type: 0,
  mpg: 1,
  date: 2,
  time: 3,
  vehicle: 4,
  odometer: 5,
  fill: 6,
  unitPrice: 7,
  quantity: 8,
  totalCost: 9,
  octane: 10,
  brand: 11,
  location: 12,
  tags: 13,
  payment: 14,
  tirePressure: 15,
  notes: 16,
  services: 17,
} as const;
const APP_ROW_KINDS: Readonly<Record<string, 'energy' | 'maintenance'>> = {
  gas: 'energy',
  service: 'maintenance',
};

/** The title a line holds when it is one of the section titles, alone on its line. */
function sectionOf(cells: readonly string[]): Section | undefined {
  const [first = '', ...rest] = cells;
  if (rest.some((cell) => cell.trim() !== '')) return undefined;
  return SECTION_BY_TITLE.get(headerKey(first));
}

/** The section titles of a text, in order, read from its lines without parsing the CSV. */
function sectionTitlesOf(text: string): Section[] {
  const titles: Section[] = [];
  for (const line of text.split(/\r\n?|\n/)) {
    if (line.length > 40) continue;
    const section = sectionOf(line.split(',').map((cell) => cell.replace(/"/g, '')));
    if (section && !titles.includes(section)) titles.push(section);
  }
  return titles;
}

function detectSectioned(file: ImportFile): Detection | null {
  const text = textOf(file);
  if (text === null) return null;
  const titles = sectionTitlesOf(text);
  const isAcar =
    titles.includes('fillUps') ||
    (titles.includes('metadata') && titles.includes('vehicles') && /aCar Version/.test(text));
  if (!isAcar) return null;
  const named = titles.map((section) => `"${SECTION_TITLES[section]}"`).join(', ');
  return { format: 'acar', evidence: `aCar's sections: ${named}` };
}

function isAppHeader(cells: readonly string[]): boolean {
  return (
    cells.length > APP_INDEXES.services &&
    columnKey(cells[APP_INDEXES.type] ?? '') === 'type' &&
    columnKey(cells[APP_INDEXES.mpg] ?? '') === 'mpg'
  );
}

function detectApp(file: ImportFile): Detection | null {
  const [header] = leadingRows(file, 1);
  if (!header || !isAppHeader(header.cells)) return null;
  const named = header.cells.slice(0, 4).map((cell) => cell.trim());
  return {
    format: 'acar',
    evidence: `Fuelly app's columns: ${named.join(', ')}, with Gas and Service rows`,
  };
}

/** A section: its header and its rows, in the order of the file. */
type SectionBlock = { section: Section; header: string[]; rows: CsvRow[] };

function splitSections(rows: CsvRow[]): SectionBlock[] {
  const blocks: SectionBlock[] = [];
  let current: SectionBlock | undefined;
  for (const row of rows) {
    const section = sectionOf(row.cells);
    if (section) {
      current = { section, header: [], rows: [] };
      blocks.push(current);
    } else if (current && current.header.length === 0) {
      current.header = row.cells;
    } else if (current) {
      current.rows.push(row);
    }
  }
  return blocks;
}

/** aCar's date pattern ("M/d/yyyy") in the pipeline's words ("MM/DD/YYYY"); numeric ones only. */
function dateFormatWords(pattern: string): string | undefined {
  const part = '(d{1,2}|M{1,2}|y{4})';
  const shape = new RegExp(`^${part}([./ -])${part}\\2${part}$`);
  const match = shape.exec(pattern);
  if (!match) return undefined;
  const letters = [match[1], match[3], match[4]]
    .map((token) => token?.[0])
    .sort()
    .join('');
  if (letters !== 'Mdy') return undefined;
  return pattern.replace(/y+/g, 'YYYY').replace(/M+/g, 'MM').replace(/d+/g, 'DD');
}

const distanceUnitOf = (word: string | undefined) =>
  word === undefined ? undefined : DISTANCE_UNIT_WORDS[word.toLowerCase()];

/** A row's volume unit; a bare "gal" is the vehicle's kind of gallon, US unless it says UK. */
function volumeUnitOf(word: string | undefined, vehicle: SourceVehicle | undefined) {
  if (word === undefined) return undefined;
  const key = word.toLowerCase();
  if (key === 'gal' || key === 'gallon' || key === 'gallons') {
    return vehicle?.quantityUnit === 'galUK' ? 'galUK' : 'galUS';
  }
  return VOLUME_UNIT_WORDS[key];
}

function energyOf(...words: (string | undefined)[]): Energy | undefined {
  for (const word of words) {
    const match = word && FUEL_WORDS.find(([pattern]) => pattern.test(word));
    if (match) return match[1];
  }
  return undefined;
}

/** Reads into one reading; vehicles the rows name without a Vehicles line are added by name. */
class AcarReading {
  readonly reading: SourceReading = { vehicles: [], rows: [], problems: [], stated: {} };
  private readonly vehicles = new Map<string, SourceVehicle>();

  vehicleNamed(name: string): SourceVehicle {
    let vehicle = this.vehicles.get(name);
    if (!vehicle) {
      vehicle = { key: name, name };
      this.vehicles.set(name, vehicle);
    }
    return vehicle;
  }

  finish(): SourceReading {
    this.reading.vehicles = [...this.vehicles.values()];
    return this.reading;
  }

  readSectioned(file: ImportFile) {
    // aCar always writes commas; the metadata title line would leave the sniffer nothing to see.
    for (const block of splitSections(readRows(file, ','))) {
      switch (block.section) {
        case 'metadata':
          this.readMetadata(block);
          break;
        case 'vehicles':
          this.readVehicles(block);
          break;
        case 'fillUps':
          this.readFillUps(file, block);
          break;
        case 'services':
        case 'events':
          this.readEvents(file, block);
          break;
        case 'expenses':
          for (const { line } of block.rows) {
            this.reading.problems.push(problemAt(file, line, EXPENSE_NOT_IMPORTED));
          }
          break;
        case 'trips':
          // Trips are not a kind of row we keep: left out without a problem.
          break;
      }
    }
  }

  private readMetadata(block: SectionBlock) {
    const columns = findColumns(block.header, METADATA_COLUMNS);
    const pattern = block.rows[0] && cellOf(block.rows[0].cells, columns, 'dateFormat');
    const words = pattern && dateFormatWords(pattern);
    if (pattern && words) {
      this.reading.stated.dateFormat = {
        value: words,
        evidence: `aCar's Metadata: Date Format "${pattern}"`,
      };
    }
  }

  private readVehicles(block: SectionBlock) {
    const columns = findColumns(block.header, VEHICLE_COLUMNS);
    for (const { cells } of block.rows) {
      const cell = (field: keyof typeof VEHICLE_COLUMNS) => cellOf(cells, columns, field);
      const name = cell('name');
      if (!name) continue;
      const volumeUnit = cell('volumeUnit');
      const quantityUnit = volumeUnit && VOLUME_UNIT_WORDS[volumeUnit.toLowerCase()];
      const year = cell('year');
      const capacity = cell('tankCapacity');
      // Our tank capacity is in litres: a capacity in gallons goes to the notes, not mislabelled.
      const isCapacityInLitres = quantityUnit === 'L';
      const capacityNote =
        capacity && !isCapacityInLitres
          ? `Fuel tank capacity: ${capacity} ${CAPACITY_UNIT_WORDS[quantityUnit ?? ''] ?? volumeUnit ?? ''}`.trim()
          : undefined;
      Object.assign(
        this.vehicleNamed(name),
        definedOnly({
          year: year && /^\d{4}$/.test(year) ? Number(year) : undefined,
          make: cell('make'),
          model: cell('model'),
          trim: cell('trim'),
          licensePlate: cell('licensePlate'),
          vin: cell('vin'),
          color: cell('color'),
          notes: joinNotes(cell('notes'), capacityNote),
          distanceUnit: distanceUnitOf(cell('distanceUnit')),
          quantityUnit,
          tankCapacity: isCapacityInLitres ? capacity : undefined,
        }),
      );
    }
  }

  private readFillUps(file: ImportFile, block: SectionBlock) {
    const columns = findColumns(block.header, FILL_UP_COLUMNS);
    for (const { cells, line } of block.rows) {
      const cell = (field: keyof typeof FILL_UP_COLUMNS) => cellOf(cells, columns, field);
      const vehicle = this.vehicleNamed(cell('vehicle') ?? 'aCar vehicle');
      const date = cell('date');
      if (!date) {
        this.reading.problems.push(problemAt(file, line, 'No date'));
        continue;
      }
      const isPartial = yesOrNo(cell('isPartial'));
      const row = definedOnly({
        kind: 'energy' as const,
        file: file.name,
        line,
        vehicle: vehicle.key,
        date,
        odometer: cell('odometer'),
        distanceUnit: distanceUnitOf(cell('distanceUnit')),
        quantityUnit: volumeUnitOf(cell('volumeUnit'), vehicle),
        energy: energyOf(cell('fuelCategory'), cell('fuelType')),
        quantity: cell('volume'),
        unitPrice: cell('unitPrice'),
        totalCost: cell('totalCost'),
        isFull: isPartial === undefined ? undefined : !isPartial,
        missedPrevious: yesOrNo(cell('hasMissed')),
        place: joinPlace(cell('brand'), cell('address')),
        notes: joinNotes(cell('notes'), labelled('Tags', cell('tags'))),
      });
      const missing = missingAmountsReason(row);
      if (missing) this.reading.problems.push(problemAt(file, line, missing));
      else this.reading.rows.push(row);
    }
  }

  private readEvents(file: ImportFile, block: SectionBlock) {
    const columns = findColumns(block.header, EVENT_COLUMNS);
    for (const { cells, line } of block.rows) {
      const cell = (field: keyof typeof EVENT_COLUMNS) => cellOf(cells, columns, field);
      const type = cell('type');
      // A Service Records section has no Type: all its rows are services.
      const kind = type === undefined ? 'maintenance' : EVENT_KINDS[type.toLowerCase()];
      if (kind === 'expense') {
        this.reading.problems.push(problemAt(file, line, EXPENSE_NOT_IMPORTED));
        continue;
      }
      if (kind === undefined) {
        this.reading.problems.push(problemAt(file, line, `Unknown record type ${type}`));
        continue;
      }
      const date = cell('date');
      if (!date) {
        this.reading.problems.push(problemAt(file, line, 'No date'));
        continue;
      }
      const services = cell('services');
      this.reading.rows.push(
        definedOnly({
          kind,
          file: file.name,
          line,
          vehicle: this.vehicleNamed(cell('vehicle') ?? 'aCar vehicle').key,
          date,
          odometer: cell('odometer'),
          distanceUnit: distanceUnitOf(cell('distanceUnit')),
          title: services,
          category: kind === 'maintenance' ? maintenanceCategoryOf(services) : undefined,
          cost: cell('cost'),
          location: cell('place'),
          notes: joinNotes(cell('notes'), labelled('Tags', cell('tags'))),
        }),
      );
    }
  }

  readApp(file: ImportFile) {
    const [, ...rows] = readRows(file);
    for (const { cells, line } of rows) {
      const cell = (field: keyof typeof APP_INDEXES) => cellAt(cells, APP_INDEXES[field]);
      const type = cell('type');
      const kind = type === undefined ? undefined : APP_ROW_KINDS[type.toLowerCase()];
      if (kind === undefined) {
        this.reading.problems.push(
          problemAt(file, line, `Unknown record type ${type ?? '(none)'}`),
        );
        continue;
      }
      const date = cell('date');
      if (!date) {
        this.reading.problems.push(problemAt(file, line, 'No date'));
        continue;
      }
      const vehicle = this.vehicleNamed(cell('vehicle') ?? 'Fuelly app vehicle').key;
      const notes = joinNotes(cell('notes'), labelled('Tags', cell('tags')));
      if (kind === 'maintenance') {
        const services = cell('services');
        this.reading.rows.push(
          definedOnly({
            kind,
            file: file.name,
            line,
            vehicle,
            date,
            odometer: cell('odometer'),
            title: services,
            category: maintenanceCategoryOf(services),
            cost: cell('totalCost'),
            location: cell('location'),
            notes,
          }),
        );
        continue;
      }
      const fill = cell('fill');
      const row = definedOnly({
        kind,
        file: file.name,
        line,
        vehicle,
        date,
        odometer: cell('odometer'),
        quantity: cell('quantity'),
        unitPrice: cell('unitPrice'),
        totalCost: cell('totalCost'),
        // The app writes "Full" for a full tank and something else for any other fill.
        isFull: fill === undefined ? undefined : fill.toLowerCase() === 'full',
        place: joinPlace(cell('brand'), cell('location')),
        notes,
      });
      const missing = missingAmountsReason(row);
      if (missing) this.reading.problems.push(problemAt(file, line, missing));
      else this.reading.rows.push(row);
    }
  }
}

function joinPlace(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => part !== undefined);
  return present.length > 0 ? present.join(', ') : undefined;
}

export const acarSource: ImportSource = {
  format: 'acar',
  label: 'aCar / Fuelly app',
  detect(files) {
    for (const file of files) {
      const detection = detectSectioned(file) ?? detectApp(file);
      if (detection) return detection;
    }
    return null;
  },
  read(files) {
    const acar = new AcarReading();
    let found = false;
    for (const file of files) {
      if (detectSectioned(file)) acar.readSectioned(file);
      else if (detectApp(file)) acar.readApp(file);
      else continue;
      found = true;
    }
    if (!found) {
      throw new Error('No aCar export found: it begins with "Metadata" or a Type, MPG header');
    }
    return acar.finish();
  },
};
