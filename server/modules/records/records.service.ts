/**
 * The rules of records, one path for the three kinds (architecture convention 12): ownership of
 * every record, vehicle and file a call names (D9), the free plan's record limit (D12), the
 * completion moment (D19), the files that go with a record (001 §7), and the reads that span the
 * kinds: the unified list (001 §3), the upcoming items (D18), the recent activity (D19) and the
 * stored documents (D27). Routes hand in validated payloads and the kind.
 */
import {
  type ActivityItem,
  RECENT_ACTIVITY_LIMIT,
  RECORD_KINDS,
  RECORD_MESSAGES,
  RECORD_TOASTS,
  type RecordItem,
  type RecordPayload,
  type RecordType,
  type RecordUpdatePayload,
  recordStatus,
  type StoredDocument,
  UNTITLED,
  type UnifiedRecord,
  type UpcomingItem,
} from '@contract/records';
import { fileIdFromUrl, thumbnailUrl, fileUrl as uploadUrl } from '@contract/uploads';
import { VEHICLE_MESSAGES } from '@contract/vehicles';
import { notFound } from '../../app-error';
import type { Db, Executor } from '../../db/open';
import type { SubscriptionService } from '../subscription/subscription.service';
import { deleteStoredFiles, hasFile } from '../uploads/uploads.repository';
import { findUrlsInUse, lockOwnedVehicle } from '../vehicles/vehicles.repository';
import { deleteImagesOfRecord } from './record-images.repository';
import {
  type ActivityRow,
  type DocumentRow,
  deleteRecord,
  findAllRecords,
  findDocuments,
  findOpenRecords,
  findRecentActivity,
  findRecords,
  findRecordVehicleId,
  hasOwnedVehicle,
  insertRecord,
  type LockedRecord,
  lockOwnedRecord,
  type RecordColumns,
  type RecordRow,
  type UpcomingRecordRow,
  updateRecord,
} from './records.repository';

/** D3: pg answers `numeric` as a string; the API answers numbers. */
function toMoney(value: string | null): number | null {
  if (value === null) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/** D3: an accepted amount (whole cents, contract/common moneySchema) as `numeric` text. */
function toNumeric(amount: number | null): string | null {
  return amount === null ? null : (Math.round(amount * 100) / 100).toFixed(2);
}

const vehicleNameOf = (row: { vehicleYear: number; vehicleMake: string; vehicleModel: string }) =>
  `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`;

export function toRecord(row: RecordRow): RecordItem {
  return {
    id: row.id,
    type: row.type,
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    title: row.title,
    category: row.category,
    description: row.description,
    cost: toMoney(row.cost),
    date: row.date,
    location: row.location,
    technician: row.technician,
    notes: row.notes,
    fileUrl: row.fileUrl,
    imageUrl: row.imageUrl,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt,
    addedAt: row.addedAt,
    dueDate: row.dueDate,
    dueMileage: row.dueMileage,
  };
}

/** 001 §3: the unified view; a record without a title reads 'Untitled'. */
export function toUnifiedRecord(row: RecordRow): UnifiedRecord {
  const record = toRecord(row);
  return {
    id: record.id,
    type: record.type,
    title: record.title?.trim() || UNTITLED,
    date: record.date,
    vehicleId: record.vehicleId,
    vehicleName: record.vehicleName,
    cost: record.cost,
    category: record.category,
    description: record.description,
    notes: record.notes,
    location: record.location,
    technician: record.technician,
    fileUrl: record.fileUrl,
    imageUrl: record.imageUrl,
    isCompleted: record.isCompleted,
    status: recordStatus(record.isCompleted),
    dueDate: record.dueDate,
    dueMileage: record.dueMileage,
    addedAt: record.addedAt,
  };
}

export function toUpcomingItem(row: UpcomingRecordRow): UpcomingItem {
  return {
    id: row.id,
    type: row.type,
    // A maintenance title is copied from its category (001 §4); an empty one falls back to it.
    title: row.title?.trim() || row.category,
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    date: row.date,
    dueDate: row.dueDate,
    dueMileage: row.dueMileage,
    cost: toMoney(row.cost),
    description: row.description,
    imageUrl: row.imageUrl,
    fileUrl: row.fileUrl,
    isCompleted: row.isCompleted,
  };
}

export function toActivityItem(row: ActivityRow): ActivityItem {
  return {
    id: `${row.subject}-${row.id}-${row.event}`,
    type: row.subject === 'vehicle' ? 'vehicle_added' : `${row.subject}_${row.event}`,
    title: row.title,
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    date: row.date,
  };
}

export function toStoredDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    vehicleName:
      row.vehicleYear === null ? null : `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`,
    title: row.title,
    type: row.type,
    fileUrl: row.fileUrl,
    date: row.date,
    amount: toMoney(row.amount),
    notes: row.notes,
    addedAt: row.addedAt,
  };
}

/** The columns a payload sets, files aside: a field left out stays as it is, null clears it. */
function toRecordColumns(type: RecordType, payload: RecordUpdatePayload): RecordColumns {
  const columns: RecordColumns = {
    vehicleId: payload.vehicleId,
    title: payload.title,
    category: payload.category,
    description: payload.description,
    cost: payload.cost === undefined ? undefined : toNumeric(payload.cost),
    date: payload.date,
    location: payload.location,
    technician: payload.technician,
    notes: payload.notes,
    isCompleted: payload.isCompleted,
  };
  // 001 §3: only maintenance has due fields (the other kinds' schemas drop them anyway).
  if (RECORD_KINDS[type].hasDue) {
    columns.dueDate = payload.dueDate;
    columns.dueMileage = payload.dueMileage;
  }
  return columns;
}

const ATTACHMENT_FIELDS = ['fileUrl', 'imageUrl'] as const;
type Attachments = Pick<RecordColumns, (typeof ATTACHMENT_FIELDS)[number]>;

const recordNotFound = () => notFound(RECORD_MESSAGES.recordNotFound);
const vehicleNotFound = () => notFound(VEHICLE_MESSAGES.notFound);
const fileNotFound = () => notFound(RECORD_MESSAGES.fileNotFound);

/** Where a vehicle-scoped path (`/api/vehicles/{vehicleId}/…/{id}`) says the record must be. */
export type RecordScope = { vehicleId?: number };

/**
 * D9: the user's record, locked for the write; on a vehicle-scoped path it must be on that
 * vehicle (404 otherwise). Every record write locks in one order, the vehicle(s) first and
 * then the record, as a vehicle's deletion does (D22), so the two never deadlock and a record
 * cannot change vehicles while one of them is being deleted. When the record moves, the target
 * vehicle is locked too (ids in ascending order), and must be the user's.
 */
export async function requireOwnedRecord(
  tx: Executor,
  userId: number,
  type: RecordType,
  id: number,
  scope: RecordScope,
  moveTo?: number,
): Promise<LockedRecord> {
  // A concurrent move between the read and the locks is seen and read again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const vehicleId = await findRecordVehicleId(tx, userId, type, id);
    if (vehicleId === undefined) throw recordNotFound();
    if (scope.vehicleId !== undefined && scope.vehicleId !== vehicleId) throw recordNotFound();
    const vehicleIds = [...new Set([vehicleId, moveTo ?? vehicleId])].sort((a, b) => a - b);
    for (const lockedId of vehicleIds) {
      if (!(await lockOwnedVehicle(tx, userId, lockedId))) {
        throw lockedId === vehicleId ? recordNotFound() : vehicleNotFound();
      }
    }
    const record = await lockOwnedRecord(tx, userId, type, id);
    if (!record) throw recordNotFound();
    if (record.vehicleId === vehicleId) return record;
  }
  throw recordNotFound();
}

export function createRecordsService({
  db,
  subscription,
}: {
  db: Db;
  subscription: Pick<SubscriptionService, 'assertCanAddRecord'>;
}) {
  /** The record as the API answers it, read on the caller's connection (inside its write). */
  async function readRecord(executor: Executor, userId: number, type: RecordType, id: number) {
    const [row] = await findRecords(executor, userId, type, { id });
    if (!row) throw recordNotFound();
    return toRecord(row);
  }

  /**
   * D9: the attachments a payload names must be the user's own uploads; someone else's file, a
   * missing one, or anything that is not an upload answers 404. A value the record already holds
   * is kept as it is (an edit form sends back what it read). Stored as `/uploads/{id}`.
   */
  async function requireOwnedAttachments(
    tx: Executor,
    userId: number,
    payload: RecordUpdatePayload,
    current?: LockedRecord,
  ): Promise<Attachments> {
    const attachments: Attachments = {};
    for (const field of ATTACHMENT_FIELDS) {
      const value = payload[field];
      if (value === undefined || (current && value === current[field])) continue;
      if (value === null) {
        attachments[field] = null;
        continue;
      }
      const id = fileIdFromUrl(value);
      if (id === null || !(await hasFile(tx, userId, id, false))) throw fileNotFound();
      attachments[field] = uploadUrl(id);
    }
    return attachments;
  }

  /**
   * Deletes the stored files behind these URLs that no row of the user still points at, in any
   * of the forms a row may store (`/uploads/{id}`, a bare id, its thumbnail). Called after the
   * rows that held them have changed or gone, in the same transaction.
   */
  async function deleteUnusedFiles(tx: Executor, userId: number, urls: Array<string | null>) {
    const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
    if (ids.length === 0) return;
    const forms = ids.flatMap((id) => [id, uploadUrl(id), thumbnailUrl(id), `${id}/thumbnail`]);
    const inUse = new Set((await findUrlsInUse(tx, userId, forms)).map(fileIdFromUrl));
    await deleteStoredFiles(
      tx,
      userId,
      ids.filter((id) => !inUse.has(id)),
    );
  }

  return {
    /** `GET /api/vehicles/{vehicleId}/{kind}`: 404 when the vehicle is not the user's (D9). */
    async listVehicleRecords(
      userId: number,
      type: RecordType,
      vehicleId: number,
    ): Promise<RecordItem[]> {
      if (!(await hasOwnedVehicle(db, userId, vehicleId))) throw vehicleNotFound();
      const rows = await findRecords(db, userId, type, { vehicleId });
      return rows.map(toRecord);
    },

    /** `GET /api/{kind}`: all of the user's records of the kind, with vehicleName. */
    async listRecords(userId: number, type: RecordType): Promise<RecordItem[]> {
      const rows = await findRecords(db, userId, type);
      return rows.map(toRecord);
    },

    /** `GET /api/records` (001 §3): every kind in one list, newest first, undated last. */
    async listUnifiedRecords(userId: number, onlyType?: RecordType): Promise<UnifiedRecord[]> {
      const rows = await findAllRecords(db, userId, onlyType);
      return rows.map(toUnifiedRecord);
    },

    /** D18, in the order the repository sorts them. */
    async listUpcomingItems(userId: number): Promise<UpcomingItem[]> {
      const rows = await findOpenRecords(db, userId);
      return rows.map(toUpcomingItem);
    },

    /** D19: the newest events, newest first. */
    async listRecentActivity(userId: number): Promise<ActivityItem[]> {
      const rows = await findRecentActivity(db, userId, RECENT_ACTIVITY_LIMIT);
      return rows.map(toActivityItem);
    },

    /** D27: the user's stored documents. */
    async listDocuments(userId: number): Promise<StoredDocument[]> {
      const rows = await findDocuments(db, userId);
      return rows.map(toStoredDocument);
    },

    /**
     * Every create of 001 §7. D12: the plan is checked first, under the lock of the user's row,
     * in the transaction of the insert, so concurrent creates cannot all pass it. The vehicle is
     * then locked (D9: 404 when not the user's), so it cannot go while the record is added.
     */
    async createRecord(
      userId: number,
      type: RecordType,
      vehicleId: number,
      payload: Omit<RecordPayload, 'vehicleId'>,
    ): Promise<RecordItem> {
      return db.transaction(async (tx) => {
        await subscription.assertCanAddRecord(tx, userId);
        if (!(await lockOwnedVehicle(tx, userId, vehicleId))) throw vehicleNotFound();
        const attachments = await requireOwnedAttachments(tx, userId, payload);
        const id = await insertRecord(tx, userId, type, {
          ...toRecordColumns(type, payload),
          ...attachments,
          vehicleId,
          category: payload.category,
          // D19: a record logged as done is completed the moment it is added.
          completedAt: payload.isCompleted ? 'now' : undefined,
        });
        return readRecord(tx, userId, type, id);
      });
    },

    /**
     * Every update and completion toggle of 001 §7 (a partial update). A body vehicleId moves
     * the record only onto another of the user's vehicles (D9). D19: `completedAt` is stamped
     * when the record becomes completed and cleared when it is reopened. Attachments it no
     * longer holds are deleted when nothing else uses them.
     */
    async updateRecord(
      userId: number,
      type: RecordType,
      id: number,
      payload: RecordUpdatePayload,
      scope: RecordScope = {},
    ): Promise<RecordItem> {
      return db.transaction(async (tx) => {
        const current = await requireOwnedRecord(tx, userId, type, id, scope, payload.vehicleId);
        const attachments = await requireOwnedAttachments(tx, userId, payload, current);
        const columns: RecordColumns = { ...toRecordColumns(type, payload), ...attachments };
        if (payload.isCompleted === true && !current.isCompleted) columns.completedAt = 'now';
        if (payload.isCompleted === false) columns.completedAt = null;
        await updateRecord(tx, userId, type, id, columns);
        const replaced = ATTACHMENT_FIELDS.filter(
          (field) => attachments[field] !== undefined && attachments[field] !== current[field],
        ).map((field) => current[field]);
        await deleteUnusedFiles(tx, userId, replaced);
        return readRecord(tx, userId, type, id);
      });
    },

    /**
     * Both delete paths of 001 §7. The record's attachments, its images and their files go in
     * the same transaction; a file some other row of the user still uses stays.
     */
    async deleteRecord(
      userId: number,
      type: RecordType,
      id: number,
      scope: RecordScope = {},
    ): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const current = await requireOwnedRecord(tx, userId, type, id, scope);
        const imageUrls = await deleteImagesOfRecord(tx, userId, type, id);
        await deleteRecord(tx, userId, type, id);
        await deleteUnusedFiles(tx, userId, [current.fileUrl, current.imageUrl, ...imageUrls]);
      });
      return { message: RECORD_TOASTS.deleted(RECORD_KINDS[type]) };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
