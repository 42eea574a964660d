/** Recognising PostgreSQL's errors through Drizzle's wrapper. */
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
