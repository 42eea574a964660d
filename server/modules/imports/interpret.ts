/**
 * From what a reader found to what an import adds (decision 055): the file's spellings judged
 * from all its values (or as the user chose), each row read, converted to its vehicle's units,
 * checked by the rules every other write follows, and compared with what the account has. Pure:
 * the caller brings the account's vehicles and the keys of their entries, and writes the plan.
 */
import { MONEY_MAX } from '@contract/common';
import { ENERGY_KINDS, ENERGY_LIMITS, type Energy, PROPULSION_ENERGIES } from '@contract/energy';
import {
  type DateOrder,
  type DecimalSeparator,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportChoices,
  type ImportCountKind,
  type ImportCounts,
} from '@contract/imports';
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { vehicleRecordInputSchemas } from '@contract/schemas/records';
import {
  convertDistance,
  type DistanceUnit,
  type Preferences,
  type QuantityUnit,
  UNIT_LABELS,
} from '@contract/units';
import { latestModelYear, MILEAGE_MAX, VEHICLE_YEAR_MIN } from '@contract/vehicles';
import { AppError } from '../../app-error';
import { toDecimalText, toNumeric } from '../../db/numeric';
import { defaultUnit, judgeEntry } from '../energy/energy.service';
import { convertAmount } from './currency-rate';
import { reconcileAmounts } from './sources/energy-amounts';
import type { SourceReading, SourceRow, SourceVehicle, UnknownColumns } from './sources/source';
import {
  impossibleDateReason,
  type Judged,
  judgeDateOrder,
  judgeDecimalSeparator,
  readDate,
  readNumber,
} from './spellings';

/** One of the user's vehicles, as an import may add to it. */
export type AccountVehicle = {
  id: number;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  licensePlate: string | null;
  odometerUnit: DistanceUnit;
  energies: string[];
  auxiliary: string | null;
};

/**
 * What the account already holds of a vehicle, as keys (`duplicateKeys`): an imported row with
 * one of them is a duplicate and is skipped.
 */
export type ExistingKeys = Map<number, Set<string>>;

export type AccountContext = {
  preferences: Preferences;
  vehicles: AccountVehicle[];
  existing: ExistingKeys;
  /** `vehicleId` of the upload: where a file of one vehicle goes. */
  vehicleId: number | null;
};

/** The record kinds by the name the counts use, and the table each is stored in. */
const RECORD_TYPE_OF = {
  maintenance: 'maintenance',
  repairs: 'repair',
  modifications: 'modification',
} as const satisfies Record<string, RecordType>;
type RecordCountKind = keyof typeof RECORD_TYPE_OF;

/** A new vehicle's year, make and model; null where neither the file nor the user says. */
export type VehicleDetails = { year: number | null; make: string | null; model: string | null };

/** The columns of a new vehicle, as the vehicle create stores them (once its details are known). */
export type NewVehicleValues = VehicleDetails & {
  trim: string | null;
  vin: string | null;
  licensePlate: string | null;
  color: string | null;
  notes: string | null;
  energies: string[];
  auxiliary: string | null;
  tankCapacity: string | null;
  odometerUnit: DistanceUnit;
};

export type PlannedEnergy = {
  date: string;
  odometer: string | null;
  energy: Energy;
  unit: QuantityUnit;
  quantity: string;
  canonicalQuantity: string;
  unitPrice: string;
  totalCost: string;
  isFull: boolean;
  missedPrevious: boolean;
  place: string | null;
  notes: string | null;
};

export type PlannedRecord = {
  type: RecordType;
  title: string | null;
  category: string;
  description: string | null;
  cost: string | null;
  date: string | null;
  location: string | null;
  technician: string | null;
  notes: string | null;
  odometer: string | null;
  isCompleted: boolean;
};

export type PlannedReading = { date: string; odometer: string };

/** What an import adds to one vehicle, new or the user's. */
export type PlannedVehicle = {
  key: string;
  name: string;
  /** The user's vehicle, or null: `create` makes a new one. */
  vehicleId: number | null;
  create: NewVehicleValues;
  /** Read from the file's name of the vehicle, for the user to confirm; never stored as is. */
  suggested: VehicleDetails;
  /** A new vehicle whose year, make or model is still unknown: apply waits for the user. */
  needsDetails: boolean;
  odometerUnit: DistanceUnit;
  energy: PlannedEnergy[];
  records: PlannedRecord[];
  readings: PlannedReading[];
};

type ListedRow = { file: string; line: number; reason: string };

export type Interpretation = {
  decimalSeparator: Judged<DecimalSeparator>;
  dateFormat: Judged<DateOrder> & { example: { written: string; read: string } | null };
  units: {
    distance: Judged<DistanceUnit>;
    volume: Judged<QuantityUnit>;
    currencies: string[];
  };
  /** The user's currency, and each other currency of the file with its chosen rate or null. */
  currency: string;
  foreignCurrencies: { currency: string; rate: string | null }[];
  unknownColumns: UnknownColumns[];
  vehicles: (PlannedVehicle & { counts: ImportCounts })[];
  counts: ImportCounts;
  existing: ImportCounts;
  problems: ListedRow[];
  adjustments: ListedRow[];
  duplicates: (ListedRow & { kind: ImportCountKind })[];
  needsChoice: (
    | 'decimalSeparator'
    | 'dateFormat'
    | 'distanceUnit'
    | 'volumeUnit'
    | 'vehicleDetails'
    | 'currencyRates'
  )[];
};

/** The currencies a reading names: the one the file states first, then its rows' own. */
export function currenciesOf(reading: SourceReading): string[] {
  const named = [
    reading.stated.currency?.value,
    ...reading.rows.map((row) => (row.kind === 'odometer' ? undefined : row.currency)),
  ];
  return [...new Set(named.filter((currency): currency is string => !!currency))];
}

export function emptyCounts(): ImportCounts {
  return {
    vehicles: 0,
    energy: 0,
    maintenance: 0,
    repairs: 0,
    modifications: 0,
    odometer: 0,
    schedules: 0,
    documents: 0,
    photos: 0,
    files: 0,
  };
}

/** The keys an entry is known by: the same date and odometer, and the same quantity or cost. */
export function duplicateKeys(entry: {
  kind: 'energy' | 'record' | 'odometer';
  date: string | null;
  odometer: string | null;
  quantity?: string | null;
  cost?: string | null;
}): string[] {
  const base = `${entry.kind}|${entry.date ?? ''}|${entry.odometer === null ? '' : Number(entry.odometer)}`;
  if (entry.kind === 'odometer') return [base];
  const keys: string[] = [];
  if (entry.quantity != null) keys.push(`${base}|q${Number(entry.quantity)}`);
  if (entry.cost != null) keys.push(`${base}|c${Number(entry.cost)}`);
  return keys.length > 0 ? keys : [base];
}

/** Every number and date of the reading as the file spells them, for the judging. */
function spellingsOf(reading: SourceReading) {
  const numbers: string[] = [];
  const dates: string[] = [];
  const add = (value: string | number | undefined) => {
    if (typeof value === 'string' && value.trim() !== '') numbers.push(value);
  };
  for (const row of reading.rows) {
    dates.push(row.date);
    add(row.odometer);
    if (row.kind === 'energy') {
      add(row.quantity);
      add(row.unitPrice);
      add(row.totalCost);
    } else if (row.kind !== 'odometer') {
      add(row.cost);
    }
  }
  for (const vehicle of reading.vehicles) add(vehicle.tankCapacity);
  return { numbers, dates };
}

/** A choice the user made wins; then what the file states; then the judging of its values. */
function chosen<Value>(
  choice: Value | undefined,
  stated: { value: Value; evidence: string } | undefined,
  judged: () => Judged<Value>,
): Judged<Value> {
  if (choice !== undefined) return { value: choice, evidence: 'Chosen by you.', certain: true };
  if (stated) return { ...stated, certain: true };
  return judged();
}

/** How the preview names a vehicle of the file that has no name of its own. */
function vehicleName(vehicle: SourceVehicle): string {
  return (
    vehicle.name.trim() || [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')
  );
}

/**
 * The user's vehicle a vehicle of the file is: by VIN, by plate, then by make and model (and
 * year, when both have one) named alike; null when none is, or several are.
 */
export function suggestVehicle(
  vehicle: SourceVehicle,
  account: readonly AccountVehicle[],
): number | null {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  const byVin = account.filter((candidate) => same(candidate.vin, vehicle.vin));
  if (byVin.length === 1) return byVin[0]!.id;
  const byPlate = account.filter((candidate) => same(candidate.licensePlate, vehicle.licensePlate));
  if (byPlate.length === 1) return byPlate[0]!.id;
  const words = `${vehicle.name} ${vehicle.make ?? ''} ${vehicle.model ?? ''}`.toLowerCase();
  const byName = account.filter(
    (candidate) =>
      words.includes(candidate.make.toLowerCase()) &&
      words.includes(candidate.model.toLowerCase()) &&
      (vehicle.year === undefined || vehicle.year === candidate.year),
  );
  return byName.length === 1 ? byName[0]!.id : null;
}

/** The energies a new vehicle gets: those its rows use, propulsion first, at most two. */
function energiesOfRows(rows: readonly SourceRow[], stated: Energy[] | undefined) {
  const used = new Set<Energy>(stated ?? []);
  for (const row of rows) if (row.kind === 'energy' && row.energy) used.add(row.energy);
  const propulsion = PROPULSION_ENERGIES.filter((energy) => used.has(energy)).slice(0, 2);
  return {
    energies: propulsion.length > 0 ? propulsion : ['gasoline'],
    auxiliary: used.has('adblue') ? 'adblue' : null,
  };
}

const clip = (text: string | undefined, max: number) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

const isModelYear = (year: number | undefined): year is number =>
  year !== undefined &&
  Number.isInteger(year) &&
  year >= VEHICLE_YEAR_MIN &&
  year <= latestModelYear();

/**
 * A new vehicle's year, make and model where the file states them, the user's choice over them;
 * nothing is made up: a name is not split into a make, a first fill-up's year is no model year.
 */
function detailsOf(vehicle: SourceVehicle, chosen: VehicleDetails | undefined): VehicleDetails {
  if (chosen) return chosen;
  return {
    year: isModelYear(vehicle.year) ? vehicle.year : null,
    make: clip(vehicle.make, 200),
    model: clip(vehicle.model, 200),
  };
}

/** The name a reader gives a vehicle the file leaves unnamed ("Spritmonitor vehicle 853999"). */
const READER_PLACEHOLDER = /\bvehicle(\s+\S+)?$/i;

/**
 * What the preview offers to fill in a vehicle the file does not fully describe: "2008 Nissan
 * Altima" → 2008, Nissan, Altima. A suggestion the user confirms, so a wrong one stores nothing.
 */
function suggestDetails(vehicle: SourceVehicle, stated: VehicleDetails): VehicleDetails {
  const name = vehicleName(vehicle);
  const words = (
    vehicle.make || vehicle.model
      ? [vehicle.make, vehicle.model].filter(Boolean).join(' ')
      : READER_PLACEHOLDER.test(name)
        ? ''
        : name
  )
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const leading = Number(words[0]);
  const year = /^\d{4}$/.test(words[0] ?? '') && isModelYear(leading) ? leading : null;
  if (year !== null) words.shift();
  const [make = null, ...model] = words;
  return {
    year: stated.year ?? year,
    make: stated.make ?? clip(make ?? undefined, 200),
    model:
      stated.make && stated.model ? stated.model : (clip(model.join(' '), 200) ?? stated.model),
  };
}

/** The new vehicle a vehicle of the file becomes: its details, and what else the file says. */
function newVehicleOf(
  vehicle: SourceVehicle,
  details: VehicleDetails,
  rows: readonly SourceRow[],
  odometerUnit: DistanceUnit,
  tankCapacity: number | null,
  formatLabel: string,
): NewVehicleValues {
  const name = vehicleName(vehicle);
  const origin = `Imported from ${formatLabel} ("${name}").`;
  return {
    ...details,
    trim: clip(vehicle.trim, 200),
    vin: clip(vehicle.vin, 32),
    licensePlate: clip(vehicle.licensePlate, 32),
    color: clip(vehicle.color, 200),
    notes: vehicle.notes?.trim() ? `${vehicle.notes.trim()}\n\n${origin}` : origin,
    ...energiesOfRows(rows, vehicle.energies),
    tankCapacity: toDecimalText(tankCapacity, 3),
    odometerUnit,
  };
}

/** The first of a zod error's messages, as a problem's reason. */
function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Not readable';
}

const ODOMETER_MAX = MILEAGE_MAX;

/**
 * What the import adds, and what it will not: every row read with the file's spellings (or the
 * user's choices), placed in its vehicle, checked, and compared with the account's entries.
 */
export function interpret(
  reading: SourceReading,
  choices: ImportChoices,
  account: AccountContext,
  formatLabel: string,
): Interpretation {
  const { numbers, dates } = spellingsOf(reading);
  const { stated } = reading;
  const decimalSeparator = chosen(choices.decimalSeparator, stated.decimalSeparator, () =>
    judgeDecimalSeparator(numbers),
  );
  const dateOrder = chosen(
    choices.dateFormat,
    stated.dateFormat
      ? { ...stated.dateFormat, value: orderOf(stated.dateFormat.value) }
      : undefined,
    () => judgeDateOrder(dates, account.preferences.distanceUnit === 'mi' ? 'MDY' : 'DMY'),
  );
  const firstDate = dates.find((date) => date.trim() !== '');
  const example = firstDate
    ? { written: firstDate.trim(), read: readDate(firstDate, dateOrder.value) ?? '—' }
    : null;

  // Units: a row's own, else its vehicle's, else the file's, else the choice (asked when any
  // row depends on it).
  const rowsNeedDistance = reading.rows.some(
    (row) =>
      row.odometer !== undefined &&
      !row.distanceUnit &&
      !reading.vehicles.find((vehicle) => vehicle.key === row.vehicle)?.distanceUnit,
  );
  const rowsNeedVolume = reading.rows.some(
    (row) =>
      row.kind === 'energy' &&
      (row.energy === undefined || ENERGY_KINDS[row.energy].measure === 'volume') &&
      !row.quantityUnit &&
      !reading.vehicles.find((vehicle) => vehicle.key === row.vehicle)?.quantityUnit,
  );
  const currencies = currenciesOf(reading);
  const distance = chosen<DistanceUnit>(choices.distanceUnit, stated.distanceUnit, () =>
    guessedUnit(account.preferences.distanceUnit, 'km', currencies, rowsNeedDistance),
  );
  const volume = chosen<QuantityUnit>(choices.volumeUnit, stated.volumeUnit, () =>
    guessedUnit(account.preferences.volumeUnit, 'L', currencies, rowsNeedVolume),
  );

  // Amounts in another currency than the user's wait for a rate (or 'keep'); never relabelled.
  const currency = account.preferences.currency;
  const rates = choices.currencyRates ?? {};
  const foreignCurrencies = currencies
    .filter((code) => code !== currency)
    .map((code) => ({ currency: code, rate: rates[code] ?? null }));
  const rateOf = (row: SourceRow): string | null => {
    const code = (row.kind === 'odometer' ? undefined : row.currency) ?? stated.currency?.value;
    const rate = code && code !== currency ? rates[code] : undefined;
    return rate && rate !== 'keep' ? rate : null;
  };

  const problems: ListedRow[] = [...reading.problems];
  /** Rows imported with a figure other than the file's, and why. */
  const adjustments: ListedRow[] = [];
  const duplicates: (ListedRow & { kind: ImportCountKind })[] = [];
  const counts = emptyCounts();
  const existing = emptyCounts();
  // Keys met so far in the file, per vehicle it goes into (a new one by its key in the file).
  const seen = new Map<string, Set<string>>();
  const isDuplicate = (vehicleKey: string, vehicleId: number | null, keys: string[]) => {
    const scope = vehicleId === null ? `new:${vehicleKey}` : `${vehicleId}`;
    const local = seen.get(scope) ?? new Set<string>();
    seen.set(scope, local);
    const stored = vehicleId === null ? undefined : account.existing.get(vehicleId);
    const found = keys.some((key) => stored?.has(key) || local.has(key));
    for (const key of keys) local.add(key);
    return found;
  };

  const vehicles = reading.vehicles.map((vehicle) => {
    const rows = reading.rows.filter((row) => row.vehicle === vehicle.key);
    const mapped = choices.vehicles?.[vehicle.key];
    const onlyVehicle = reading.vehicles.length === 1 ? account.vehicleId : null;
    const vehicleId =
      mapped !== undefined ? mapped : (onlyVehicle ?? suggestVehicle(vehicle, account.vehicles));
    const target = account.vehicles.find((candidate) => candidate.id === vehicleId) ?? null;
    const fileDistance = vehicle.distanceUnit ?? distance.value;
    const odometerUnit = target?.odometerUnit ?? fileDistance;
    const tankCapacity = readNumber(vehicle.tankCapacity, decimalSeparator.value);
    const details = detailsOf(vehicle, choices.vehicleDetails?.[vehicle.key]);
    const create = newVehicleOf(vehicle, details, rows, odometerUnit, tankCapacity, formatLabel);
    const profile = target ?? create;
    const planned: PlannedVehicle & { counts: ImportCounts } = {
      key: vehicle.key,
      name: vehicleName(vehicle),
      vehicleId: target?.id ?? null,
      create,
      suggested: suggestDetails(vehicle, details),
      needsDetails:
        !target && (details.year === null || details.make === null || details.model === null),
      odometerUnit,
      energy: [],
      records: [],
      readings: [],
      counts: emptyCounts(),
    };
    if (!target) planned.counts.vehicles = 1;

    for (const row of rows) {
      const problem = (reason: string) => problems.push({ file: row.file, line: row.line, reason });
      const date = readDate(row.date, dateOrder.value);
      if (date === null) {
        problem(
          row.date.trim() === ''
            ? 'No date'
            : (impossibleDateReason(row.date, dateOrder.value) ??
                `Date "${row.date.trim()}" is not readable`),
        );
        continue;
      }
      let odometer: string | null = null;
      if (row.odometer !== undefined && `${row.odometer}`.trim() !== '') {
        const value = readNumber(row.odometer, decimalSeparator.value);
        if (value === null || value < 0) {
          problem(`Odometer "${`${row.odometer}`.trim()}" is not readable`);
          continue;
        }
        const converted = convertDistance(value, row.distanceUnit ?? fileDistance, odometerUnit);
        if (converted > ODOMETER_MAX) {
          problem('Odometer reading is too large');
          continue;
        }
        // Zero is how several apps write "not recorded" (Drivvo's 0.0).
        odometer = converted === 0 ? null : toDecimalText(converted, 1);
      }
      const listDuplicate = (kind: ImportCountKind) => {
        duplicates.push({
          file: row.file,
          line: row.line,
          kind,
          reason: target
            ? `Already in your ${target.year} ${target.make} ${target.model}`
            : 'Repeats an earlier row of the file',
        });
        existing[kind] += 1;
      };

      if (row.kind === 'odometer') {
        if (odometer === null) {
          problem('No odometer reading');
          continue;
        }
        if (
          isDuplicate(
            vehicle.key,
            planned.vehicleId,
            duplicateKeys({ kind: 'odometer', date, odometer }),
          )
        ) {
          listDuplicate('odometer');
          continue;
        }
        planned.readings.push({ date, odometer });
        planned.counts.odometer += 1;
        continue;
      }

      if (row.kind === 'energy') {
        const energy = row.energy ?? (profile.energies[0] as Energy);
        const unit =
          row.quantityUnit ??
          (ENERGY_KINDS[energy].measure === 'volume'
            ? (vehicle.quantityUnit ?? volume.value)
            : defaultUnit(energy, account.preferences));
        const read = {
          quantity: readNumber(row.quantity, decimalSeparator.value),
          unitPrice: readNumber(row.unitPrice, decimalSeparator.value),
          totalCost: readNumber(row.totalCost, decimalSeparator.value),
        };
        const { amounts, gap } = reconcileAmounts(read);
        let judged: ReturnType<typeof judgeEntry>;
        try {
          judged = judgeEntry(
            {
              energy,
              unit,
              ...amounts,
              chargerKind: null,
              socStart: null,
              socEnd: null,
              batteryKwh: null,
            },
            { energies: profile.energies, auxiliary: profile.auxiliary },
          );
        } catch (error) {
          if (error instanceof AppError) {
            problem(error.message);
            continue;
          }
          throw error;
        }
        // Within rounding, the file's price is the pump's: its quantity was derived from it.
        const filePrice =
          gap === 'rounding' && read.unitPrice !== null
            ? toDecimalText(read.unitPrice, 3)!
            : judged.unitPrice;
        const rate = rateOf(row);
        const unitPrice = rate ? convertAmount(filePrice, rate, 3) : filePrice;
        const totalCost = rate ? convertAmount(judged.totalCost, rate, 2) : judged.totalCost;
        if (Number(totalCost) > MONEY_MAX || Number(unitPrice) > ENERGY_LIMITS.unitPriceMax) {
          problem(IMPORT_MESSAGES.tooLargeConverted);
          continue;
        }
        const keys = duplicateKeys({
          kind: 'energy',
          date,
          odometer,
          quantity: judged.canonicalQuantity,
          cost: totalCost,
        });
        if (isDuplicate(vehicle.key, planned.vehicleId, keys)) {
          listDuplicate('energy');
          continue;
        }
        if (gap === 'more') {
          adjustments.push({
            file: row.file,
            line: row.line,
            reason: `Price per unit ${judged.unitPrice} recomputed from total ${judged.totalCost} ÷ ${judged.quantity} ${UNIT_LABELS[judged.unit]} (the file says ${`${row.unitPrice}`.trim()})`,
          });
        }
        planned.energy.push({
          date,
          odometer,
          energy: judged.energy,
          unit: judged.unit,
          quantity: judged.quantity,
          canonicalQuantity: judged.canonicalQuantity,
          unitPrice,
          totalCost,
          isFull: row.isFull ?? true,
          missedPrevious: row.missedPrevious ?? false,
          place: clip(row.place, 200),
          notes: clip(row.notes, 10_000),
        });
        planned.counts.energy += 1;
        continue;
      }

      const countKind = row.kind as RecordCountKind;
      const type = RECORD_TYPE_OF[countKind];
      const categories = RECORD_KINDS[type].categories as readonly string[];
      const category =
        categories.find((known) => known.toLowerCase() === row.category?.trim().toLowerCase()) ??
        'Other';
      const parsed = vehicleRecordInputSchemas[type].safeParse({
        category,
        title: clip(row.title, 200) ?? clip(row.description, 200) ?? category,
        description: row.description?.trim() || null,
        cost: readNumber(row.cost, decimalSeparator.value),
        date,
        location: clip(row.location, 200),
        technician: clip(row.technician, 200),
        notes: row.notes?.trim() || null,
        odometer: odometer === null ? null : Number(odometer),
        isCompleted: row.isCompleted ?? true,
      });
      if (!parsed.success) {
        problem(firstMessage(parsed.error));
        continue;
      }
      const record = parsed.data;
      const rate = rateOf(row);
      const stored = toNumeric(record.cost ?? null);
      const cost = stored !== null && rate ? convertAmount(stored, rate, 2) : stored;
      if (cost !== null && Number(cost) > MONEY_MAX) {
        problem(IMPORT_MESSAGES.tooLargeConverted);
        continue;
      }
      const keys = duplicateKeys({ kind: 'record', date, odometer, cost });
      if (isDuplicate(vehicle.key, planned.vehicleId, keys)) {
        listDuplicate(countKind);
        continue;
      }
      planned.records.push({
        type,
        title: record.title ?? null,
        category: record.category,
        description: record.description ?? null,
        cost,
        date,
        location: record.location ?? null,
        technician: record.technician ?? null,
        notes: record.notes ?? null,
        odometer,
        isCompleted: record.isCompleted ?? true,
      });
      planned.counts[countKind] += 1;
    }
    return planned;
  });

  for (const vehicle of vehicles) {
    for (const kind of Object.keys(counts) as ImportCountKind[]) {
      counts[kind] += vehicle.counts[kind];
    }
  }

  const needsChoice: Interpretation['needsChoice'] = [];
  if (!decimalSeparator.certain) needsChoice.push('decimalSeparator');
  if (!dateOrder.certain) needsChoice.push('dateFormat');
  if (!distance.certain) needsChoice.push('distanceUnit');
  if (!volume.certain) needsChoice.push('volumeUnit');
  if (vehicles.some((vehicle) => vehicle.needsDetails)) needsChoice.push('vehicleDetails');
  if (foreignCurrencies.some((foreign) => foreign.rate === null)) needsChoice.push('currencyRates');

  return {
    decimalSeparator,
    dateFormat: { ...dateOrder, example },
    units: { distance, volume, currencies },
    currency,
    foreignCurrencies,
    unknownColumns: reading.unknownColumns ?? [],
    vehicles,
    counts,
    existing,
    problems,
    adjustments,
    duplicates,
    needsChoice,
  };
}

/**
 * Where miles and gallons are what a fill-up is bought and driven in, by the currency paid: a
 * file in any other currency is not guessed to be in them, whatever the user's preference.
 */
const UNIT_CURRENCIES: Partial<Record<DistanceUnit | QuantityUnit, ReadonlySet<string>>> = {
  mi: new Set(['USD', 'GBP']),
  galUS: new Set(['USD']),
  galUK: new Set(['GBP']),
};

/**
 * A unit the file does not state: asked when any row depends on it, and meanwhile the user's
 * preference, unless the file's currency says it is not what the file is in (a German file in
 * EUR is not in miles and US gallons): then the metric unit is what the question offers.
 */
function guessedUnit<Unit extends DistanceUnit | QuantityUnit>(
  preference: Unit,
  metric: Unit,
  currencies: readonly string[],
  isNeeded: boolean,
): Judged<Unit> {
  if (!isNeeded) return { value: preference, evidence: 'Every row states its own.', certain: true };
  const usedWith = UNIT_CURRENCIES[preference];
  const foreign = usedWith && currencies.find((currency) => !usedWith.has(currency));
  return foreign
    ? {
        value: metric,
        evidence: `The file does not say; its amounts in ${foreign} suggest ${metric === 'km' ? 'kilometres' : 'litres'}.`,
        certain: false,
      }
    : {
        value: preference,
        evidence: 'The file does not say; your preference is assumed.',
        certain: false,
      };
}

/** A date format as a reader states it ("dd.MM.yyyy", "M/d/yyyy", "YYYY-MM-DD") as an order. */
function orderOf(format: string): DateOrder {
  const letters = format.toUpperCase().replace(/[^DMY]/g, '');
  const first = letters[0];
  return first === 'Y' ? 'YMD' : first === 'M' ? 'MDY' : 'DMY';
}

/** The lists a preview shows are capped; their totals are not. */
export function listed<Row>(rows: readonly Row[]): Row[] {
  return rows.slice(0, IMPORT_LIMITS.maxListedRows);
}
