/**
 * Queries of `vehicle_images` (001 §3). Every query is scoped by the signed-in user's id (D9).
 * Writes run on a transaction that holds the vehicle's lock (`lockOwnedVehicle`), so the count
 * and the primary flag of a vehicle's images change one request at a time; the partial unique
 * index `vehicle_images_one_primary_key` is the last wall behind that.
 */
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { vehicleImages, vehicles } from '../../db/schema';

export type VehicleImageRow = typeof vehicleImages.$inferSelect;

/** The vehicle's images: the primary first, then the oldest first. */
export async function findVehicleImages(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<VehicleImageRow[]> {
  return db
    .select()
    .from(vehicleImages)
    .where(and(eq(vehicleImages.userId, userId), eq(vehicleImages.vehicleId, vehicleId)))
    .orderBy(desc(vehicleImages.isPrimary), asc(vehicleImages.addedAt), asc(vehicleImages.id));
}

/**
 * How many images the user's vehicle has, or null when the user has no such vehicle. Read
 * without a lock: a quick answer before the work of an upload, checked again under the lock.
 */
export async function countImagesOfOwnedVehicle(
  db: Executor,
  userId: number,
  vehicleId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ images: count(vehicleImages.id) })
    .from(vehicles)
    .leftJoin(
      vehicleImages,
      and(eq(vehicleImages.vehicleId, vehicles.id), eq(vehicleImages.userId, userId)),
    )
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)))
    .groupBy(vehicles.id);
  return row ? row.images : null;
}

export async function countVehicleImages(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<number> {
  const [row] = await tx
    .select({ images: count() })
    .from(vehicleImages)
    .where(and(eq(vehicleImages.userId, userId), eq(vehicleImages.vehicleId, vehicleId)));
  return row?.images ?? 0;
}

export async function insertVehicleImage(
  tx: Executor,
  userId: number,
  values: Pick<VehicleImageRow, 'vehicleId' | 'imageUrl' | 'caption' | 'isPrimary'>,
): Promise<VehicleImageRow> {
  const [row] = await tx
    .insert(vehicleImages)
    .values({ ...values, userId })
    .returning();
  return row!;
}

/** Takes the primary flag from whichever image of the vehicle has it. */
export async function clearPrimaryImage(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<void> {
  await tx
    .update(vehicleImages)
    .set({ isPrimary: false })
    .where(
      and(
        eq(vehicleImages.userId, userId),
        eq(vehicleImages.vehicleId, vehicleId),
        eq(vehicleImages.isPrimary, true),
      ),
    );
}

export async function markPrimaryImage(
  tx: Executor,
  userId: number,
  imageId: number,
): Promise<VehicleImageRow> {
  const [row] = await tx
    .update(vehicleImages)
    .set({ isPrimary: true })
    .where(and(eq(vehicleImages.id, imageId), eq(vehicleImages.userId, userId)))
    .returning();
  return row!;
}

export async function updateImageCaption(
  tx: Executor,
  userId: number,
  imageId: number,
  caption: string | null,
): Promise<void> {
  await tx
    .update(vehicleImages)
    .set({ caption })
    .where(and(eq(vehicleImages.id, imageId), eq(vehicleImages.userId, userId)));
}

/** The vehicle's oldest image other than `exceptImageId`: the one promoted to primary. */
export async function findOldestOtherImage(
  tx: Executor,
  userId: number,
  vehicleId: number,
  exceptImageId: number,
): Promise<VehicleImageRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicleImages)
    .where(
      and(
        eq(vehicleImages.userId, userId),
        eq(vehicleImages.vehicleId, vehicleId),
        ne(vehicleImages.id, exceptImageId),
      ),
    )
    .orderBy(asc(vehicleImages.addedAt), asc(vehicleImages.id))
    .limit(1);
  return row;
}

export async function deleteVehicleImage(
  tx: Executor,
  userId: number,
  imageId: number,
): Promise<void> {
  await tx
    .delete(vehicleImages)
    .where(and(eq(vehicleImages.id, imageId), eq(vehicleImages.userId, userId)));
}
