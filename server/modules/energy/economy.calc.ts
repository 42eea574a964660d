/**
 * Fuel and energy economy (decision 050), pure: the full-to-full spans of each energy with their
 * figure or the reason there is none, the period's averages (Σ distance ÷ Σ quantity, never a
 * mean of ratios), per-100 consumptions over the distance driven, an electric car's battery-side
 * figures and charging losses, and cost per distance. Everything is summed in canonical units
 * (km, litres, kilograms, kWh) and converted to the user's units and rounded only in the answer.
 */
import {
  ECONOMY_SPANS_MAX,
  type Economy,
  type EconomyReason,
  type EconomySpan,
  ENERGIES,
  ENERGY_KINDS,
  type Energy,
  type EnergySummary,
  type PropulsionEnergy,
  roundTo,
} from '@contract/energy';
import { sumAmounts } from '@contract/money';
import {
  auxiliaryScale,
  convertDistance,
  type DistanceUnit,
  displayUnit,
  type EconomyScale,
  economyScale,
  fromCanonicalQuantity,
  type Preferences,
  perHundredScale,
  UNIT_LABELS,
} from '@contract/units';
import { type DrivenInPeriod, drivenInPeriod, type JudgedReading } from '../odometer/odometer.calc';

export type EconomyEntry = {
  id: number;
  date: string;
  /** In the vehicle's odometer unit. */
  odometer: number | null;
  isOdometerFlagged: boolean;
  energy: Energy;
  /** Litres, kilograms or kWh. */
  canonicalQuantity: number;
  totalCost: number;
  isFull: boolean;
  missedPrevious: boolean;
  socStart: number | null;
  socEnd: number | null;
  batteryKwh: number | null;
  /** In the vehicle's odometer unit. */
  distanceOnEnergy: number | null;
};

export type EconomyVehicle = {
  energies: readonly PropulsionEnergy[];
  auxiliary: 'adblue' | null;
  batteryCapacity: number | null;
  odometerUnit: DistanceUnit;
};

/** Decimals of each kind of figure in the answer; nothing is rounded before it. */
const DECIMALS = { economy: 2, distance: 1, quantity: 3, money: 2, unitPrice: 3, loss: 3 };

/**
 * The entries from a full one (the opening) to the next full one (the closing), of one energy.
 * `entries` are every entry after the opening through the last one merged in: a full entry at
 * the closing's odometer (topped up again, charged in two steps) joins the span instead of
 * opening an empty one, and becomes the next span's opening.
 */
type Span = {
  /** Null for the first fill-up: what it filled was used before the log began. */
  opening: EconomyEntry | null;
  /** Where the span's driving ends: the closing full entry, or an open span's latest partial. */
  closing: EconomyEntry;
  entries: EconomyEntry[];
  /** Partial entries after the last full one: the span closes with the next full one. */
  isOpen: boolean;
};

/** A span's figures before conversion: distance in km, quantities canonical. */
type MeasuredSpan = {
  span: Span;
  reason: EconomyReason | null;
  distanceKm: number | null;
  quantity: number;
  /** Battery-side kWh used over the span's distance (electricity with state of charge). */
  batteryUsed: number | null;
  charged: ChargedEnergy;
};

/** Wall and battery-side kWh of the charges whose battery side is known. */
type ChargedEnergy = { wall: number; battery: number };

/** Everything of the economy answer (contract `economySchema`) but vehicleId and currency. */
export function computeEconomy(input: {
  vehicle: EconomyVehicle;
  entries: readonly EconomyEntry[];
  readings: readonly JudgedReading[];
  serviceCost: number;
  from: string | null;
  to: string | null;
  preferences: Preferences;
}): Omit<Economy, 'vehicleId' | 'currency'> {
  const { vehicle, readings, serviceCost, from, to, preferences } = input;
  const entries = [...input.entries].sort(compareEntries);
  const isInPeriod = (date: string) =>
    (from === null || date >= from) && (to === null || date <= to);
  const driven = drivenInPeriod(readings, from, to);
  const position = new Map(entries.map((entry, index) => [entry.id, index]));
  const toKm = (distance: number) => convertDistance(distance, vehicle.odometerUnit, 'km');

  const summarize = (energy: Energy): EnergySummary => {
    const kind = ENERGY_KINDS[energy];
    const ofEnergy = entries.filter((entry) => entry.energy === energy);
    const isPropulsion = kind.role === 'propulsion';
    const isElectric = kind.measure === 'electric';
    const capacity = isElectric ? vehicle.batteryCapacity : null;
    const othersUpTo = countOtherPropulsionUpTo(entries, energy);
    // On a vehicle that runs on more than one energy, a span during which another propulsion
    // energy was logged was partly driven on it: its distance is not this energy's alone.
    const isSharedDistance = (span: Span) =>
      isPropulsion &&
      span.opening !== null &&
      othersUpTo[position.get(span.closing.id)!]! > othersUpTo[position.get(span.opening.id)!]!;
    const measured = buildSpans(ofEnergy)
      .filter((span) => isInPeriod(lastOf(span).date))
      .map((span) =>
        measureSpan(span, {
          toKm,
          capacity,
          isSharedDistance: isSharedDistance(span),
        }),
      );
    const scale = isPropulsion
      ? economyScale(kind.measure, preferences)
      : auxiliaryScale(preferences);
    const batteryScale = economyScale('electric', preferences);
    const quantityUnit = displayUnit(kind.measure, preferences);
    const toQuantity = (canonical: number) =>
      roundTo(fromCanonicalQuantity(canonical, quantityUnit), DECIMALS.quantity);
    const toDistance = (km: number) =>
      roundTo(convertDistance(km, 'km', preferences.distanceUnit), DECIMALS.distance);

    const valid = measured.filter((span) => span.reason === null);
    const validKm = sum(valid.map((span) => span.distanceKm!));
    const withBattery = valid.filter((span) => span.batteryUsed !== null);
    const inPeriod = ofEnergy.filter((entry) => isInPeriod(entry.date));
    const periodQuantity = sum(inPeriod.map((entry) => entry.canonicalQuantity));
    const periodCost = sumAmounts(inPeriod.map((entry) => entry.totalCost));
    const perHundred = perHundredScale(kind.measure, preferences);
    const drivenKm = driven === null ? 0 : toKm(driven.distance);

    return {
      energy,
      quantityUnit: UNIT_LABELS[quantityUnit],
      economyUnit: scale.label,
      isConsumption: scale.isConsumption,
      spans: measured.slice(-ECONOMY_SPANS_MAX).map((span) =>
        presentSpan(span, {
          scale,
          batteryScale,
          toQuantity,
          toDistance,
        }),
      ),
      spanCount: measured.length,
      average: figureOf(scale, validKm, sum(valid.map((span) => span.quantity))),
      spanDistance: toDistance(validKm),
      quantity: toQuantity(periodQuantity),
      cost: roundTo(periodCost, DECIMALS.money),
      entryCount: inPeriod.length,
      averageUnitPrice:
        periodQuantity > 0
          ? roundTo(
              periodCost / fromCanonicalQuantity(periodQuantity, quantityUnit),
              DECIMALS.unitPrice,
            )
          : null,
      perHundred:
        drivenKm > 0
          ? roundTo(
              perHundred.figure(drivenKm, consumedWhileDriven(ofEnergy, driven!)),
              DECIMALS.economy,
            )
          : null,
      perHundredUnit: perHundred.label,
      batteryAverage: figureOf(
        batteryScale,
        sum(withBattery.map((span) => span.distanceKm!)),
        sum(withBattery.map((span) => span.batteryUsed!)),
      ),
      chargingLoss: isElectric ? lossOf(chargedBy(inPeriod, capacity)) : null,
    };
  };

  const distance =
    driven === null
      ? null
      : convertDistance(driven.distance, vehicle.odometerUnit, preferences.distanceUnit);
  const energyCost = sumAmounts(
    entries.filter((entry) => isInPeriod(entry.date)).map((entry) => entry.totalCost),
  );
  return {
    from,
    to,
    distanceUnit: preferences.distanceUnit,
    distance: distance === null ? null : roundTo(distance, DECIMALS.distance),
    energyCost: roundTo(energyCost, DECIMALS.money),
    serviceCost: roundTo(serviceCost, DECIMALS.money),
    costPerDistance: costPerDistanceOf(energyCost + serviceCost, distance),
    energies: energiesInOrder(vehicle, entries).map(summarize),
  };
}

/**
 * D48: running costs (energy and completed maintenance and repairs) per unit of the distance
 * driven, to the cent; null without a distance.
 */
export function costPerDistanceOf(runningCosts: number, distance: number | null): number | null {
  return distance !== null && distance > 0
    ? roundTo(runningCosts / distance, DECIMALS.money)
    : null;
}

/** The vehicle's energies in its profile's order, then its auxiliary fluid, then others logged. */
function energiesInOrder(vehicle: EconomyVehicle, entries: readonly EconomyEntry[]): Energy[] {
  const profile: Energy[] = [...vehicle.energies];
  if (vehicle.auxiliary !== null) profile.push(vehicle.auxiliary);
  const logged = new Set(entries.map((entry) => entry.energy));
  return [
    ...profile,
    ...ENERGIES.filter((energy) => logged.has(energy) && !profile.includes(energy)),
  ];
}

/**
 * The order entries were made in: date, then odometer (a day's entries in the order driven; one
 * without an odometer after those with one), then id (the order they were logged).
 */
function compareEntries(a: EconomyEntry, b: EconomyEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.odometer !== b.odometer) {
    if (a.odometer === null) return 1;
    if (b.odometer === null) return -1;
    return a.odometer - b.odometer;
  }
  return a.id - b.id;
}

/** For each position in the entries, how many entries up to it are of another propulsion energy. */
function countOtherPropulsionUpTo(entries: readonly EconomyEntry[], energy: Energy): number[] {
  let count = 0;
  return entries.map((entry) => {
    if (entry.energy !== energy && ENERGY_KINDS[entry.energy].role === 'propulsion') count += 1;
    return count;
  });
}

/** The full-to-full spans of one energy's entries (in entry order), oldest first. */
function buildSpans(entries: readonly EconomyEntry[]): Span[] {
  const spans: Span[] = [];
  let pending: EconomyEntry[] = [];
  let opening: EconomyEntry | null = null;
  for (const entry of entries) {
    pending.push(entry);
    if (!entry.isFull) continue;
    const previous = spans.at(-1);
    if (opening !== null && previous !== undefined && isSameOdometer(opening, entry)) {
      // Nothing was driven since the opening: this fill belongs to the span it ended (or to the
      // first fill-up), so no span divides by zero and no volume is dropped.
      previous.entries.push(...pending);
    } else {
      spans.push({ opening, closing: entry, entries: pending, isOpen: false });
    }
    opening = entry;
    pending = [];
  }
  const latest = pending.at(-1);
  if (latest !== undefined)
    spans.push({ opening, closing: latest, entries: pending, isOpen: true });
  return spans;
}

function isSameOdometer(a: EconomyEntry, b: EconomyEntry): boolean {
  return a.odometer !== null && a.odometer === b.odometer;
}

const lastOf = (span: Span) => span.entries.at(-1)!;

/** A span's reason and distance, its quantity, and for electricity its battery side. */
function measureSpan(
  span: Span,
  context: {
    toKm: (distance: number) => number;
    capacity: number | null;
    isSharedDistance: boolean;
  },
): MeasuredSpan {
  const judged = judgeSpan(span, context.isSharedDistance);
  const distanceKm = judged.distance === null ? null : context.toKm(judged.distance);
  return {
    span,
    reason: judged.reason,
    distanceKm,
    quantity: sum(span.entries.map((entry) => entry.canonicalQuantity)),
    batteryUsed:
      judged.reason === null && context.capacity !== null
        ? batteryUsedIn(span, context.capacity)
        : null,
    charged: chargedBy(span.entries, context.capacity),
  };
}

/**
 * Why a span has no figure, or none; and its distance in the vehicle's unit: the user's own
 * distance on this energy when given, else the odometer's, shown where it can be read even when
 * there is no figure.
 */
function judgeSpan(
  span: Span,
  isSharedDistance: boolean,
): { reason: EconomyReason | null; distance: number | null } {
  const { opening, closing, entries } = span;
  const hasUsableOdometer = (entry: EconomyEntry) =>
    entry.odometer !== null && !entry.isOdometerFlagged;
  const odometerDistance =
    opening !== null && hasUsableOdometer(opening) && hasUsableOdometer(closing)
      ? closing.odometer! - opening.odometer!
      : null;
  const shownDistance = odometerDistance !== null && odometerDistance > 0 ? odometerDistance : null;
  const givenDistance = distanceOnEnergyOf(span);

  if (opening === null) return { reason: 'firstFill', distance: null };
  if (span.isOpen) return { reason: 'openSpan', distance: shownDistance };
  if (entries.some((entry) => entry.missedPrevious)) {
    return { reason: 'missedFill', distance: givenDistance ?? shownDistance };
  }
  // The user's own distance on this energy stands without odometers and on a shared span.
  if (givenDistance !== null) return { reason: null, distance: givenDistance };
  if (opening.odometer === null || closing.odometer === null) {
    return { reason: 'noOdometer', distance: null };
  }
  // A usable distance at or below zero comes only from a confirmed reading lower than the one
  // before it (a replaced odometer): the span's distance cannot be read from the odometer.
  if (shownDistance === null) return { reason: 'flaggedOdometer', distance: null };
  if (isSharedDistance) return { reason: 'sharedDistance', distance: shownDistance };
  return { reason: null, distance: shownDistance };
}

/**
 * The distance the user gave on this energy for the span: on its closing entry, plus any given
 * on entries merged in after it at the same odometer; null when none was given.
 */
function distanceOnEnergyOf(span: Span): number | null {
  const fromClosing = span.entries.slice(span.entries.indexOf(span.closing));
  const given = fromClosing
    .map((entry) => entry.distanceOnEnergy)
    .filter((distance): distance is number => distance !== null);
  const total = sum(given);
  return given.length > 0 && total > 0 ? total : null;
}

/**
 * Battery-side kWh used over the span: the state of charge the opening charge left, less the one
 * the closing charge found, plus what every charge in between added; × the battery's capacity.
 * A charge in between without state of charge counts with its reported battery kWh, else the
 * figure is unknown.
 */
function batteryUsedIn(span: Span, capacity: number): number | null {
  const { opening, closing, entries } = span;
  if (opening?.socEnd == null || closing.socStart === null) return null;
  let percent = opening.socEnd - closing.socStart;
  let reportedKwh = 0;
  for (const entry of entries.slice(0, entries.indexOf(closing))) {
    if (entry.socStart !== null && entry.socEnd !== null) percent += entry.socEnd - entry.socStart;
    else if (entry.batteryKwh !== null) reportedKwh += entry.batteryKwh;
    else return null;
  }
  const used = (percent / 100) * capacity + reportedKwh;
  return used > 0 ? used : null;
}

/** What a charge put in the battery: as the car reported it, or state of charge × capacity. */
function batterySideKwh(entry: EconomyEntry, capacity: number | null): number | null {
  if (entry.batteryKwh !== null) return entry.batteryKwh;
  if (entry.socStart === null || entry.socEnd === null || capacity === null) return null;
  return ((entry.socEnd - entry.socStart) / 100) * capacity;
}

function chargedBy(entries: readonly EconomyEntry[], capacity: number | null): ChargedEnergy {
  let wall = 0;
  let battery = 0;
  for (const entry of entries) {
    if (entry.energy !== 'electricity') continue;
    const side = batterySideKwh(entry, capacity);
    if (side === null) continue;
    wall += entry.canonicalQuantity;
    battery += side;
  }
  return { wall, battery };
}

/** The share of the wall's energy that did not reach the battery. */
function lossOf({ wall, battery }: ChargedEnergy): number | null {
  return wall > 0 ? roundTo(1 - battery / wall, DECIMALS.loss) : null;
}

/**
 * The energy used over the period's distance: every entry after the reading the distance starts
 * from, up to the one it ends at. What the first fill-up put in was used before the distance
 * began, so it is left out (counting it overstates a consumption).
 */
function consumedWhileDriven(entries: readonly EconomyEntry[], driven: DrivenInPeriod): number {
  const { start, end } = driven;
  const isAfterStart = (entry: EconomyEntry) =>
    entry.date > start.date ||
    (entry.date === start.date && entry.odometer !== null && entry.odometer > start.odometer);
  const isUpToEnd = (entry: EconomyEntry) =>
    entry.date < end.date ||
    (entry.date === end.date && (entry.odometer === null || entry.odometer <= end.odometer));
  return sum(
    entries
      .filter((entry) => isAfterStart(entry) && isUpToEnd(entry))
      .map((entry) => entry.canonicalQuantity),
  );
}

/** A span in the user's units, rounded. */
function presentSpan(
  measured: MeasuredSpan,
  context: {
    scale: EconomyScale;
    batteryScale: EconomyScale;
    toQuantity: (canonical: number) => number;
    toDistance: (km: number) => number;
  },
): EconomySpan {
  const { span, reason, distanceKm, quantity, batteryUsed } = measured;
  const last = lastOf(span);
  return {
    fromEntryId: span.opening?.id ?? null,
    toEntryId: last.id,
    from: span.opening?.date ?? null,
    to: last.date,
    distance: distanceKm === null ? null : context.toDistance(distanceKm),
    quantity: context.toQuantity(quantity),
    cost: roundTo(sumAmounts(span.entries.map((entry) => entry.totalCost)), DECIMALS.money),
    economy: reason === null ? figureOf(context.scale, distanceKm!, quantity) : null,
    reason,
    batteryEconomy:
      batteryUsed === null ? null : figureOf(context.batteryScale, distanceKm!, batteryUsed),
    chargingLoss: lossOf(measured.charged),
  };
}

/** An economy figure in the user's format, rounded; null without distance or quantity. */
function figureOf(scale: EconomyScale, distanceKm: number, quantity: number): number | null {
  if (distanceKm <= 0 || quantity <= 0) return null;
  return roundTo(scale.figure(distanceKm, quantity), DECIMALS.economy);
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
