/**
 * The one answer past any counted limit (D8's sign-in, decision 041's uploads per hour): 429,
 * `Retry-After` in seconds until the counter's window ends, and the limit's own message given the
 * minutes to wait.
 */
import { AppError } from '../../app-error';
import type { Counter } from './rate-limits.repository';

export function pastLimit(counter: Counter, message: (minutes: number) => string): AppError {
  const seconds = Math.max(1, Math.ceil((counter.resetAt.getTime() - Date.now()) / 1000));
  return new AppError(429, message(Math.ceil(seconds / 60)), {
    headers: { 'Retry-After': String(seconds) },
  });
}
