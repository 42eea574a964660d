/**
 * The rules of vehicle images (001 §2, §4, §5, §9): at most MAX_VEHICLE_IMAGES per vehicle, the
 * first image is the primary whatever the request says, exactly one primary while a vehicle has
 * images, and an image's stored file goes with it. Every id is checked against the signed-in
 * user (D9, server/modules/access): another user's vehicle or image is 404 and nothing changes.
 * Every write locks the vehicle, so concurrent uploads and primary changes line up; an upload
 * stores its file first, which locks the user's row before the vehicle (decision 041).
 */
import { fileIdFromUrl, thumbnailUrl } from '@contract/uploads';
import {
  MAX_VEHICLE_IMAGES,
  VEHICLE_MESSAGES,
  type VehicleImage,
  type VehicleImageFields,
  type VehicleImageUpdate,
} from '@contract/vehicles';
import { conflict, notFound } from '../../app-error';
import type { Db, Executor } from '../../db/open';
import { findOwnedVehicleImage } from '../access/access.repository';
import { requireVehicleImageToWrite, requireVehicleToWrite } from '../access/access.service';
import { releaseFiles } from '../uploads/release-files.service';
import type { IncomingFile, UploadsService } from '../uploads/uploads.service';
import {
  clearPrimaryImage,
  countImagesOfOwnedVehicle,
  countVehicleImages,
  deleteVehicleImage,
  findOldestOtherImage,
  findVehicleImages,
  insertVehicleImage,
  markPrimaryImage,
  updateImageCaption,
  type VehicleImageRow,
} from './vehicle-images.repository';

/** The response schema (vehicleImageSchema) is the presenter; this shapes the row for it. */
export function toVehicleImage(row: VehicleImageRow): VehicleImage {
  const fileId = fileIdFromUrl(row.imageUrl);
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    imageUrl: row.imageUrl,
    // D15: only our uploads have a small copy.
    thumbnailUrl: fileId ? thumbnailUrl(fileId) : null,
    caption: row.caption,
    isPrimary: row.isPrimary,
    addedAt: row.addedAt.toISOString(),
  };
}

const vehicleNotFound = () => notFound(VEHICLE_MESSAGES.notFound);
const tooManyImages = () => conflict(VEHICLE_MESSAGES.tooManyImages);

export function createVehicleImagesService({ db, uploads }: { db: Db; uploads: UploadsService }) {
  /** Makes `image` its vehicle's one primary: the old primary loses the flag first. */
  async function makePrimary(tx: Executor, userId: number, image: VehicleImageRow) {
    if (image.isPrimary) return image;
    await clearPrimaryImage(tx, userId, image.vehicleId);
    return markPrimaryImage(tx, userId, image.id);
  }

  /** 001 §2: the primary passes to the oldest other image, if there is one. */
  async function promoteOldestOther(tx: Executor, userId: number, image: VehicleImageRow) {
    const next = await findOldestOtherImage(tx, userId, image.vehicleId, image.id);
    if (!next) return;
    await clearPrimaryImage(tx, userId, image.vehicleId);
    await markPrimaryImage(tx, userId, next.id);
  }

  return {
    /** 001 §7: the vehicle's images, the primary first, then the oldest first. */
    async listImages(userId: number, vehicleId: number): Promise<VehicleImage[]> {
      const imageCount = await countImagesOfOwnedVehicle(db, userId, vehicleId);
      if (imageCount === null) throw vehicleNotFound();
      const rows = await findVehicleImages(db, userId, vehicleId);
      return rows.map(toVehicleImage);
    },

    /**
     * `POST /api/vehicle-images`: the fields are validated and the photo checked and re-encoded
     * before the transaction opens; the file and the image row are then stored together under
     * the vehicle's lock, after the limit is counted, so a refused upload stores nothing.
     */
    async addImage(
      userId: number,
      fields: VehicleImageFields,
      file: IncomingFile,
    ): Promise<VehicleImage> {
      // A quick refusal before the costly re-encoding; the answer that counts comes under lock.
      const earlyCount = await countImagesOfOwnedVehicle(db, userId, fields.vehicleId);
      if (earlyCount === null) throw vehicleNotFound();
      if (earlyCount >= MAX_VEHICLE_IMAGES) throw tooManyImages();
      await uploads.admitUploads(userId, 1);
      const prepared = await uploads.prepareFile(userId, file, 'photo');

      return db.transaction(async (tx) => {
        // First: it locks the user's row, which comes before the vehicle's (decision 041).
        const stored = await uploads.storeFile(tx, userId, prepared);
        const vehicle = await requireVehicleToWrite(tx, userId, fields.vehicleId);
        const imageCount = await countVehicleImages(tx, userId, vehicle.id);
        if (imageCount >= MAX_VEHICLE_IMAGES) throw tooManyImages();
        // 001 §4: a vehicle's first image is its primary whatever the request says.
        const isPrimary = imageCount === 0 || fields.isPrimary === true;
        if (isPrimary) await clearPrimaryImage(tx, userId, vehicle.id);
        const row = await insertVehicleImage(tx, userId, {
          vehicleId: vehicle.id,
          imageUrl: stored.url,
          caption: fields.caption ?? null,
          isPrimary,
        });
        return toVehicleImage(row);
      });
    },

    /**
     * `PUT /api/vehicle-images/{id}`: a caption left out stays, null or '' clears it.
     * `isPrimary: true` makes the image the primary; `false` on the primary passes the flag to
     * the oldest other image (a vehicle with images always has one, so a lone image keeps it).
     */
    async updateImage(
      userId: number,
      imageId: number,
      change: VehicleImageUpdate,
    ): Promise<VehicleImage> {
      return db.transaction(async (tx) => {
        const image = await requireVehicleImageToWrite(tx, userId, imageId);
        if (change.caption !== undefined) {
          await updateImageCaption(tx, userId, image.id, change.caption);
        }
        if (change.isPrimary === true) await makePrimary(tx, userId, image);
        if (change.isPrimary === false && image.isPrimary) {
          await promoteOldestOther(tx, userId, image);
        }
        const updated = await findOwnedVehicleImage(tx, userId, image.id);
        return toVehicleImage(updated!);
      });
    },

    /** `PUT /api/vehicle-images/{id}/primary`. */
    async setPrimaryImage(userId: number, imageId: number): Promise<VehicleImage> {
      return db.transaction(async (tx) => {
        const image = await requireVehicleImageToWrite(tx, userId, imageId);
        return toVehicleImage(await makePrimary(tx, userId, image));
      });
    },

    /**
     * `DELETE /api/vehicle-images/{id}`: the image, and its stored file unless another row (a
     * record's photo, say) still shows it, in one transaction; when it was the primary, the
     * oldest remaining image becomes the primary (001 §2).
     */
    async deleteImage(userId: number, imageId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const image = await requireVehicleImageToWrite(tx, userId, imageId);
        await deleteVehicleImage(tx, userId, image.id);
        if (image.isPrimary) await promoteOldestOther(tx, userId, image);
        await releaseFiles(tx, userId, [image.imageUrl]);
      });
    },
  };
}

export type VehicleImagesService = ReturnType<typeof createVehicleImagesService>;
