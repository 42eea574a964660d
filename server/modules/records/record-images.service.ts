/**
 * The photos of a record (001 §3, §5, §7): read and added through
 * `/api/record-images/{type}/{recordId}`, for the user's own records only (D9). A photo is checked
 * and re-encoded by the uploads service (D15) before any transaction opens; the file and its row
 * are then stored together, under the lock of the record, so concurrent uploads line up,
 * exactly the first image of a record becomes its primary and a record never holds more than
 * MAX_RECORD_IMAGES (decision 041, counted as a vehicle's images are).
 */
import {
  MAX_RECORD_IMAGES,
  RECORD_MESSAGES,
  type RecordImage,
  type RecordType,
} from '@contract/records';
import { fileIdFromUrl, thumbnailUrl } from '@contract/uploads';
import { conflict } from '../../app-error';
import type { Db } from '../../db/open';
import { requireRecordToRead, requireRecordToWrite } from '../access/access.service';
import type { IncomingFile, UploadsService } from '../uploads/uploads.service';
import {
  countRecordImages,
  findRecordImages,
  insertRecordImage,
  type RecordImageRow,
} from './record-images.repository';

export function toRecordImage(row: RecordImageRow, recordType: RecordType): RecordImage {
  const fileId = fileIdFromUrl(row.imageUrl);
  return {
    id: row.id,
    recordId: row.recordId,
    recordType,
    imageUrl: row.imageUrl,
    // D15: uploaded photos have a small copy for lists; other image values have none.
    thumbnailUrl: fileId ? thumbnailUrl(fileId) : null,
    caption: row.caption,
    isPrimary: row.isPrimary,
    addedAt: row.addedAt.toISOString(),
  };
}

const tooManyImages = () => conflict(RECORD_MESSAGES.tooManyImages);

export function createRecordImagesService({
  db,
  uploads,
}: {
  db: Db;
  uploads: Pick<UploadsService, 'admitUploads' | 'prepareFile' | 'storeFile'>;
}) {
  return {
    /** `GET /api/record-images/{type}/{recordId}`: 404 when the record is not the user's. */
    async listImages(userId: number, type: RecordType, recordId: number): Promise<RecordImage[]> {
      await requireRecordToRead(db, userId, type, recordId);
      const rows = await findRecordImages(db, userId, type, recordId);
      return rows.map((row) => toRecordImage(row, type));
    },

    /**
     * `POST /api/record-images/{type}/{recordId}`: one photo (D15) with its caption. The first
     * image of a record is its primary; one past MAX_RECORD_IMAGES is 409 and stores nothing.
     */
    async addImage(
      userId: number,
      type: RecordType,
      recordId: number,
      caption: string | null,
      file: IncomingFile,
    ): Promise<RecordImage> {
      // A quick refusal before the costly re-encoding; the answer that counts comes under lock.
      await requireRecordToRead(db, userId, type, recordId);
      if ((await countRecordImages(db, userId, type, recordId)) >= MAX_RECORD_IMAGES) {
        throw tooManyImages();
      }
      await uploads.admitUploads(userId, 1);
      const prepared = await uploads.prepareFile(userId, file, 'photo');
      return db.transaction(async (tx) => {
        // First: it locks the user's row, which comes before the vehicle's and the record's.
        const stored = await uploads.storeFile(tx, userId, prepared);
        await requireRecordToWrite(tx, userId, type, recordId);
        const imageCount = await countRecordImages(tx, userId, type, recordId);
        if (imageCount >= MAX_RECORD_IMAGES) throw tooManyImages();
        const row = await insertRecordImage(tx, userId, {
          recordId,
          recordType: type,
          imageUrl: stored.url,
          caption,
          isPrimary: imageCount === 0,
        });
        return toRecordImage(row, type);
      });
    },
  };
}

export type RecordImagesService = ReturnType<typeof createRecordImagesService>;
