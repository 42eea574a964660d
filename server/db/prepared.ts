/**
 * Reads that (nearly) every request makes are built once per database and prepared (named) in
 * PostgreSQL. Building a query with Drizzle costs more CPU than PostgreSQL spends answering a
 * small one: in a profile of `GET /api/user` under load, building the session and user reads
 * took a quarter of the server's busy time (bench/REPORT.md, "Where the time goes").
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * A statement written as an SQL template (with `sql.placeholder(name)` for its values), turned
 * into text once and prepared under `name`; `run(db, values)` answers its rows.
 */
export function preparedSql<Row>(name: string, template: SQL) {
  const query = new PgDialect().sqlToQuery(template);
  const prepared = preparedOnce((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async function run(db: Executor, values: Record<string, unknown>): Promise<Row[]> {
    const result = (await prepared(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
