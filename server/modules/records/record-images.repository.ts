/**
 * Queries of `record_images`: the photos of a record (001 §3). `record_type` says which record
 * table `record_id` points into, so there is no foreign key to follow: a record's images are
 * deleted with it by the records service. Every query is scoped by the user's id (D9) and served
 * by `record_images_user_record_idx`.
 */
import type { RecordType } from '@contract/records';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { recordImages } from '../../db/schema';

export type RecordImageRow = typeof recordImages.$inferSelect;

const ofRecord = (userId: number, type: RecordType, recordId: number) =>
  and(
    eq(recordImages.userId, userId),
    eq(recordImages.recordType, type),
    eq(recordImages.recordId, recordId),
  );

/** The record's images in the order they were added. */
export async function findRecordImages(
  db: Executor,
  userId: number,
  type: RecordType,
  recordId: number,
): Promise<RecordImageRow[]> {
  return db
    .select()
    .from(recordImages)
    .where(ofRecord(userId, type, recordId))
    .orderBy(asc(recordImages.addedAt), asc(recordImages.id));
}

/** How many images the record has (decision 041's limit). */
export async function countRecordImages(
  db: Executor,
  userId: number,
  type: RecordType,
  recordId: number,
): Promise<number> {
  const [row] = await db
    .select({ images: count() })
    .from(recordImages)
    .where(ofRecord(userId, type, recordId));
  return row?.images ?? 0;
}

export async function insertRecordImage(
  tx: Executor,
  userId: number,
  values: Pick<RecordImageRow, 'recordId' | 'imageUrl' | 'caption' | 'isPrimary'> & {
    recordType: RecordType;
  },
): Promise<RecordImageRow> {
  const [row] = await tx
    .insert(recordImages)
    .values({ ...values, userId })
    .returning();
  return row!;
}

/** Deletes the record's images and answers the URLs they held, so their files can go too. */
export async function deleteImagesOfRecord(
  tx: Executor,
  userId: number,
  type: RecordType,
  recordId: number,
): Promise<string[]> {
  const deleted = await tx
    .delete(recordImages)
    .where(ofRecord(userId, type, recordId))
    .returning({ imageUrl: recordImages.imageUrl });
  return deleted.map((row) => row.imageUrl);
}
