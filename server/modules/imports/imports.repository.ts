/**
 * The SQL of imports and restores (decision 055): their rows, what an import compares against
 * (the user's vehicles and the keys of their entries), the many-row writes of an apply, and the
 * deletes of an undo. Every statement is scoped by the user.
 */

import type { ImportCounts } from '@contract/imports';
import { and, asc, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
  values: Pick<
    typeof imports.$inferInsert,
    'userId' | 'kind' | 'format' | 'fileNames' | 'source' | 'preview'
  >,
): Promise<ImportRow> {
  const [row] = await tx.insert(imports).values(values).returning();
  return row!;
}

/** The import's row without what it read of the file: what answering its preview needs. */
export async function findImportSummary(db: Executor, userId: number, id: number) {
  const { source: _source, ...columns } = getTableColumns(imports);
  const [row] = await db
    .select(columns)
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  return row;
}
export type ImportSummaryRow = Omit<ImportRow, 'source'>;

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
    Pick<
      ImportRow,
      'status' | 'source' | 'preview' | 'choices' | 'added' | 'appliedAt' | 'undoneAt'
    >
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

/** Rows per insert statement: an apply's arrays stay a few megabytes of text. */
const CHUNK = 5000;

/** A table rows are added to, with the `id` that `returning` answers. */
type TableWithId = Parameters<Executor['insert']>[0] & { id: PgColumn };

/**
 * Inserts `rows` into `table` and answers their ids in the order given. Each statement sends one
 * array per column, taken apart by `unnest`, where drizzle's `values()` sends a parameter for
 * every value: building those parameters was most of the apply of a 10,000-row import
 * (bench/results/imports.md). A column a row leaves out gets its default, as with `values()`:
 * rows go in runs that give the same columns. The tables given here have no array columns,
 * which `unnest` would take apart too.
 */
export async function insertInColumns<Table extends TableWithId>(
  tx: Executor,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<{ id: number }[]> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  const givenColumns = (row: Record<string, unknown>) =>
    columns.filter(([key]) => row[key] !== undefined);
  const ids: { id: number }[] = [];
  let start = 0;
  while (start < rows.length) {
    const given = givenColumns(rows[start]!);
    const signature = given.map(([key]) => key).join();
    let end = start + 1;
    while (
      end < rows.length &&
      end - start < CHUNK &&
      givenColumns(rows[end]!)
        .map(([key]) => key)
        .join() === signature
    ) {
      end += 1;
    }
    const run = rows.slice(start, end) as Record<string, unknown>[];
    const arrays = given.map(([key, column]) => {
      const values = run.map((row) =>
        row[key] === null ? null : column.mapToDriverValue(row[key]),
      );
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const result = await tx.execute<{ id: number }>(sql`
      insert into ${table} (${sql.join(
        given.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      )})
      select * from unnest(${sql.join(arrays, sql`, `)})
      returning ${sql.identifier(table.id.name)} as "id"`);
    ids.push(...result.rows);
    start = end;
  }
  return ids;
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
      .returning({
        // Readings that came with an entry or a record are counted with it, as apply counts.
        isCounted:
          table === odometerReadings
            ? sql<boolean>`${odometerReadings.energyEntryId} is null and ${odometerReadings.recordId} is null`
            : sql<boolean>`true`,
      });
    counts[counted] += deleted.filter((row) => row.isCounted).length;
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
    .where(and(eq(odometerReadings.userId, userId), eq(odometerReadings.importId, importId)));
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
  return insertInColumns(tx, energyEntries, rows);
}

export function insertRecordRows(
  tx: Executor,
  type: keyof typeof RECORD_TABLES,
  rows: readonly NewRecordRow[],
) {
  return insertInColumns(tx, RECORD_TABLES[type], rows);
}

export function insertReadingRows(tx: Executor, rows: readonly NewReadingRow[]) {
  return insertInColumns(tx, odometerReadings, rows);
}

/** The tables a restore adds rows to: a vehicle (one at a time), and what hangs off it. */
type RestoredTable =
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
  return insertInColumns(tx, table, rows);
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

/** The bytes of the files kept with an import, as measured in the database. */
export async function measureImportFiles(
  tx: Executor,
  importId: number,
  keys: ReadonlySet<string>,
): Promise<number> {
  if (keys.size === 0) return 0;
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(octet_length(${importFiles.data})), 0)` })
    .from(importFiles)
    .where(and(eq(importFiles.importId, importId), inArray(importFiles.key, [...keys])));
  return Number(row?.bytes ?? 0);
}

/**
 * A backup's account settings made the account's (a whole-account restore, decision 062): those
 * the settings calls took (restore-checks.ts), each column on its own, so a refused value leaves
 * the account's; the profile photo when the account has none. Where reminders go is never set:
 * an account without saved settings gets the columns' defaults, every channel off, as before.
 */
export async function restoreAccountSettings(
  tx: Executor,
  userId: number,
  settings: {
    user: Partial<
      Pick<
        typeof users.$inferInsert,
        | 'distanceUnit'
        | 'volumeUnit'
        | 'economyFormat'
        | 'electricFormat'
        | 'currency'
        | 'theme'
        | 'dashboardLayout'
        | 'timeZone'
      >
    >;
    profileImageUrl: string | null;
    notifications: Partial<
      Pick<
        typeof notificationSettings.$inferInsert,
        'notifyDueSoon' | 'notifyOverdue' | 'weeklyDigest' | 'dueSoonDays' | 'dueSoonDistance'
      >
    >;
    newUnsubscribeKey: string;
  },
) {
  await tx
    .update(users)
    .set({
      ...settings.user,
      profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${settings.profileImageUrl})`,
    })
    .where(eq(users.id, userId));
  const columns = settings.notifications;
  if (Object.keys(columns).length > 0) {
    await tx
      .insert(notificationSettings)
      .values({ ...columns, userId, unsubscribeKey: settings.newUnsubscribeKey })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: columns });
  }
}
