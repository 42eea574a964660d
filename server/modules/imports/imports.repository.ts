/**
 * The SQL of imports and restores (decision 055): their rows, what an import compares against
 * (the user's vehicles and the keys of their entries), the many-row writes of an apply, and the
 * deletes of an undo. Every statement is scoped by the user.
 */

import type { ImportCounts } from '@contract/imports';
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { RECORD_TABLES } from '../../db/record-tables';
import {
  binaryFiles,
  documents,
  energyEntries,
  importFiles,
  imports,
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
import type { AccountVehicle, ExistingKeys } from './interpret';
import { duplicateKeys } from './interpret';

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(
  tx: Executor,
  values: Pick<typeof imports.$inferInsert, 'userId' | 'kind' | 'format' | 'fileNames' | 'source'>,
): Promise<ImportRow> {
  const [row] = await tx.insert(imports).values(values).returning();
  return row!;
}

export async function findImport(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  return row;
}

/** The import's row, locked until the transaction ends: one apply or undo at a time. */
export async function lockImport(tx: Executor, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)))
    .for('update');
  return row;
}

export async function updateImport(
  tx: Executor,
  userId: number,
  id: number,
  values: Partial<
    Pick<ImportRow, 'status' | 'source' | 'choices' | 'added' | 'appliedAt' | 'undoneAt'>
  >,
) {
  await tx
    .update(imports)
    .set(values)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
}

export async function deleteImport(tx: Executor, userId: number, id: number) {
  await tx.delete(imports).where(and(eq(imports.id, id), eq(imports.userId, userId)));
}

/** The user's imports, newest first, without their waiting input. */
export async function listImports(db: Executor, userId: number) {
  return db
    .select({
      id: imports.id,
      kind: imports.kind,
      format: imports.format,
      status: imports.status,
      fileNames: imports.fileNames,
      createdAt: imports.createdAt,
      appliedAt: imports.appliedAt,
      undoneAt: imports.undoneAt,
      added: imports.added,
    })
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdAt), desc(imports.id));
}

/** Previews left waiting since before `before`, with their files: forgotten (decision 055). */
export async function deleteExpiredPreviews(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(imports)
    .where(and(eq(imports.status, 'preview'), lt(imports.createdAt, before)))
    .returning({ id: imports.id });
  return deleted.length;
}

export async function findAccountVehicles(db: Executor, userId: number): Promise<AccountVehicle[]> {
  const rows = await db
    .select({
      id: vehicles.id,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      vin: vehicles.vin,
      licensePlate: vehicles.licensePlate,
      odometerUnit: vehicles.odometerUnit,
      energies: vehicles.energies,
      auxiliary: vehicles.auxiliary,
    })
    .from(vehicles)
    .where(eq(vehicles.userId, userId))
    .orderBy(asc(vehicles.id));
  return rows.map((row) => ({
    ...row,
    odometerUnit: row.odometerUnit as AccountVehicle['odometerUnit'],
  }));
}

/**
 * The duplicate keys of every entry of these vehicles of the user: energy entries, records of
 * the three kinds, and readings entered alone or imported.
 */
export async function findExistingKeys(
  db: Executor,
  userId: number,
  vehicleIds: readonly number[],
): Promise<ExistingKeys> {
  const keys: ExistingKeys = new Map();
  if (vehicleIds.length === 0) return keys;
  const add = (vehicleId: number, entryKeys: string[]) => {
    const set = keys.get(vehicleId) ?? new Set<string>();
    keys.set(vehicleId, set);
    for (const key of entryKeys) set.add(key);
  };
  const energyRows = await db
    .select({
      vehicleId: energyEntries.vehicleId,
      date: energyEntries.date,
      odometer: energyEntries.odometer,
      quantity: energyEntries.canonicalQuantity,
      cost: energyEntries.totalCost,
    })
    .from(energyEntries)
    .where(
      and(eq(energyEntries.userId, userId), inArray(energyEntries.vehicleId, [...vehicleIds])),
    );
  for (const row of energyRows) add(row.vehicleId, duplicateKeys({ kind: 'energy', ...row }));
  for (const table of Object.values(RECORD_TABLES)) {
    const rows = await db
      .select({
        vehicleId: table.vehicleId,
        date: table.date,
        odometer: table.odometer,
        cost: table.cost,
      })
      .from(table)
      .where(and(eq(table.userId, userId), inArray(table.vehicleId, [...vehicleIds])));
    for (const row of rows) add(row.vehicleId, duplicateKeys({ kind: 'record', ...row }));
  }
  const readingRows = await db
    .select({
      vehicleId: odometerReadings.vehicleId,
      date: odometerReadings.date,
      odometer: odometerReadings.odometer,
    })
    .from(odometerReadings)
    .where(
      and(
        eq(odometerReadings.userId, userId),
        inArray(odometerReadings.vehicleId, [...vehicleIds]),
        inArray(odometerReadings.source, ['manual', 'import']),
      ),
    );
  for (const row of readingRows) add(row.vehicleId, duplicateKeys({ kind: 'odometer', ...row }));
  return keys;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 20 columns a row. */
const CHUNK = 1000;

/** Inserts `rows` in chunks and answers what `returning` gives, in order. */
export async function insertInChunks<Row, Returned>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Returned[]>,
): Promise<Returned[]> {
  const returned: Returned[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    returned.push(...(await insert(rows.slice(start, start + CHUNK))));
  }
  return returned;
}

/** The tables an import adds to, children before their parents: the order of an undo. */
const UNDONE_TABLES = [
  { table: odometerReadings, counted: 'odometer' },
  { table: energyEntries, counted: 'energy' },
  { table: recordImages, counted: 'photos' },
  { table: maintenance, counted: 'maintenance' },
  { table: repairs, counted: 'repairs' },
  { table: modifications, counted: 'modifications' },
  { table: documents, counted: 'documents' },
  { table: serviceSchedules, counted: 'schedules' },
  { table: vehicleImages, counted: 'photos' },
  { table: vehicles, counted: 'vehicles' },
] as const;

/** The file URLs the rows an import added point at: released once they are gone. */
export async function findUrlsOfImport(tx: Executor, userId: number, importId: number) {
  const result = await tx.execute<{ url: string }>(sql`
    select ${vehicles.imageUrl} as "url" from ${vehicles}
      where ${vehicles.userId} = ${userId} and ${vehicles.importId} = ${importId}
    union all select ${vehicleImages.imageUrl} from ${vehicleImages}
      where ${vehicleImages.userId} = ${userId} and ${vehicleImages.importId} = ${importId}
    union all select ${recordImages.imageUrl} from ${recordImages}
      where ${recordImages.userId} = ${userId} and ${recordImages.importId} = ${importId}
    union all select ${documents.fileUrl} from ${documents}
      where ${documents.userId} = ${userId} and ${documents.importId} = ${importId}
    ${sql.join(
      [...Object.values(RECORD_TABLES), energyEntries].flatMap((table) =>
        [table.fileUrl, table.imageUrl].map(
          (url) => sql`union all select ${url} from ${table}
            where ${table.userId} = ${userId} and ${table.importId} = ${importId}`,
        ),
      ),
      sql` `,
    )}`);
  return result.rows.map((row) => row.url).filter((url): url is string => !!url);
}

/**
 * Deletes every row the import added, children first, and counts them in `counts`. A vehicle it
 * added goes too, unless the user has added entries to it since: those and their vehicle stay.
 */
export async function deleteRowsOfImport(
  tx: Executor,
  userId: number,
  importId: number,
  counts: ImportCounts,
): Promise<void> {
  for (const { table, counted } of UNDONE_TABLES) {
    const deleted = await tx
      .delete(table)
      .where(
        and(
          eq(table.userId, userId),
          eq(table.importId, importId),
          table === vehicles ? holdsNothing : undefined,
        ),
      )
      .returning({ id: table.id });
    counts[counted] += deleted.length;
  }
  // A vehicle the import added that holds entries added since is the user's now: it stays.
  await tx
    .update(vehicles)
    .set({ importId: null })
    .where(and(eq(vehicles.userId, userId), eq(vehicles.importId, importId)));
}

/** A vehicle with no row left under it (the import's own were deleted first). */
const holdsNothing = sql`not exists (${sql.join(
  [
    maintenance,
    repairs,
    modifications,
    energyEntries,
    odometerReadings,
    serviceSchedules,
    vehicleImages,
    documents,
  ].map((table) => sql`select 1 from ${table} where ${table.vehicleId} = ${vehicles.id}`),
  sql` union all `,
)})`;

/** The vehicles, still there, that an import's rows were added to (their mileage follows). */
export async function findVehiclesOfImport(tx: Executor, userId: number, importId: number) {
  const rows = await tx
    .selectDistinct({ vehicleId: odometerReadings.vehicleId })
    .from(odometerReadings)
    .where(
      and(
        eq(odometerReadings.userId, userId),
        eq(odometerReadings.importId, importId),
        isNotNull(odometerReadings.vehicleId),
      ),
    );
  return rows.map((row) => row.vehicleId);
}

export type NewVehicleRow = typeof vehicles.$inferInsert;
export type NewEnergyRow = typeof energyEntries.$inferInsert;
export type NewRecordRow = typeof maintenance.$inferInsert;
export type NewReadingRow = typeof odometerReadings.$inferInsert;

export async function insertVehicleRow(tx: Executor, values: NewVehicleRow): Promise<number> {
  const [row] = await tx.insert(vehicles).values(values).returning({ id: vehicles.id });
  return row!.id;
}

export function insertEnergyRows(tx: Executor, rows: readonly NewEnergyRow[]) {
  return insertInChunks(rows, (chunk) =>
    tx.insert(energyEntries).values(chunk).returning({ id: energyEntries.id }),
  );
}

export function insertRecordRows(
  tx: Executor,
  type: keyof typeof RECORD_TABLES,
  rows: readonly NewRecordRow[],
) {
  const table = RECORD_TABLES[type];
  return insertInChunks(rows, (chunk) =>
    tx.insert(table).values(chunk).returning({ id: table.id }),
  );
}

export function insertReadingRows(tx: Executor, rows: readonly NewReadingRow[]) {
  return insertInChunks(rows, (chunk) =>
    tx.insert(odometerReadings).values(chunk).returning({ id: odometerReadings.id }),
  );
}

/** The tables a restore adds rows to, with the ids `returning` answers in order. */
type RestoredTable =
  | typeof vehicles
  | typeof vehicleImages
  | typeof maintenance
  | typeof repairs
  | typeof modifications
  | typeof recordImages
  | typeof documents
  | typeof energyEntries
  | typeof odometerReadings
  | typeof serviceSchedules;

export function insertRows<Table extends RestoredTable>(
  tx: Executor,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<{ id: number }[]> {
  return insertInChunks(
    rows,
    (chunk) =>
      // The union of tables narrows to one at each call; drizzle's overloads cannot follow it.
      tx
        .insert(table as typeof vehicles)
        .values(chunk as (typeof vehicles.$inferInsert)[])
        .returning({
          id: vehicles.id,
        }) as unknown as Promise<{ id: number }[]>,
  );
}

/** A file of a backup kept with its restore until it is applied. */
export async function insertImportFile(db: Executor, values: typeof importFiles.$inferInsert) {
  await db.insert(importFiles).values(values);
}

/** A kept file of the restore stored as the user's, under its new id (copied inside the database). */
export async function copyImportFile(
  tx: Executor,
  { importId, key, userId, id }: { importId: number; key: string; userId: number; id: string },
) {
  await tx.execute(sql`
    insert into ${binaryFiles} (id, user_id, data, content_type, original_name, size, thumbnail, display)
    select ${id}, ${userId}, data, content_type, original_name, octet_length(data), thumbnail, display
    from ${importFiles} where import_id = ${importId} and key = ${key}`);
}

/** The files kept with an import, once it is applied or forgotten. */
export async function deleteImportFiles(tx: Executor, importId: number) {
  await tx.delete(importFiles).where(eq(importFiles.importId, importId));
}

/**
 * A backup's account settings made the account's (a whole-account restore): the units, currency,
 * theme and dashboard's order; the profile photo when the account has none; the notification
 * settings but their secrets, which a backup never carries (the account's own are kept).
 */
export async function restoreAccountSettings(
  tx: Executor,
  userId: number,
  settings: {
    preferences: Pick<
      typeof users.$inferSelect,
      'distanceUnit' | 'volumeUnit' | 'economyFormat' | 'electricFormat' | 'currency'
    >;
    theme: string | null;
    dashboardLayout: unknown;
    profileImageUrl: string | null;
    notificationSettings: Omit<
      typeof notificationSettings.$inferInsert,
      'userId' | 'unsubscribeKey' | 'ntfyToken' | 'webhookSecret' | 'digestDueAt' | 'updatedAt'
    > | null;
    newUnsubscribeKey: string;
  },
) {
  const { distanceUnit, volumeUnit, economyFormat, electricFormat, currency } =
    settings.preferences;
  await tx
    .update(users)
    .set({
      distanceUnit,
      volumeUnit,
      economyFormat,
      electricFormat,
      currency,
      ...(settings.theme ? { theme: settings.theme } : {}),
      ...(settings.dashboardLayout ? { dashboardLayout: settings.dashboardLayout } : {}),
      profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${settings.profileImageUrl})`,
    })
    .where(eq(users.id, userId));
  if (settings.notificationSettings) {
    const columns = settings.notificationSettings;
    await tx
      .insert(notificationSettings)
      .values({ ...columns, userId, unsubscribeKey: settings.newUnsubscribeKey })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: columns });
  }
}
