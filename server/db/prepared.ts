/**
 * Reads that (nearly) every request makes are built once per database and prepared (named) in
 * PostgreSQL. Building a query with Drizzle costs more CPU than PostgreSQL spends answering a
 * small one: in a profile of `GET /api/user` under load, building the session and user reads
 * took a quarter of the server's busy time (bench/REPORT.md, "Where the time goes").
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './open';

/**
 * `build` runs once per executor (the app's database, or a transaction) and its prepared query
 * is kept for as long as that executor lives.
 */
export function preparedOnce<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const queries = new WeakMap<Executor, Query>();
  return (db) => {
    let query = queries.get(db);
    if (!query) {
      query = build(db);
      queries.set(db, query);
    }
    return query;
  };
}

/** The value of each column of a raw read, named as the read's SQL names it. */
export type RawColumns = Record<string, SQL.Aliased | SQL>;

/** The row a raw read answers: each column's declared type. */
export type RawRow<Columns extends RawColumns> = {
  [Name in keyof Columns]: Columns[Name] extends SQL.Aliased<infer Value>
    ? Value
    : Columns[Name] extends SQL<infer Value>
      ? Value
      : never;
};

/** A prepared read as its callers use it. */
export type PreparedRead<Row> = {
  execute: (values: Record<string, unknown>) => Promise<Row[]>;
};

/**
 * A read that must be written as SQL (lateral joins, a union whose branches each take their own
 * newest rows), run as Drizzle's own typed, named prepared select over it: `columns` says once
 * what each row holds (`sql<number>\`"id"\``), and is the row's type. `order` sorts the rows
 * the SQL answers, by the names it gives them.
 */
export function preparedRawRead<Columns extends RawColumns>(
  name: string,
  source: SQL,
  columns: Columns,
  order: SQL[] = [],
): (db: Executor) => PreparedRead<RawRow<Columns>> {
  return preparedOnce((db) =>
    db
      .select(columns)
      .from(sql`(${source}) as "rows"`)
      .orderBy(...order)
      .prepare(name),
  );
}
