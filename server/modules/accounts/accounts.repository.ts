/** The `users` table, and the reads of every table that an export gathers (D21). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { preparedOnce } from '../../db/prepared';
import {
  binaryFiles,
  documents,
  energyEntries,
  maintenance,
  modifications,
  odometerReadings,
  recordImages,
  repairs,
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

/** Every row of the user in every table, for the export (D21); files without their bytes. */
export async function readUserData(db: Executor, userId: number) {
  const [
    vehicleRows,
    vehicleImageRows,
    maintenanceRows,
    repairRows,
    modificationRows,
    recordImageRows,
    documentRows,
    energyEntryRows,
    odometerReadingRows,
    fileRows,
  ] = await Promise.all([
    db.select().from(vehicles).where(eq(vehicles.userId, userId)).orderBy(asc(vehicles.id)),
    db
      .select()
      .from(vehicleImages)
      .where(eq(vehicleImages.userId, userId))
      .orderBy(asc(vehicleImages.id)),
    db
      .select()
      .from(maintenance)
      .where(eq(maintenance.userId, userId))
      .orderBy(asc(maintenance.id)),
    db.select().from(repairs).where(eq(repairs.userId, userId)).orderBy(asc(repairs.id)),
    db
      .select()
      .from(modifications)
      .where(eq(modifications.userId, userId))
      .orderBy(asc(modifications.id)),
    db
      .select()
      .from(recordImages)
      .where(eq(recordImages.userId, userId))
      .orderBy(asc(recordImages.id)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.id)),
    db
      .select()
      .from(energyEntries)
      .where(eq(energyEntries.userId, userId))
      .orderBy(asc(energyEntries.id)),
    db
      .select()
      .from(odometerReadings)
      .where(eq(odometerReadings.userId, userId))
      .orderBy(asc(odometerReadings.id)),
    db
      .select({
        id: binaryFiles.id,
        contentType: binaryFiles.contentType,
        originalName: binaryFiles.originalName,
        size: binaryFiles.size,
        createdAt: binaryFiles.createdAt,
      })
      .from(binaryFiles)
      .where(eq(binaryFiles.userId, userId))
      .orderBy(asc(binaryFiles.createdAt)),
  ]);
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
    files: fileRows,
  };
}
