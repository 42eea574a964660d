/**
 * Queries of the `vehicles` table, and the reads and deletes a vehicle's figures (D20, D33) and
 * its deletion (D22) need in the tables that hang off it. Every query is scoped by the signed-in
 * user's id (D9): another user's vehicle is found exactly as often as a missing one, never.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { isoTime } from '../../db/iso-time';
import type { Executor } from '../../db/open';
import { preparedRawRead, type RawRow } from '../../db/prepared';
import { RECORD_KIND_TABLES, type RecordTable } from '../../db/record-tables';
import {
  documents,
  energyEntries,
  maintenance,
  modifications,
  recordImages,
  repairs,
  vehicleImages,
  vehicles,
} from '../../db/schema';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleColumns = Partial<Omit<typeof vehicles.$inferInsert, 'id' | 'userId'>>;

/** The user whose vehicles a prepared read returns. */
const USER_ID = sql.placeholder('userId');

/** The cost and state of the records of the vehicle in the outer query, one table's worth. */
function recordCostsOf(table: RecordTable): SQL {
  return sql`select ${table.cost} as "cost", ${table.isCompleted} as "isCompleted"
    from ${table} where ${table.vehicleId} = ${vehicles.id} and ${table.userId} = ${USER_ID}`;
}

/**
 * The user's vehicles (or the one of `vehicleId`) with every figure their cards and detail page
 * show, newest added first, in ONE statement whatever their number (D20): each figure is a
 * lateral subquery per vehicle, served by the `vehicle_id` indexes.
 */
function vehiclesWithFigures(onlyVehicle: SQL) {
  return sql`
    select ${vehicles.id} as "id", ${vehicles.year} as "year", ${vehicles.make} as "make",
      ${vehicles.model} as "model", ${vehicles.trim} as "trim", ${vehicles.mileage} as "mileage",
      ${vehicles.vin} as "vin", ${vehicles.purchaseDate} as "purchaseDate",
      ${vehicles.purchasePrice} as "purchasePrice", ${vehicles.currentValue} as "currentValue",
      ${vehicles.licensePlate} as "licensePlate", ${vehicles.color} as "color",
      coalesce(images."primaryUrl", ${vehicles.imageUrl}) as "imageUrl",
      ${vehicles.notes} as "notes", ${vehicles.isProject} as "isProject",
      ${vehicles.projectType} as "projectType",
      ${vehicles.energies} as "energies", ${vehicles.auxiliary} as "auxiliary",
      ${vehicles.tankCapacity} as "tankCapacity", ${vehicles.batteryCapacity} as "batteryCapacity",
      ${vehicles.odometerUnit} as "odometerUnit",
      ${isoTime(vehicles.addedAt)} as "addedAt",
      coalesce(${vehicles.purchasePrice}, 0) + coalesce(costs."total", 0) as "moneyInvested",
      coalesce(costs."total", 0) + energy."total" as "totalExpenses",
      coalesce(costs."planned", 0) as "plannedExpenses",
      energy."total" as "spentOnTop",
      costs."count" as "recordCount",
      images."count" as "imageCount",
      next_maintenance."id" as "nextMaintenanceId",
      next_maintenance."title" as "nextMaintenanceTitle",
      next_maintenance."category" as "nextMaintenanceCategory",
      next_maintenance."dueDate" as "nextMaintenanceDueDate",
      next_maintenance."dueMileage" as "nextMaintenanceDueMileage",
      ${vehicles.addedAt} as "addedAtExact"
    from ${vehicles}
    left join lateral (
      -- 001 §2: a missing cost counts as nothing; planned is the cost of the open (D18) ones.
      select sum(records."cost") as "total",
        sum(records."cost") filter (where not records."isCompleted") as "planned",
        count(*)::int as "count"
      from (
        ${recordCostsOf(maintenance)}
        union all
        ${recordCostsOf(repairs)}
        union all
        ${recordCostsOf(modifications)}
      ) as records
    ) as costs on true
    cross join lateral (
      -- D51: fuel and energy, spent on top of Money Invested; amounts are in the user's one
      -- currency like records' costs, summed as they are (as Monthly Spending does), and a free
      -- charge's 0 adds nothing.
      select coalesce(sum(${energyEntries.totalCost}), 0) as "total"
      from ${energyEntries}
      where ${energyEntries.vehicleId} = ${vehicles.id} and ${energyEntries.userId} = ${USER_ID}
    ) as energy
    left join lateral (
      select count(*)::int as "count",
        max(${vehicleImages.imageUrl}) filter (where ${vehicleImages.isPrimary}) as "primaryUrl"
      from ${vehicleImages}
      where ${vehicleImages.vehicleId} = ${vehicles.id} and ${vehicleImages.userId} = ${USER_ID}
    ) as images on true
    left join lateral (
      -- D33: the open maintenance item due first (effective date as in D18, then mileage).
      select ${maintenance.id} as "id", ${maintenance.title} as "title",
        ${maintenance.category} as "category",
        coalesce(${maintenance.dueDate}, ${maintenance.date}) as "dueDate",
        ${maintenance.dueMileage} as "dueMileage"
      from ${maintenance}
      where ${maintenance.vehicleId} = ${vehicles.id} and ${maintenance.userId} = ${USER_ID}
        and ${maintenance.isCompleted} = false
      order by coalesce(${maintenance.dueDate}, ${maintenance.date}) asc nulls last,
        ${maintenance.dueMileage} asc nulls last, ${maintenance.id} asc
      limit 1
    ) as next_maintenance on true
    where ${vehicles.userId} = ${USER_ID} ${onlyVehicle}`;
}

/** What each vehicle row holds, as the SQL above names it: the row's type, declared once. */
const VEHICLE_WITH_FIGURES = {
  id: sql<number>`"id"`,
  year: sql<number>`"year"`,
  make: sql<string>`"make"`,
  model: sql<string>`"model"`,
  trim: sql<string | null>`"trim"`,
  mileage: sql<number | null>`"mileage"`,
  vin: sql<string | null>`"vin"`,
  purchaseDate: sql<string | null>`"purchaseDate"`,
  /** `numeric` arrives from pg as a string (D3), sums included. */
  purchasePrice: sql<string | null>`"purchasePrice"`,
  currentValue: sql<string | null>`"currentValue"`,
  licensePlate: sql<string | null>`"licensePlate"`,
  color: sql<string | null>`"color"`,
  /** The primary image's URL, else the vehicle's own `image_url`. */
  imageUrl: sql<string | null>`"imageUrl"`,
  notes: sql<string | null>`"notes"`,
  isProject: sql<boolean>`"isProject"`,
  projectType: sql<string | null>`"projectType"`,
  /** Decision 050: the energy profile; capacities are `numeric` text. */
  energies: sql<string[]>`"energies"`,
  auxiliary: sql<string | null>`"auxiliary"`,
  tankCapacity: sql<string | null>`"tankCapacity"`,
  batteryCapacity: sql<string | null>`"batteryCapacity"`,
  odometerUnit: sql<string>`"odometerUnit"`,
  /** ISO 8601 in UTC, formatted by the query. */
  addedAt: sql<string>`"addedAt"`,
  moneyInvested: sql<string>`"moneyInvested"`,
  totalExpenses: sql<string>`"totalExpenses"`,
  plannedExpenses: sql<string>`"plannedExpenses"`,
  spentOnTop: sql<string>`"spentOnTop"`,
  recordCount: sql<number>`"recordCount"`,
  imageCount: sql<number>`"imageCount"`,
  nextMaintenanceId: sql<number | null>`"nextMaintenanceId"`,
  nextMaintenanceTitle: sql<string | null>`"nextMaintenanceTitle"`,
  nextMaintenanceCategory: sql<string | null>`"nextMaintenanceCategory"`,
  nextMaintenanceDueDate: sql<string | null>`"nextMaintenanceDueDate"`,
  nextMaintenanceDueMileage: sql<number | null>`"nextMaintenanceDueMileage"`,
};

/** Newest added first (to the microsecond), then the newest row first. */
const NEWEST_ADDED_FIRST = [sql`"addedAtExact" desc`, sql`"id" desc`];

/** Both reads built and prepared once (server/db/prepared.ts): the list, and one vehicle. */
const vehicleListRead = preparedRawRead(
  'vehicles_with_figures',
  vehiclesWithFigures(sql``),
  VEHICLE_WITH_FIGURES,
  NEWEST_ADDED_FIRST,
);
const oneVehicleRead = preparedRawRead(
  'vehicle_with_figures',
  vehiclesWithFigures(sql`and ${vehicles.id} = ${sql.placeholder('vehicleId')}`),
  VEHICLE_WITH_FIGURES,
  NEWEST_ADDED_FIRST,
);

/** A vehicle with its figures, as the one list query reads it. */
export type VehicleWithFiguresRow = RawRow<typeof VEHICLE_WITH_FIGURES>;

export async function findVehiclesWithFigures(
  db: Executor,
  userId: number,
  vehicleId?: number,
): Promise<VehicleWithFiguresRow[]> {
  return vehicleId === undefined
    ? vehicleListRead(db).execute({ userId })
    : oneVehicleRead(db).execute({ userId, vehicleId });
}

/** The picture a vehicle's page shows first, if the vehicle is the user's and has one. */
export async function findVehicleImageUrl(
  executor: Executor,
  userId: number,
  vehicleId: number,
): Promise<string | null> {
  // As the vehicle's answer has it: the primary of its images, else the picture of its row.
  const primary = sql`(select max(${vehicleImages.imageUrl}) from ${vehicleImages}
    where ${vehicleImages.vehicleId} = ${vehicles.id} and ${vehicleImages.userId} = ${userId}
      and ${vehicleImages.isPrimary})`;
  const [row] = await executor
    .select({ imageUrl: sql<string | null>`coalesce(${primary}, ${vehicles.imageUrl})` })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)));
  return row?.imageUrl ?? null;
}

export async function insertVehicle(
  tx: Executor,
  userId: number,
  values: VehicleColumns & Pick<VehicleRow, 'year' | 'make' | 'model'>,
): Promise<number> {
  const [row] = await tx
    .insert(vehicles)
    .values({ ...values, userId })
    .returning({ id: vehicles.id });
  return row!.id;
}

export async function updateVehicle(
  tx: Executor,
  userId: number,
  vehicleId: number,
  values: VehicleColumns,
): Promise<void> {
  await tx
    .update(vehicles)
    .set(values)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)));
}

/** The ids of the vehicle's records of one kind, as a subquery. */
function recordIdsOf(tx: Executor, table: RecordTable, userId: number, vehicleId: number) {
  return tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.vehicleId, vehicleId), eq(table.userId, userId)));
}

/** `record_images` rows of the vehicle's records: they have no foreign key to follow. */
function recordImagesOfVehicle(tx: Executor, userId: number, vehicleId: number): SQL {
  return and(
    eq(recordImages.userId, userId),
    or(
      ...RECORD_KIND_TABLES.map(([type, table]) =>
        and(
          eq(recordImages.recordType, type),
          inArray(recordImages.recordId, recordIdsOf(tx, table, userId, vehicleId)),
        ),
      ),
    ),
  )!;
}

/**
 * Every stored file URL the vehicle's rows point at (D22): the vehicle's own image, its images,
 * its records' attachments and photos, its records' images, its documents and its energy
 * entries' receipts (decision 050).
 */
export async function findVehicleFileUrls(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<string[]> {
  const recordUrls = RECORD_KIND_TABLES.flatMap(([, table]) =>
    [table.fileUrl, table.imageUrl].map(
      (column) => sql`select ${column} from ${table}
        where ${table.vehicleId} = ${vehicleId} and ${table.userId} = ${userId}`,
    ),
  );
  const recordImageUrls = tx
    .select({ url: recordImages.imageUrl })
    .from(recordImages)
    .where(recordImagesOfVehicle(tx, userId, vehicleId));
  const result = await tx.execute<{ url: string | null }>(sql`
    select "url" from (
      select ${vehicles.imageUrl} as "url" from ${vehicles}
        where ${vehicles.id} = ${vehicleId} and ${vehicles.userId} = ${userId}
      union all
      select ${vehicleImages.imageUrl} from ${vehicleImages}
        where ${vehicleImages.vehicleId} = ${vehicleId} and ${vehicleImages.userId} = ${userId}
      union all
      select ${documents.fileUrl} from ${documents}
        where ${documents.vehicleId} = ${vehicleId} and ${documents.userId} = ${userId}
      union all
      ${sql.join(recordUrls, sql` union all `)}
      union all
      ${recordImageUrls}
      union all
      ${sql.join(
        [energyEntries.fileUrl, energyEntries.imageUrl].map(
          (column) => sql`select ${column} from ${energyEntries}
            where ${energyEntries.vehicleId} = ${vehicleId} and ${energyEntries.userId} = ${userId}`,
        ),
        sql` union all `,
      )}
    ) as urls
    where "url" is not null`);
  return result.rows.map((row) => row.url!);
}

/** Deletes the images of the vehicle's records (before the records themselves go). */
export async function deleteRecordImagesOfVehicle(
  tx: Executor,
  userId: number,
  vehicleId: number,
): Promise<void> {
  await tx.delete(recordImages).where(recordImagesOfVehicle(tx, userId, vehicleId));
}

/**
 * Deletes the vehicle; its records, images, documents, energy entries and odometer readings
 * follow by foreign key (cascade).
 */
export async function deleteVehicle(tx: Executor, userId: number, vehicleId: number) {
  await tx.delete(vehicles).where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId)));
}
