/**
 * Rows straight into the browser-test server's database, for states no screen can create yet
 * (records due on given days, completed ones). The server of e2e/global-setup.ts runs its own
 * embedded PostgreSQL in E2E_DATA_DIR: its port is line 4 of postgres/postmaster.pid and its
 * password is in .postgres-password.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

let pool: pg.Pool | undefined;

function connection(): pg.Pool {
  if (pool) return pool;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const pidFile = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim();
  pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'garage_ledger',
    max: 2,
  });
  return pool;
}

async function insertReturningId(text: string, values: unknown[]): Promise<number> {
  const result = await connection().query<{ id: number }>(text, values);
  return result.rows[0]!.id;
}

/** Any statement, for a scene of many rows made in one (generate_series) rather than row by row. */
export async function runSql(text: string, values: unknown[] = []): Promise<void> {
  await connection().query(text, values);
}

/** D12, D13: puts a user on a plan (the free plan allows 1 vehicle and 1 record). */
export async function setSubscriptionStatus(userId: number, status: 'free' | 'premium') {
  await connection().query('update users set subscription_status = $2 where id = $1', [
    userId,
    status,
  ]);
}

export type VehicleValues = { year: number; make: string; model: string };

export function insertVehicle(userId: number, vehicle: VehicleValues): Promise<number> {
  return insertReturningId(
    'insert into vehicles (user_id, year, make, model) values ($1, $2, $3, $4) returning id',
    [userId, vehicle.year, vehicle.make, vehicle.model],
  );
}

export type RecordValues = {
  title?: string | null;
  category?: string;
  /** `yyyy-MM-dd` */
  date?: string | null;
  cost?: string | number | null;
  isCompleted?: boolean;
};

export function insertMaintenance(
  userId: number,
  vehicleId: number,
  record: RecordValues & { dueDate?: string | null; dueMileage?: number | null },
): Promise<number> {
  return insertReturningId(
    `insert into maintenance
       (user_id, vehicle_id, title, category, date, due_date, due_mileage, cost, is_completed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      userId,
      vehicleId,
      record.title ?? null,
      record.category ?? 'Service',
      record.date ?? null,
      record.dueDate ?? null,
      record.dueMileage ?? null,
      record.cost ?? null,
      record.isCompleted ?? false,
    ],
  );
}

function insertRecord(
  table: 'repairs' | 'modifications',
  userId: number,
  vehicleId: number,
  record: RecordValues,
): Promise<number> {
  return insertReturningId(
    `insert into ${table} (user_id, vehicle_id, title, category, date, cost, is_completed)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      userId,
      vehicleId,
      record.title ?? null,
      record.category ?? 'General',
      record.date ?? null,
      record.cost ?? null,
      record.isCompleted ?? false,
    ],
  );
}

export function insertRepair(userId: number, vehicleId: number, record: RecordValues) {
  return insertRecord('repairs', userId, vehicleId, record);
}

export function insertModification(userId: number, vehicleId: number, record: RecordValues) {
  return insertRecord('modifications', userId, vehicleId, record);
}

/**
 * `perKind` records of each kind in one statement per kind, record n on vehicle n modulo their
 * number and dated n days before 2025-12-31 (every 40th undated): a garage of thousands that no
 * screen could fill. Titles are `Service n`, `Repair n` and `Upgrade n`.
 */
export async function insertManyRecords(userId: number, vehicleIds: number[], perKind: number) {
  for (const [table, label] of [
    ['maintenance', 'Service'],
    ['repairs', 'Repair'],
    ['modifications', 'Upgrade'],
  ] as const) {
    await connection().query(
      `insert into ${table} (user_id, vehicle_id, title, category, date, is_completed)
       select $1, ($2::int[])[1 + g % array_length($2::int[], 1)], $3 || ' ' || g, 'Other',
         case when g % 40 = 0 then null else date '2025-12-31' - g end, true
       from generate_series(1, $4) g`,
      [userId, vehicleIds, label, perKind],
    );
  }
}

/** Closes the pool; call from a spec's afterAll so the worker can exit. */
export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}
