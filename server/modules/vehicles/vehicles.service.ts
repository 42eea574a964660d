/**
 * The rules of vehicles (001 §2–§5, §7): ownership (D9), the plan limit on creates (D12), the
 * vehicle shaped as the contract's Vehicle with its figures (D20, D33) and energy profile
 * (decision 050), its mileage typed in the form kept as an odometer reading, and a deletion that
 * takes everything the vehicle owns with it, files included (D22). Routes hand in validated
 * payloads.
 */
import type { PropulsionEnergy } from '@contract/energy';
import { sortUpcoming, type UpcomingItem } from '@contract/records';
import type { DistanceUnit } from '@contract/units';
import { fileIdFromUrl, imageSource, thumbnailUrl } from '@contract/uploads';
import {
  VEHICLE_MESSAGES,
  type Vehicle,
  type VehiclePayload,
  type VehicleUpdatePayload,
} from '@contract/vehicles';
import { notFound } from '../../app-error';
import { fromNumeric, toDecimalText, toNumeric } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import { todayOf } from '../../today';
import { requireVehicleToWrite } from '../access/access.service';
import { readPreferences } from '../accounts/preferences.service';
import { findManualReadingOn, insertReading, updateReading } from '../odometer/odometer.repository';
import { followCurrentReading } from '../odometer/odometer-readings.service';
import type { SubscriptionService } from '../subscription/subscription.service';
import { releaseFiles } from '../uploads/release-files.service';
import {
  deleteRecordImagesOfVehicle,
  deleteVehicle,
  findVehicleFileUrls,
  findVehicleImageUrl,
  findVehiclesWithFigures,
  insertVehicle,
  updateVehicle,
  type VehicleColumns,
  type VehicleWithFiguresRow,
} from './vehicles.repository';

/** The response schema (vehicleSchema) is the presenter; this shapes the row for it. */
export function toVehicle(row: VehicleWithFiguresRow): Vehicle {
  const imageFileId = fileIdFromUrl(row.imageUrl);
  return {
    id: row.id,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    mileage: row.mileage,
    vin: row.vin,
    purchaseDate: row.purchaseDate,
    purchasePrice: fromNumeric(row.purchasePrice),
    currentValue: fromNumeric(row.currentValue),
    licensePlate: row.licensePlate,
    color: row.color,
    imageUrl: row.imageUrl,
    // D15: uploaded photos have a small copy for cards; other image values have none.
    thumbnailUrl: imageFileId ? thumbnailUrl(imageFileId) : null,
    notes: row.notes,
    isProject: row.isProject,
    projectType: row.projectType,
    addedAt: row.addedAt,
    moneyInvested: fromNumeric(row.moneyInvested) ?? 0,
    plannedExpenses: fromNumeric(row.plannedExpenses) ?? 0,
    totalExpenses: fromNumeric(row.totalExpenses) ?? 0,
    spentOnTop: fromNumeric(row.spentOnTop) ?? 0,
    recordCount: row.recordCount,
    imageCount: row.imageCount,
    nextMaintenance:
      row.nextMaintenanceId === null
        ? null
        : {
            // A maintenance title is copied from its category (001 §4); an empty one falls back.
            title: row.nextMaintenanceTitle?.trim() || (row.nextMaintenanceCategory ?? ''),
            dueDate: row.nextMaintenanceDueDate,
            dueMileage: row.nextMaintenanceDueMileage,
            predictedDate: null,
          },
    energies: row.energies as PropulsionEnergy[],
    auxiliary: row.auxiliary === 'adblue' ? 'adblue' : null,
    tankCapacity: fromNumeric(row.tankCapacity),
    batteryCapacity: fromNumeric(row.batteryCapacity),
    odometerUnit: row.odometerUnit as DistanceUnit,
  };
}

/**
 * The columns a payload sets: a field left out stays as it is, `null` clears it. The mileage is
 * not one of them: it is written as a reading (`recordTypedMileage`) and follows the readings.
 */
function toVehicleColumns(payload: VehicleUpdatePayload): VehicleColumns {
  const {
    purchasePrice,
    currentValue,
    tankCapacity,
    batteryCapacity,
    mileage: _,
    ...rest
  } = payload;
  const columns: VehicleColumns = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(columns, { [key]: value });
  }
  if (purchasePrice !== undefined) columns.purchasePrice = toNumeric(purchasePrice);
  if (currentValue !== undefined) columns.currentValue = toNumeric(currentValue);
  if (tankCapacity !== undefined) columns.tankCapacity = toDecimalText(tankCapacity, 3);
  if (batteryCapacity !== undefined) columns.batteryCapacity = toDecimalText(batteryCapacity, 3);
  return columns;
}

/**
 * Decision 050: a mileage typed in the vehicle's form is a `manual` reading dated today (the
 * user's today, decision 066); typed again the same day, it corrects that reading instead of
 * adding a second one a few miles on (which would read as an implausible day's driving). The vehicle's mileage then follows the
 * current reading: a typed value below an accepted reading is flagged, as any other would be.
 */
async function recordTypedMileage(
  tx: Executor,
  userId: number,
  vehicleId: number,
  mileage: number,
): Promise<void> {
  const today = todayOf(await readPreferences(tx, userId));
  const odometer = toDecimalText(mileage, 1)!;
  const sameDay = await findManualReadingOn(tx, userId, vehicleId, today);
  if (sameDay === undefined) {
    await insertReading(tx, userId, { vehicleId, date: today, odometer, source: 'manual' });
  } else {
    await updateReading(tx, userId, sameDay, { odometer, isConfirmed: false });
  }
  await followCurrentReading(tx, userId, vehicleId);
}

const vehicleNotFound = () => notFound(VEHICLE_MESSAGES.notFound);

/** Who reads. */
type Reader = { id: number };

/**
 * D33 with decision 054: a vehicle's next maintenance is the soonest of its open maintenance
 * record and its service schedules' next occurrences, in the upcoming items' order (a schedule
 * by its due or predicted date).
 */
function withScheduledMaintenance(
  vehicle: Vehicle,
  scheduleItems: readonly UpcomingItem[],
): Vehicle {
  const own = scheduleItems.filter((item) => item.vehicleId === vehicle.id);
  if (own.length === 0) return vehicle;
  const record = vehicle.nextMaintenance;
  const candidates = [
    ...own.map((item) => ({
      item,
      next: {
        title: item.title,
        dueDate: item.dueDate,
        dueMileage: item.dueMileage,
        predictedDate: item.predictedDate,
      },
    })),
    ...(record === null ? [] : [{ item: { ...own[0]!, date: null, ...record }, next: record }]),
  ];
  const [soonest] = sortUpcoming(candidates.map((candidate) => candidate.item));
  const chosen = candidates.find((candidate) => candidate.item === soonest)!;
  return { ...vehicle, nextMaintenance: chosen.next };
}

export function createVehiclesService({
  db,
  subscription,
  scheduleItems,
}: {
  db: Db;
  subscription: SubscriptionService;
  /** Decision 054: the next occurrences of the user's service schedules, read on `executor`. */
  scheduleItems: (user: Reader, executor?: Executor) => Promise<UpcomingItem[]>;
}) {
  /** The user's vehicle as the API answers it; 404 as above. */
  async function readVehicle(executor: Executor, user: Reader, vehicleId: number) {
    const [row] = await findVehiclesWithFigures(executor, user.id, vehicleId);
    const scheduled = await scheduleItems(user, executor);
    if (!row) throw vehicleNotFound();
    return withScheduledMaintenance(toVehicle(row), scheduled);
  }

  return {
    /** 001 §7, D20: every vehicle of the user with its figures, newest added first. */
    async listVehicles(user: Reader): Promise<Vehicle[]> {
      const [rows, scheduled] = await Promise.all([
        findVehiclesWithFigures(db, user.id),
        scheduleItems(user),
      ]);
      return rows.map((row) => withScheduledMaintenance(toVehicle(row), scheduled));
    },

    async getVehicle(user: Reader, vehicleId: number): Promise<Vehicle> {
      return readVehicle(db, user, vehicleId);
    },

    /**
     * Where the vehicle's page finds its main picture (the path the page's <img> asks for), for
     * its HTML to fetch it at once; null when the vehicle is not the user's or has none.
     */
    async primaryImageSource(userId: number, vehicleId: number): Promise<string | null> {
      const imageUrl = await findVehicleImageUrl(db, userId, vehicleId);
      return imageUrl === null ? null : imageSource(imageUrl);
    },

    /**
     * D12: the plan is checked inside the transaction, under the lock of the user's row, so
     * concurrent creates cannot all pass it. The answer is read on the same connection: a
     * second one could wait for a pool that the queued creates hold.
     */
    async createVehicle(userId: number, payload: VehiclePayload): Promise<Vehicle> {
      return db.transaction(async (tx) => {
        await subscription.assertCanAddVehicle(tx, userId);
        // Decision 050: a new vehicle's odometer reads in its owner's distance unit unless said.
        const { distanceUnit } = await readPreferences(tx, userId);
        const vehicleId = await insertVehicle(tx, userId, {
          odometerUnit: distanceUnit,
          ...toVehicleColumns(payload),
          year: payload.year,
          make: payload.make,
          model: payload.model,
        });
        if (payload.mileage != null) {
          await recordTypedMileage(tx, userId, vehicleId, payload.mileage);
        }
        return readVehicle(tx, { id: userId }, vehicleId);
      });
    },

    async updateVehicle(
      userId: number,
      vehicleId: number,
      payload: VehicleUpdatePayload,
    ): Promise<Vehicle> {
      return db.transaction(async (tx) => {
        const current = await requireVehicleToWrite(tx, userId, vehicleId);
        const columns = toVehicleColumns(payload);
        if (Object.keys(columns).length > 0) await updateVehicle(tx, userId, vehicleId, columns);
        // The edit form sends the mileage back as it read it: only a changed one is a reading.
        // Cleared (null), it leaves the readings, which the mileage follows, as they are.
        if (payload.mileage != null && payload.mileage !== current.mileage) {
          await recordTypedMileage(tx, userId, vehicleId, payload.mileage);
        }
        return readVehicle(tx, { id: userId }, vehicleId);
      });
    },

    /**
     * D22, in one transaction: the vehicle, its records (maintenance, repairs, modifications),
     * its images, documents, energy entries and odometer readings (foreign keys cascade), its records' images (no foreign key, so
     * deleted here) and every stored file those rows pointed at. The URLs are gathered before
     * the rows that hold them go.
     */
    async deleteVehicle(userId: number, vehicleId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireVehicleToWrite(tx, userId, vehicleId);
        const urls = await findVehicleFileUrls(tx, userId, vehicleId);
        await deleteRecordImagesOfVehicle(tx, userId, vehicleId);
        await deleteVehicle(tx, userId, vehicleId);
        await releaseFiles(tx, userId, urls);
      });
    },
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;
