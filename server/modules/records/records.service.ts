/**
 * The rules of records, one path for the three kinds (architecture convention 12): ownership of
 * every record, vehicle and file a call names (D9), the free plan's record limit (D12), the
 * completion moment (D19), the files that go with a record (001 §7), and the reads that span the
 * kinds: the unified list (001 §3), the upcoming items (D18), the recent activity (D19) and the
 * stored documents (D27). Routes hand in validated payloads and the kind.
 */

import type { DocumentPage } from '@contract/document-pages';
import type { RecordPage, VehicleRecordPage } from '@contract/record-pages';
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
import { vehicleTitle } from '@contract/vehicles';
import { notFound } from '../../app-error';
import { fromNumeric, toDecimalText, toNumeric } from '../../db/numeric';
import type { Db, Executor } from '../../db/open';
import { todayOf } from '../../today';
import {
  type RecordScope,
  requireRecordToWrite,
  requireScheduleOfVehicle,
  requireVehicleToRead,
  requireVehicleToWrite,
} from '../access/access.service';
import { readPreferences } from '../accounts/preferences.service';
import {
  keepSourceReading,
  type OdometerCheck,
  odometerCheckOf,
} from '../odometer/odometer-readings.service';
import { moveScheduleOn } from '../schedules/schedule-progress';
import type { SubscriptionService } from '../subscription/subscription.service';
import {
  ATTACHMENT_FIELDS,
  replacedAttachments,
  requireOwnedAttachments,
} from '../uploads/attachments.service';
import { releaseFiles } from '../uploads/release-files.service';
import { type DocumentPageQuery, listDocumentPage } from './document-pages.service';
import {
  type ActivityRow,
  type DocumentRow,
  findAllRecords,
  findDocuments,
  findOpenRecords,
  findRecentActivity,
} from './record-feeds.repository';
import { deleteImagesOfRecord } from './record-images.repository';
import {
  listRecordPage,
  listVehicleRecordPage,
  type RecordPageQuery,
  type VehicleRecordPageQuery,
} from './record-pages.service';
import {
  deleteRecord,
  findRecords,
  insertRecord,
  type ListedRecordRow,
  type RecordColumns,
  type RecordRow,
  updateRecord,
} from './records.repository';

/** The record's vehicle as every list names it: "{year} {make} {model}". */
const vehicleNameOf = (row: { vehicleYear: number; vehicleMake: string; vehicleModel: string }) =>
  vehicleTitle({ year: row.vehicleYear, make: row.vehicleMake, model: row.vehicleModel });

export function toRecord(row: ListedRecordRow): RecordItem {
  return {
    id: row.id,
    type: row.type,
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    title: row.title,
    category: row.category,
    description: row.description,
    cost: fromNumeric(row.cost),
    date: row.date,
    location: row.location,
    technician: row.technician,
    notes: row.notes,
    fileUrl: row.fileUrl,
    imageUrl: row.imageUrl,
    photoCount: row.photoCount,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt,
    addedAt: row.addedAt,
    dueDate: row.dueDate,
    dueMileage: row.dueMileage,
    odometer: fromNumeric(row.odometer),
    odometerUnit: row.odometerUnit,
  };
}

/** 001 §3: the unified view; a record without a title reads 'Untitled'. */
export function toUnifiedRecord(row: ListedRecordRow): UnifiedRecord {
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
    photoCount: record.photoCount,
    isCompleted: record.isCompleted,
    status: recordStatus(record.isCompleted),
    dueDate: record.dueDate,
    dueMileage: record.dueMileage,
    odometer: record.odometer,
    odometerUnit: record.odometerUnit,
    addedAt: record.addedAt,
  };
}

export function toUpcomingItem(row: RecordRow): UpcomingItem {
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
    vehicleMileage: row.vehicleMileage,
    odometerUnit: row.odometerUnit,
    cost: fromNumeric(row.cost),
    description: row.description,
    imageUrl: row.imageUrl,
    fileUrl: row.fileUrl,
    isCompleted: row.isCompleted,
    scheduleId: null,
    occurrence: null,
    predictedDate: null,
  };
}

export function toActivityItem(row: ActivityRow): ActivityItem {
  return {
    id: `${row.subject}-${row.id}-${row.event}`,
    type: row.subject === 'vehicle' ? 'vehicle_added' : `${row.subject}_${row.event}`,
    title: row.title ?? vehicleNameOf(row),
    vehicleId: row.vehicleId,
    vehicleName: vehicleNameOf(row),
    date: row.date,
  };
}

export function toStoredDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    // A document may belong to no vehicle.
    vehicleName:
      row.vehicleYear === null || row.vehicleMake === null || row.vehicleModel === null
        ? null
        : vehicleNameOf({
            vehicleYear: row.vehicleYear,
            vehicleMake: row.vehicleMake,
            vehicleModel: row.vehicleModel,
          }),
    title: row.title,
    type: row.type,
    fileUrl: row.fileUrl,
    date: row.date,
    amount: fromNumeric(row.amount),
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
    odometer: payload.odometer === undefined ? undefined : toDecimalText(payload.odometer, 1),
  };
  // 001 §3: only maintenance has due fields (the other kinds' schemas drop them anyway).
  if (RECORD_KINDS[type].hasDue) {
    columns.dueDate = payload.dueDate;
    columns.dueMileage = payload.dueMileage;
  }
  return columns;
}

const recordNotFound = () => notFound(RECORD_MESSAGES.recordNotFound);

/** Decision 050: the reading a record's odometer is, dated by the record (when it has a date). */
const readingOfRecord = (
  vehicleId: number,
  date: string | null | undefined,
  odometer: number | null | undefined,
) =>
  odometer === null || odometer === undefined ? null : { vehicleId, date: date ?? null, odometer };

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

  /** A record's row, its attachments checked and its odometer reading kept; answered as read. */
  async function addRecordIn(
    tx: Executor,
    userId: number,
    type: RecordType,
    vehicleId: number,
    payload: Omit<RecordPayload, 'vehicleId'>,
    check: OdometerCheck,
  ): Promise<RecordItem> {
    const attachments = await requireOwnedAttachments(tx, userId, payload);
    // Decision 054: a maintenance record saved for a schedule of its vehicle (404 for any other)
    // is linked to it, and moves it on when it is saved completed.
    const scheduleId = RECORD_KINDS[type].hasDue ? (payload.scheduleId ?? undefined) : undefined;
    if (scheduleId !== undefined) {
      await requireScheduleOfVehicle(tx, userId, scheduleId, vehicleId);
      if (payload.isCompleted) {
        await moveScheduleOn(tx, userId, scheduleId, vehicleId, {
          date: payload.date ?? todayOf(await readPreferences(tx, userId)),
          odometer: payload.odometer ?? null,
        });
      }
    }
    const id = await insertRecord(tx, userId, type, {
      ...toRecordColumns(type, payload),
      ...attachments,
      vehicleId,
      category: payload.category,
      // D19: a record logged as done is completed the moment it is added.
      completedAt: payload.isCompleted ? 'now' : undefined,
      scheduleId,
    });
    await keepSourceReading(
      tx,
      userId,
      { kind: 'record', type, recordId: id },
      readingOfRecord(vehicleId, payload.date, payload.odometer),
      check,
    );
    return readRecord(tx, userId, type, id);
  }

  return {
    /** `GET /api/vehicles/{vehicleId}/{kind}`: 404 when the vehicle is not the user's (D9). */
    async listVehicleRecords(
      userId: number,
      type: RecordType,
      vehicleId: number,
    ): Promise<RecordItem[]> {
      await requireVehicleToRead(db, userId, vehicleId);
      const rows = await findRecords(db, userId, type, { vehicleId });
      return rows.map(toRecord);
    },

    /**
     * `GET /api/vehicles/{vehicleId}/records/page`: a page of the vehicle's records (one kind or
     * all), after the cursor's record, with every tab's count and total cost; 404 when the
     * vehicle is not the user's (D9), as its whole lists answer.
     */
    async listVehicleRecordPage(
      userId: number,
      vehicleId: number,
      query: VehicleRecordPageQuery,
    ): Promise<VehicleRecordPage> {
      return listVehicleRecordPage(db, userId, vehicleId, query);
    },

    /** `GET /api/{kind}/{id}`: one of the user's records; 404 for anyone else's (D9). */
    async getRecord(userId: number, type: RecordType, id: number): Promise<RecordItem> {
      return readRecord(db, userId, type, id);
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

    /** `GET /api/records/page` (decision 057): the unified list a page at a time, with counts. */
    async listRecordPage(userId: number, query: RecordPageQuery): Promise<RecordPage> {
      return listRecordPage(db, userId, query);
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
     * `GET /api/documents/page` (D27, decision 057): the Documents view's entries a page at a
     * time, searched and filtered, with their counts.
     */
    async listDocumentPage(userId: number, query: DocumentPageQuery): Promise<DocumentPage> {
      return listDocumentPage(db, userId, query);
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
        await requireVehicleToWrite(tx, userId, vehicleId);
        return addRecordIn(tx, userId, type, vehicleId, payload, odometerCheckOf(payload));
      });
    },

    /**
     * The create's writes in the caller's transaction, which has checked the plan and locked the
     * vehicle: a schedule's completion (decision 054) adds its maintenance record with it.
     */
    createRecordIn: addRecordIn,

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
        const current = await requireRecordToWrite(tx, userId, type, id, scope, payload.vehicleId);
        const attachments = await requireOwnedAttachments(tx, userId, payload, current);
        const columns: RecordColumns = { ...toRecordColumns(type, payload), ...attachments };
        if (payload.isCompleted === true && !current.isCompleted) columns.completedAt = 'now';
        if (payload.isCompleted === false) columns.completedAt = null;
        await updateRecord(tx, userId, type, id, columns);
        await releaseFiles(tx, userId, replacedAttachments(attachments, current));
        // The reading moves with the record, and follows its date and odometer.
        await keepSourceReading(
          tx,
          userId,
          { kind: 'record', type, recordId: id },
          readingOfRecord(
            payload.vehicleId ?? current.vehicleId,
            payload.date === undefined ? current.date : payload.date,
            payload.odometer === undefined ? fromNumeric(current.odometer) : payload.odometer,
          ),
          odometerCheckOf(payload),
        );
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
        const current = await requireRecordToWrite(tx, userId, type, id, scope);
        const imageUrls = await deleteImagesOfRecord(tx, userId, type, id);
        await keepSourceReading(tx, userId, { kind: 'record', type, recordId: id }, null, 'flag');
        await deleteRecord(tx, userId, type, id);
        await releaseFiles(tx, userId, [
          ...ATTACHMENT_FIELDS.map((field) => current[field]),
          ...imageUrls,
        ]);
      });
      return { message: RECORD_TOASTS.deleted(RECORD_KINDS[type]) };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
