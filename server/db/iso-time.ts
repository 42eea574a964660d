import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp as the API answers it, ISO 8601 in UTC with milliseconds (`2026-03-01T09:30:00.000Z`),
 * formatted by PostgreSQL so that a read's rows go out as they come.
 */
export const isoTime = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
