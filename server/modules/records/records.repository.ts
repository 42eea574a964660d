/**
 * Reads of the three record tables (maintenance, repairs, modifications). Every query is scoped
 * by the signed-in user's id (D9).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { maintenance, modifications, repairs, vehicles } from '../../db/schema';

/** One open record of any kind with its vehicle, as the upcoming-items query reads it. */
export type UpcomingRecordRow = {
  id: number;
  type: 'maintenance' | 'repair' | 'modification';
  title: string | null;
  category: string;
  vehicleId: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  date: string | null;
  dueDate: string | null;
  dueMileage: number | null;
  /** `numeric` arrives from pg as a string (D3). */
  cost: string | null;
  description: string | null;
  imageUrl: string | null;
  fileUrl: string | null;
  isCompleted: boolean;
};

type RecordTable = typeof maintenance | typeof repairs | typeof modifications;

/** The open records of one table, in the columns every branch of the union shares. */
function openRecordsOf(
  table: RecordTable,
  type: UpcomingRecordRow['type'],
  userId: number,
  due: { date: SQL; mileage: SQL },
): SQL {
  return sql`
    select ${table.id} as "id", ${type}::text as "type",
      ${table.title} as "title", ${table.category} as "category",
      ${table.vehicleId} as "vehicleId", ${vehicles.year} as "vehicleYear",
      ${vehicles.make} as "vehicleMake", ${vehicles.model} as "vehicleModel",
      ${table.date} as "date", ${due.date} as "dueDate", ${due.mileage} as "dueMileage",
      ${table.cost} as "cost", ${table.description} as "description",
      ${table.imageUrl} as "imageUrl", ${table.fileUrl} as "fileUrl",
      ${table.isCompleted} as "isCompleted"
    from ${table}
    join ${vehicles} on ${vehicles.id} = ${table.vehicleId} and ${vehicles.userId} = ${userId}
    where ${table.userId} = ${userId} and ${table.isCompleted} = false`;
}

/**
 * D18: every record of the user that is not completed, of all three kinds, in one query; sorted
 * by the effective due date (`dueDate ?? date`, undated last), then due mileage (nulls last),
 * then id.
 */
export async function findOpenRecords(db: Executor, userId: number): Promise<UpcomingRecordRow[]> {
  const noDate = sql`null::date`;
  const noMileage = sql`null::integer`;
  const result = await db.execute<UpcomingRecordRow>(sql`
    select * from (
      ${openRecordsOf(maintenance, 'maintenance', userId, {
        date: sql`${maintenance.dueDate}`,
        mileage: sql`${maintenance.dueMileage}`,
      })}
      union all
      ${openRecordsOf(repairs, 'repair', userId, { date: noDate, mileage: noMileage })}
      union all
      ${openRecordsOf(modifications, 'modification', userId, { date: noDate, mileage: noMileage })}
    ) as open_records
    order by coalesce("dueDate", "date") asc nulls last, "dueMileage" asc nulls last, "id" asc,
      "type" asc`);
  return result.rows;
}
