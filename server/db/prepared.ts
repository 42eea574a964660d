/**
 * Reads that (nearly) every request makes are built once per database and prepared (named) in
 * PostgreSQL. Building a query with Drizzle costs more CPU than PostgreSQL spends answering a
 * small one: in a profile of `GET /api/user` under load, building the session and user reads
 * took a quarter of the server's busy time (bench/REPORT.md, "Where the time goes").
 */
import { type Column, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
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

/** The row a raw read answers: each column's declared type, as Drizzle's own selects infer it. */
export type RawRow<Columns extends RawColumns> = SelectResultFields<Columns>;

/** A prepared read as its callers use it. */
export type PreparedRead<Row> = {
  execute: (values: Record<string, unknown>) => Promise<Row[]>;
};

/**
 * A statement written as SQL (with `sql.placeholder(name)` for its values), turned into text once
 * and prepared under `name` through the database's session (`db._.session.prepareQuery`, typed
 * and public in drizzle-orm 0.45). Its rows come back as pg hands them over, named by the SQL's
 * aliases: with thousands of rows, the per-column mapping of Drizzle's builders cost half the
 * throughput of the record lists (decision 026).
 */
export function preparedRows<Row>(
  name: string,
  template: SQL,
): (db: Executor) => PreparedRead<Row> {
  const query = new PgDialect().sqlToQuery(template);
  const prepared = preparedOnce((db) => db._.session.prepareQuery(query, undefined, name, false));
  return (db) => ({
    async execute(values) {
      const result = (await prepared(db).execute(values)) as { rows: Row[] };
      return result.rows;
    },
  });
}

/**
 * A read whose SQL depends on its shape (which filters are set, which kinds): each shape's
 * statement is built and prepared the first time it is asked for, so every filter stays a plain
 * condition the planner sees, and a shape asked for again reuses its statement.
 */
export function preparedPerShape<Shape, Row>(
  build: (shape: Shape) => (db: Executor) => PreparedRead<Row>,
): (shape: Shape) => (db: Executor) => PreparedRead<Row> {
  const reads = new Map<string, (db: Executor) => PreparedRead<Row>>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let read = reads.get(key);
    if (!read) {
      read = build(shape);
      reads.set(key, read);
    }
    return read;
  };
}

/** `expression as "name"` for each of these columns: a select list named by its keys. */
export function selectList(columns: Record<string, SQL.Aliased | SQL | Column>): SQL {
  return sql.join(
    Object.entries(columns).map(
      ([name, value]) =>
        sql`${value instanceof SQL.Aliased ? value.sql : value} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
}

/**
 * A read that must be written as SQL (lateral joins, a union whose branches each take their own
 * newest rows): `columns` says once what each row holds (`sql<number>\`"id"\``) and is the
 * row's type; the rows of `source` are selected by those names and sorted by `order`.
 */
export function preparedRawRead<Columns extends RawColumns>(
  name: string,
  source: SQL,
  columns: Columns,
  order: SQL[] = [],
): (db: Executor) => PreparedRead<RawRow<Columns>> {
  const orderBy = order.length > 0 ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
  return preparedRows(
    name,
    sql`select ${selectList(columns)} from (${source}) as "rows"${orderBy}`,
  );
}
