/** Recognising PostgreSQL's errors through Drizzle's wrapper. */
import { DrizzleQueryError } from 'drizzle-orm/errors';

type PgError = { code?: string; constraint?: string };

function pgErrorOf(error: unknown): PgError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = ('cause' in error && error.cause ? error.cause : error) as PgError;
  return typeof candidate.code === 'string' ? candidate : undefined;
}

/** True when `error` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

/**
 * Errors the pool raised while connecting (server/db/open.ts marks them). Every query's error
 * comes wrapped in Drizzle's DrizzleQueryError, which says where it came from by itself; a
 * connection taken for a transaction fails before any query, so the pool says it instead.
 */
const driverErrors = new WeakSet<object>();

/** Records that `error` was raised by the database driver; answers it. */
export function markAsDriverError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) driverErrors.add(error);
  return error;
}

/**
 * Failures that are the database's state, not the request's: it is unreachable, shutting down or
 * out of connections (`unavailable`, answered 503 and gone by itself once it is back), or its
 * disk is full (`storageFull`, answered 507).
 */
export type DatabaseFailure = 'unavailable' | 'storageFull';

const DISK_FULL = '53100';
const isSqlState = (code: unknown): code is string =>
  typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
/** PostgreSQL's shutdown, start-up, out-of-memory and too-many-connections codes (class 08 too). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53200', '53300']);
/** The socket errors of a server that is not there, or went away. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says these without a code. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/;

/**
 * What kind of database failure `error` (or an error it wraps) is, if it is one. PostgreSQL's
 * codes and node-postgres's own words say so wherever they appear: nothing else uses them. A
 * socket error such as ECONNRESET says nothing of whose socket it was (a client hanging up
 * mid-body raises it too, and so does a call to another service), so it counts only when the
 * driver raised it.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  let isFromDriver = false;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    isFromDriver ||= current instanceof DrizzleQueryError || driverErrors.has(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === DISK_FULL) return 'storageFull';
    if (isSqlState(code) && (code.startsWith('08') || UNAVAILABLE_CODES.has(code))) {
      return 'unavailable';
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return 'unavailable';
    if (isFromDriver && typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
      return 'unavailable';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
