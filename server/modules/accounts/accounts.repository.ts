/** The `users` table, and the reads of every table that an export or a backup gathers (D21). */
import { fileIdFromUrl } from '@contract/uploads';
import { type AnyColumn, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedOnce } from '../../db/prepared';
import { RECORD_KIND_TABLES } from '../../db/record-tables';
import {
  binaryFiles,
  documents,
  energyEntries,
  maintenance,
  modifications,
  notificationSettings,
  odometerReadings,
  recordImages,
  repairs,
  serviceSchedules,
  users,
  vehicleImages,
  vehicles,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Every signed-in page reads its user (server/db/prepared.ts). */
const findUserByIdQuery = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id'),
);

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await findUserByIdQuery(db).execute({ id });
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserByOidcIdentity(db: Executor, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row;
}

/** Usernames that are `base` or `base` followed by digits (D35's candidates). */
export async function findUsernamesStartingWith(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`starts_with(${users.username}, ${base})`);
  return rows.map((row) => row.username);
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<Omit<NewUserRow, 'id'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** D22: the user row; every other row of the user goes with it (foreign keys cascade). */
export async function deleteUser(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Which of the user's rows an export reads: all of them, or one vehicle's. */
export type ExportScope = { vehicleId?: number };

/** The user's stored file, described without its bytes but with their length and digest. */
const fileFacts = {
  id: binaryFiles.id,
  contentType: binaryFiles.contentType,
  originalName: binaryFiles.originalName,
  // The stored value's own length, as a download serves it (`findFile`).
  size: sql<number>`octet_length(${binaryFiles.data})`.mapWith(Number),
  createdAt: binaryFiles.createdAt,
  sha256: sql<string>`encode(sha256(${binaryFiles.data}), 'hex')`,
};

/** Every URL column of the rows an export holds, for the files a vehicle's rows point at. */
function urlsOf(data: {
  vehicles: { imageUrl: string | null }[];
  vehicleImages: { imageUrl: string }[];
  records: { fileUrl: string | null; imageUrl: string | null }[];
  recordImages: { imageUrl: string }[];
  documents: { fileUrl: string | null }[];
  energyEntries: { fileUrl: string | null; imageUrl: string | null }[];
}): (string | null)[] {
  return [
    ...data.vehicles.map((row) => row.imageUrl),
    ...data.vehicleImages.map((row) => row.imageUrl),
    ...data.records.flatMap((row) => [row.fileUrl, row.imageUrl]),
    ...data.recordImages.map((row) => row.imageUrl),
    ...data.documents.map((row) => row.fileUrl),
    ...data.energyEntries.flatMap((row) => [row.fileUrl, row.imageUrl]),
  ];
}

/**
 * Every row of the user in every table, for the export (D21) and the backup; files without their
 * bytes, with their SHA-256 computed by the database. With `vehicleId` (a passport), that
 * vehicle's rows only, the record images of its records, and only the files those rows point at.
 * Notification settings are read without their secrets (decision 054), and only for the account.
 */
export async function readUserData(db: Executor, userId: number, scope: ExportScope = {}) {
  const { vehicleId } = scope;
  const ofVehicle = <Column extends AnyColumn>(column: Column) =>
    vehicleId === undefined ? undefined : eq(column, vehicleId);
  const recordImagesOfVehicle =
    vehicleId === undefined
      ? undefined
      : or(
          ...RECORD_KIND_TABLES.map(([type, table]) =>
            and(
              eq(recordImages.recordType, type),
              inArray(
                recordImages.recordId,
                db
                  .select({ id: table.id })
                  .from(table)
                  .where(and(eq(table.userId, userId), eq(table.vehicleId, vehicleId))),
              ),
            ),
          ),
        );
  // One after the other: the caller reads in one transaction, and a connection runs one query
  // at a time.
  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), ofVehicle(vehicles.id)))
    .orderBy(asc(vehicles.id));
  const vehicleImageRows = await db
    .select()
    .from(vehicleImages)
    .where(and(eq(vehicleImages.userId, userId), ofVehicle(vehicleImages.vehicleId)))
    .orderBy(asc(vehicleImages.id));
  const maintenanceRows = await db
    .select()
    .from(maintenance)
    .where(and(eq(maintenance.userId, userId), ofVehicle(maintenance.vehicleId)))
    .orderBy(asc(maintenance.id));
  const repairRows = await db
    .select()
    .from(repairs)
    .where(and(eq(repairs.userId, userId), ofVehicle(repairs.vehicleId)))
    .orderBy(asc(repairs.id));
  const modificationRows = await db
    .select()
    .from(modifications)
    .where(and(eq(modifications.userId, userId), ofVehicle(modifications.vehicleId)))
    .orderBy(asc(modifications.id));
  const recordImageRows = await db
    .select()
    .from(recordImages)
    .where(and(eq(recordImages.userId, userId), recordImagesOfVehicle))
    .orderBy(asc(recordImages.id));
  const documentRows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), ofVehicle(documents.vehicleId)))
    .orderBy(asc(documents.id));
  const energyEntryRows = await db
    .select()
    .from(energyEntries)
    .where(and(eq(energyEntries.userId, userId), ofVehicle(energyEntries.vehicleId)))
    .orderBy(asc(energyEntries.id));
  const odometerReadingRows = await db
    .select()
    .from(odometerReadings)
    .where(and(eq(odometerReadings.userId, userId), ofVehicle(odometerReadings.vehicleId)))
    .orderBy(asc(odometerReadings.id));
  const scheduleRows = await db
    .select()
    .from(serviceSchedules)
    .where(and(eq(serviceSchedules.userId, userId), ofVehicle(serviceSchedules.vehicleId)))
    .orderBy(asc(serviceSchedules.id));
  const [settings] =
    vehicleId === undefined
      ? await db
          .select({
            userId: notificationSettings.userId,
            emailEnabled: notificationSettings.emailEnabled,
            ntfyUrl: notificationSettings.ntfyUrl,
            webhookUrl: notificationSettings.webhookUrl,
            notifyDueSoon: notificationSettings.notifyDueSoon,
            notifyOverdue: notificationSettings.notifyOverdue,
            weeklyDigest: notificationSettings.weeklyDigest,
            dueSoonDays: notificationSettings.dueSoonDays,
            dueSoonDistance: notificationSettings.dueSoonDistance,
            updatedAt: notificationSettings.updatedAt,
          })
          .from(notificationSettings)
          .where(eq(notificationSettings.userId, userId))
      : [];
  const fileRows =
    vehicleId === undefined
      ? await db
          .select(fileFacts)
          .from(binaryFiles)
          .where(eq(binaryFiles.userId, userId))
          .orderBy(asc(binaryFiles.createdAt), asc(binaryFiles.id))
      : await readFilesPointedAt(
          db,
          userId,
          urlsOf({
            vehicles: vehicleRows,
            vehicleImages: vehicleImageRows,
            records: [...maintenanceRows, ...repairRows, ...modificationRows],
            recordImages: recordImageRows,
            documents: documentRows,
            energyEntries: energyEntryRows,
          }),
        );
  return {
    vehicles: vehicleRows,
    vehicleImages: vehicleImageRows,
    maintenance: maintenanceRows,
    repairs: repairRows,
    modifications: modificationRows,
    recordImages: recordImageRows,
    documents: documentRows,
    energyEntries: energyEntryRows,
    odometerReadings: odometerReadingRows,
    serviceSchedules: scheduleRows,
    notificationSettings: settings ?? null,
    files: fileRows,
  };
}

/** The user's stored files behind these URLs (any form `fileIdFromUrl` reads), described. */
async function readFilesPointedAt(db: Executor, userId: number, urls: readonly (string | null)[]) {
  const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
  if (ids.length === 0) return [];
  return db
    .select(fileFacts)
    .from(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), inArray(binaryFiles.id, ids)))
    .orderBy(asc(binaryFiles.createdAt), asc(binaryFiles.id));
}
