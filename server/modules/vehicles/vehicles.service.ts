/**
 * The rules of vehicles (001 §2–§5, §7): ownership (D9), the plan limit on creates (D12), the
 * vehicle shaped as the contract's Vehicle with its figures (D20, D33), and a deletion that takes
 * everything the vehicle owns with it, files included (D22). Routes hand in validated payloads.
 */
import { fileIdFromUrl, imageSource, thumbnailUrl } from '@contract/uploads';
import {
  VEHICLE_MESSAGES,
  type Vehicle,
  type VehiclePayload,
  type VehicleUpdatePayload,
} from '@contract/vehicles';
import { notFound } from '../../app-error';
import { fromNumeric, toNumeric } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import { requireVehicleToWrite } from '../access/access.service';
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
          },
  };
}

/** The columns a payload sets: a field left out stays as it is, `null` clears it. */
function toVehicleColumns(payload: VehicleUpdatePayload): VehicleColumns {
  const { purchasePrice, currentValue, ...rest } = payload;
  const columns: VehicleColumns = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(columns, { [key]: value });
  }
  if (purchasePrice !== undefined) columns.purchasePrice = toNumeric(purchasePrice);
  if (currentValue !== undefined) columns.currentValue = toNumeric(currentValue);
  return columns;
}

const vehicleNotFound = () => notFound(VEHICLE_MESSAGES.notFound);

export function createVehiclesService({
  db,
  subscription,
}: {
  db: Db;
  subscription: SubscriptionService;
}) {
  /** The user's vehicle as the API answers it; 404 as above. */
  async function readVehicle(executor: Executor, userId: number, vehicleId: number) {
    const [row] = await findVehiclesWithFigures(executor, userId, vehicleId);
    if (!row) throw vehicleNotFound();
    return toVehicle(row);
  }

  return {
    /** 001 §7, D20: every vehicle of the user with its figures, newest added first. */
    async listVehicles(userId: number): Promise<Vehicle[]> {
      const rows = await findVehiclesWithFigures(db, userId);
      return rows.map(toVehicle);
    },

    async getVehicle(userId: number, vehicleId: number): Promise<Vehicle> {
      return readVehicle(db, userId, vehicleId);
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
        const vehicleId = await insertVehicle(tx, userId, {
          ...toVehicleColumns(payload),
          year: payload.year,
          make: payload.make,
          model: payload.model,
        });
        return readVehicle(tx, userId, vehicleId);
      });
    },

    async updateVehicle(
      userId: number,
      vehicleId: number,
      payload: VehicleUpdatePayload,
    ): Promise<Vehicle> {
      return db.transaction(async (tx) => {
        await requireVehicleToWrite(tx, userId, vehicleId);
        const columns = toVehicleColumns(payload);
        if (Object.keys(columns).length > 0) await updateVehicle(tx, userId, vehicleId, columns);
        return readVehicle(tx, userId, vehicleId);
      });
    },

    /**
     * D22, in one transaction: the vehicle, its records (maintenance, repairs, modifications),
     * its images and documents (foreign keys cascade), its records' images (no foreign key, so
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
