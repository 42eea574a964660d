/**
 * The rules of fuel and charging (decision 050): ownership of every entry, vehicle and file a call
 * names (D9), the plan's limit, where an energy entry counts as a record (D12), the amounts
 * (any two of quantity, price and total give the third), the unit and the energy checked against
 * the vehicle's profile, the canonical quantity, the receipt through the path records use, the
 * odometer reading the entry carries, and the economy of a vehicle over a period. Routes hand in
 * validated payloads.
 */

import { MONEY_MAX } from '@contract/common';
import {
  type ChargerKind,
  completeAmounts,
  type Economy,
  ENERGY_KINDS,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  ENERGY_PAGE,
  type Energy,
  type EnergyAmounts,
  type EnergyEntry,
  type EnergyEntryPage,
  type EnergyEntryPayload,
  type EnergyEntryUpdatePayload,
} from '@contract/energy';
import {
  type DistanceUnit,
  type Preferences,
  type QuantityUnit,
  toCanonicalQuantity,
} from '@contract/units';
import { fileIdFromUrl, thumbnailUrl } from '@contract/uploads';
import { badRequest, notFound } from '../../app-error';
import { fromNumeric, toDecimalText, toNumeric } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import {
  requireEnergyEntryToWrite,
  requireVehicleProfile,
  requireVehicleToWrite,
} from '../access/access.service';
import { readPreferences } from '../accounts/preferences.service';
import {
  judgeVehicleReadings,
  keepSourceReading,
  odometerCheckOf,
} from '../odometer/odometer-readings.service';
import type { SubscriptionService } from '../subscription/subscription.service';
import {
  ATTACHMENT_FIELDS,
  replacedAttachments,
  requireOwnedAttachments,
} from '../uploads/attachments.service';
import { releaseFiles } from '../uploads/release-files.service';
import type { VehicleRow } from '../vehicles/vehicles.repository';
import {
  type AnsweredEntryRow,
  deleteEnergyEntry,
  type EnergyEntryColumns,
  type EnergyEntryRow,
  findEconomyEntries,
  findEnergyEntry,
  findEnergyPage,
  insertEnergyEntry,
  type PageCursor,
  sumRunningCosts,
  updateEnergyEntry,
} from './energy.repository';
import { computeVehicleEconomy } from './vehicle-economy';

/** The response schema (energyEntrySchema) is the presenter; this shapes the row for it. */
export function toEnergyEntry(row: AnsweredEntryRow, isOdometerFlagged: boolean): EnergyEntry {
  const imageFileId = fileIdFromUrl(row.imageUrl);
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    date: row.date,
    odometer: fromNumeric(row.odometer),
    isOdometerFlagged,
    energy: row.energy as Energy,
    quantity: fromNumeric(row.quantity) ?? 0,
    unit: row.unit as QuantityUnit,
    canonicalQuantity: fromNumeric(row.canonicalQuantity) ?? 0,
    unitPrice: fromNumeric(row.unitPrice) ?? 0,
    totalCost: fromNumeric(row.totalCost) ?? 0,
    isFull: row.isFull,
    missedPrevious: row.missedPrevious,
    place: row.place,
    notes: row.notes,
    fileUrl: row.fileUrl,
    imageUrl: row.imageUrl,
    // D15: an uploaded photo has a small copy for lists; other values have none.
    thumbnailUrl: imageFileId ? thumbnailUrl(imageFileId) : null,
    chargerKind: row.chargerKind as ChargerKind | null,
    socStart: row.socStart,
    socEnd: row.socEnd,
    batteryKwh: fromNumeric(row.batteryKwh),
    distanceOnEnergy: fromNumeric(row.distanceOnEnergy),
    addedAt: row.addedAt,
  };
}

/** `{date}~{id}` of the last entry of a page: where the next one starts. */
const cursorOf = (entry: { date: string; id: number }) => `${entry.date}~${entry.id}`;

function readCursor(cursor: string | undefined): PageCursor | null {
  if (cursor === undefined) return null;
  const [date, id] = cursor.split('~') as [string, string];
  return { date, id: Number(id) };
}

/** The fields only a charge has: a fill-up of anything else leaves them empty. */
const ELECTRIC_FIELDS = ['chargerKind', 'socStart', 'socEnd', 'batteryKwh'] as const;

/** An entry's fields as they will be once a payload is applied: what the rules judge. */
type EntryState = EnergyAmounts & {
  energy: Energy;
  unit: QuantityUnit;
  chargerKind: string | null;
  socStart: number | null;
  socEnd: number | null;
  batteryKwh: number | null;
};

/** The unit a quantity of `energy` is typed in when none is given: the user's, for liquids. */
export function defaultUnit(energy: Energy, preferences: Preferences): QuantityUnit {
  const kind = ENERGY_KINDS[energy];
  return kind.measure === 'volume' ? preferences.volumeUnit : kind.units[0]!;
}

/**
 * The energy profile's rules and the amounts, checked on the entry as it will be; answers the
 * columns of its energy, unit and amounts (the third amount derived, the canonical quantity
 * computed). Each refusal is a 400 naming its field (D11).
 */
export function judgeEntry(state: EntryState, vehicle: Pick<VehicleRow, 'energies' | 'auxiliary'>) {
  const { energy, unit } = state;
  if (!vehicle.energies.includes(energy) && vehicle.auxiliary !== energy) {
    throw badRequest(ENERGY_MESSAGES.energyNotOfVehicle(energy), {
      energy: ENERGY_MESSAGES.energyNotOfVehicle(energy),
    });
  }
  if (energy !== 'electricity') {
    const field = ELECTRIC_FIELDS.find((name) => state[name] !== null);
    if (field)
      throw badRequest(ENERGY_MESSAGES.electricOnly, { [field]: ENERGY_MESSAGES.electricOnly });
  }
  if (!(ENERGY_KINDS[energy].units as readonly QuantityUnit[]).includes(unit)) {
    throw badRequest(ENERGY_MESSAGES.unitForEnergy(energy), {
      unit: ENERGY_MESSAGES.unitForEnergy(energy),
    });
  }
  if (state.socStart !== null && state.socEnd !== null && state.socEnd < state.socStart) {
    throw badRequest(ENERGY_MESSAGES.socOrder, { socEnd: ENERGY_MESSAGES.socOrder });
  }
  const amounts = completeAmounts(state);
  if (amounts === 'missing') {
    throw badRequest(ENERGY_MESSAGES.twoOfThree, { quantity: ENERGY_MESSAGES.twoOfThree });
  }
  if (amounts === 'inconsistent') {
    throw badRequest(ENERGY_MESSAGES.inconsistent, { totalCost: ENERGY_MESSAGES.inconsistent });
  }
  // A derived amount must fit where a typed one would.
  if (amounts.quantity <= 0 || amounts.quantity > ENERGY_LIMITS.quantityMax) {
    throw badRequest(ENERGY_MESSAGES.quantity, { quantity: ENERGY_MESSAGES.quantity });
  }
  if (amounts.unitPrice > ENERGY_LIMITS.unitPriceMax) {
    throw badRequest(ENERGY_MESSAGES.unitPrice, { unitPrice: ENERGY_MESSAGES.unitPrice });
  }
  if (amounts.totalCost > MONEY_MAX) {
    throw badRequest(ENERGY_MESSAGES.totalCost, { totalCost: ENERGY_MESSAGES.totalCost });
  }
  return {
    energy,
    unit,
    quantity: toDecimalText(amounts.quantity, 3)!,
    canonicalQuantity: toDecimalText(toCanonicalQuantity(amounts.quantity, unit), 6)!,
    unitPrice: toDecimalText(amounts.unitPrice, 3)!,
    totalCost: toNumeric(amounts.totalCost)!,
  };
}

const given = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined;

/**
 * The amounts an edit leaves: two or three given replace them all; one given keeps the price per
 * unit (the pump's, which a corrected quantity or total does not change) or, when the price is
 * the one given, the quantity, and the other is derived; none given keeps them as they are.
 */
function amountsAfterEdit(current: EnergyEntryRow, payload: EnergyEntryUpdatePayload) {
  const typed = {
    quantity: payload.quantity,
    unitPrice: payload.unitPrice,
    totalCost: payload.totalCost,
  };
  const count = Object.values(typed).filter(given).length;
  const stored = {
    quantity: fromNumeric(current.quantity),
    unitPrice: fromNumeric(current.unitPrice),
    totalCost: fromNumeric(current.totalCost),
  };
  if (count === 0) return stored;
  const only = (value: number | null | undefined) => (given(value) ? value : null);
  if (count >= 2) {
    return {
      quantity: only(typed.quantity),
      unitPrice: only(typed.unitPrice),
      totalCost: only(typed.totalCost),
    };
  }
  if (given(typed.quantity))
    return { quantity: typed.quantity, unitPrice: stored.unitPrice, totalCost: null };
  if (given(typed.unitPrice))
    return { quantity: stored.quantity, unitPrice: typed.unitPrice, totalCost: null };
  return { quantity: null, unitPrice: stored.unitPrice, totalCost: only(typed.totalCost) };
}

/** A field of an edit: the payload's value when given (null clears it), else the stored one. */
const edited = <Value>(value: Value | undefined, current: Value): Value =>
  value === undefined ? current : value;

const entryNotFound = () => notFound(ENERGY_MESSAGES.notFound);

export function createEnergyService({
  db,
  subscription,
}: {
  db: Db;
  subscription: Pick<SubscriptionService, 'assertCanAddRecord'>;
}) {
  /** The vehicle's economy over a period, worked out from every entry and reading. */
  async function computeEconomyOf(
    userId: number,
    vehicleId: number,
    from: string | null,
    to: string | null,
  ): Promise<Economy> {
    const profile = await requireVehicleProfile(db, userId, vehicleId);
    const [entries, readings, serviceCost, preferences] = await Promise.all([
      findEconomyEntries(db, userId, vehicleId),
      judgeVehicleReadings(db, userId, vehicleId, profile.odometerUnit as DistanceUnit),
      sumRunningCosts(db, userId, vehicleId, { from, to }),
      readPreferences(db, userId),
    ]);
    const economy = computeVehicleEconomy({
      profile,
      entries,
      readings: readings.judged,
      serviceCost,
      from,
      to,
      preferences,
    });
    return { ...economy, vehicleId, currency: preferences.currency };
  }
  /** A page of the vehicle's entries, each flagged as its reading is judged among all of them. */
  async function readEntryPage(
    userId: number,
    vehicleId: number,
    query: { cursor?: string; limit?: number },
  ): Promise<EnergyEntryPage> {
    const profile = await requireVehicleProfile(db, userId, vehicleId);
    const limit = query.limit ?? ENERGY_PAGE.default;
    // One more than the page: whether a next page exists, without counting.
    const rows = await findEnergyPage(db, userId, vehicleId, readCursor(query.cursor), limit + 1);
    const page = rows.slice(0, limit);
    const { flagOf } = await judgeVehicleReadings(
      db,
      userId,
      vehicleId,
      profile.odometerUnit as DistanceUnit,
    );
    return {
      items: page.map((row) => toEnergyEntry(row, flagOf(row.readingId) !== null)),
      nextCursor: rows.length > limit ? cursorOf(page.at(-1)!) : null,
    };
  }

  /** The entry as the API answers it, its odometer judged among the vehicle's readings. */
  async function readEntry(executor: Executor, userId: number, id: number, unit: DistanceUnit) {
    const row = await findEnergyEntry(executor, userId, id);
    if (!row) throw entryNotFound();
    const { flagOf } = await judgeVehicleReadings(executor, userId, row.vehicleId, unit);
    return toEnergyEntry(row, flagOf(row.readingId) !== null);
  }

  /** The reading an entry carries: its date and odometer on its vehicle, or none. */
  const readingOf = (vehicleId: number, date: string, odometer: number | null) =>
    odometer === null ? null : { vehicleId, date, odometer };

  return {
    /** `GET /api/vehicles/{id}/energy`: a page of entries, newest first (D9: 404 when not theirs). */
    async listEntries(
      user: { id: number },
      vehicleId: number,
      query: { cursor?: string; limit?: number },
    ): Promise<EnergyEntryPage> {
      // Each page flags its entries by judging every reading of the vehicle: a repeated read of
      // unchanged data is answered from the finished answers kept (decision 056).
      return readEntryPage(user.id, vehicleId, query);
    },

    /** `GET /api/energy/{id}`. */
    async getEntry(userId: number, id: number): Promise<EnergyEntry> {
      const row = await findEnergyEntry(db, userId, id);
      if (!row) throw entryNotFound();
      const profile = await requireVehicleProfile(db, userId, row.vehicleId);
      const { flagOf } = await judgeVehicleReadings(
        db,
        userId,
        row.vehicleId,
        profile.odometerUnit as DistanceUnit,
      );
      return toEnergyEntry(row, flagOf(row.readingId) !== null);
    },

    /**
     * `POST /api/vehicles/{id}/energy`. D12: the plan is checked first, under the lock of the
     * user's row, then the vehicle is locked (404 when not the user's); the entry, its receipt
     * and its odometer reading are written in one transaction, and the vehicle's mileage follows.
     */
    async createEntry(
      userId: number,
      vehicleId: number,
      payload: EnergyEntryPayload,
    ): Promise<EnergyEntry> {
      return db.transaction(async (tx) => {
        await subscription.assertCanAddRecord(tx, userId);
        const vehicle = await requireVehicleToWrite(tx, userId, vehicleId);
        const preferences = await readPreferences(tx, userId);
        const judged = judgeEntry(
          {
            energy: payload.energy,
            unit: payload.unit ?? defaultUnit(payload.energy, preferences),
            quantity: payload.quantity ?? null,
            unitPrice: payload.unitPrice ?? null,
            totalCost: payload.totalCost ?? null,
            chargerKind: payload.chargerKind ?? null,
            socStart: payload.socStart ?? null,
            socEnd: payload.socEnd ?? null,
            batteryKwh: payload.batteryKwh ?? null,
          },
          vehicle,
        );
        const attachments = await requireOwnedAttachments(tx, userId, payload);
        const odometer = payload.odometer ?? null;
        const id = await insertEnergyEntry(tx, userId, {
          ...judged,
          ...attachments,
          vehicleId,
          date: payload.date,
          odometer: toDecimalText(odometer, 1),
          isFull: payload.isFull ?? true,
          missedPrevious: payload.missedPrevious ?? false,
          place: payload.place ?? null,
          notes: payload.notes ?? null,
          chargerKind: payload.chargerKind ?? null,
          socStart: payload.socStart ?? null,
          socEnd: payload.socEnd ?? null,
          batteryKwh: toDecimalText(payload.batteryKwh ?? null, 3),
          distanceOnEnergy: toDecimalText(payload.distanceOnEnergy ?? null, 1),
        });
        await keepSourceReading(
          tx,
          userId,
          { kind: 'energy', entryId: id },
          readingOf(vehicleId, payload.date, odometer),
          odometerCheckOf(payload),
        );
        return readEntry(tx, userId, id, vehicle.odometerUnit as DistanceUnit);
      });
    },

    /**
     * `PATCH /api/energy/{id}`: a field left out stays as it is, null clears it; the rules are
     * judged on the entry as it will be. A receipt it no longer holds is deleted when nothing
     * else uses it; its reading follows its date and odometer.
     */
    async updateEntry(
      userId: number,
      id: number,
      payload: EnergyEntryUpdatePayload,
    ): Promise<EnergyEntry> {
      return db.transaction(async (tx) => {
        const { entry, vehicle } = await requireEnergyEntryToWrite(tx, userId, id);
        const preferences = await readPreferences(tx, userId);
        const energy = payload.energy ?? (entry.energy as Energy);
        const storedUnit = entry.unit as QuantityUnit;
        const isStoredUnitValid = (ENERGY_KINDS[energy].units as readonly QuantityUnit[]).includes(
          storedUnit,
        );
        const judged = judgeEntry(
          {
            energy,
            unit:
              payload.unit ?? (isStoredUnitValid ? storedUnit : defaultUnit(energy, preferences)),
            ...amountsAfterEdit(entry, payload),
            chargerKind: edited(payload.chargerKind, entry.chargerKind),
            socStart: edited(payload.socStart, entry.socStart),
            socEnd: edited(payload.socEnd, entry.socEnd),
            batteryKwh: edited(payload.batteryKwh, fromNumeric(entry.batteryKwh)),
          },
          vehicle,
        );
        const attachments = await requireOwnedAttachments(tx, userId, payload, entry);
        const odometer = edited(payload.odometer, fromNumeric(entry.odometer));
        const date = payload.date ?? entry.date;
        const columns: EnergyEntryColumns = {
          ...judged,
          ...attachments,
          date,
          odometer: toDecimalText(odometer, 1),
          isFull: payload.isFull,
          missedPrevious: payload.missedPrevious,
          place: payload.place,
          notes: payload.notes,
          chargerKind: payload.chargerKind,
          socStart: payload.socStart,
          socEnd: payload.socEnd,
          batteryKwh:
            payload.batteryKwh === undefined ? undefined : toDecimalText(payload.batteryKwh, 3),
          distanceOnEnergy:
            payload.distanceOnEnergy === undefined
              ? undefined
              : toDecimalText(payload.distanceOnEnergy, 1),
        };
        await updateEnergyEntry(tx, userId, id, columns);
        await releaseFiles(tx, userId, replacedAttachments(attachments, entry));
        await keepSourceReading(
          tx,
          userId,
          { kind: 'energy', entryId: id },
          readingOf(entry.vehicleId, date, odometer),
          odometerCheckOf(payload),
        );
        return readEntry(tx, userId, id, vehicle.odometerUnit as DistanceUnit);
      });
    },

    /** `DELETE /api/energy/{id}`: the entry, its reading and its receipt, in one transaction. */
    async deleteEntry(userId: number, id: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const { entry } = await requireEnergyEntryToWrite(tx, userId, id);
        await keepSourceReading(tx, userId, { kind: 'energy', entryId: id }, null, 'flag');
        await deleteEnergyEntry(tx, userId, id);
        await releaseFiles(
          tx,
          userId,
          ATTACHMENT_FIELDS.map((field) => entry[field]),
        );
      });
      return { message: ENERGY_MESSAGES.deleted };
    },

    /**
     * `GET /api/vehicles/{id}/economy`: every entry's few numbers, the judged readings, the
     * period's completed running costs (D48) and the user's units, handed to the arithmetic
     * (economy.calc.ts); the answer in the user's units and currency.
     */
    async getEconomy(
      user: { id: number },
      vehicleId: number,
      period: { from?: string | null; to?: string | null },
    ): Promise<Economy> {
      // Ten thousand entries take a while to read and work out: while the user's data stays as
      // it was, the finished answer is sent again instead (decision 056).
      return computeEconomyOf(user.id, vehicleId, period.from ?? null, period.to ?? null);
    },
  };
}

export type EnergyService = ReturnType<typeof createEnergyService>;
