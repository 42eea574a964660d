/**
 * D8: at most AUTH_MAX_FAILURES failed sign-ins per e-mail and client address, and at most
 * AUTH_MAX_ATTEMPTS sign-in or registration attempts per client address, per window. Past either:
 * 429 with the minutes left and a Retry-After header. A successful sign-in clears the e-mail's
 * failures.
 */
import { ACCOUNT_MESSAGES } from '@contract/accounts';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import {
  type Counter,
  clearCounters,
  deleteExpiredCounters,
  hitCounter,
  readCounter,
} from './rate-limits.repository';

const failuresPrefix = (email: string) => `failures:${email.toLowerCase()}|`;

function tooMany(counter: Counter): AppError {
  const seconds = Math.max(1, Math.ceil((counter.resetAt.getTime() - Date.now()) / 1000));
  return new AppError(429, ACCOUNT_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), {
    headers: { 'Retry-After': String(seconds) },
  });
}

export function createSignInLimitsService({ db, config }: { db: Db; config: Config }) {
  const { maxFailures, maxAttempts, windowMinutes } = config.authLimits;
  const windowMs = windowMinutes * 60 * 1000;

  return {
    /** Counts an attempt from `clientIp`; throws 429 past the limit. */
    async countAttempt(clientIp: string) {
      const counter = await hitCounter(db, `attempts:${clientIp}`, windowMs);
      if (counter.hits > maxAttempts) throw tooMany(counter);
    },

    /** Throws 429 when this e-mail has failed too often from this address. */
    async ensureMayTry(email: string, clientIp: string) {
      const counter = await readCounter(db, `${failuresPrefix(email)}${clientIp}`);
      if (counter && counter.hits >= maxFailures) throw tooMany(counter);
    },

    async countFailure(email: string, clientIp: string) {
      await hitCounter(db, `${failuresPrefix(email)}${clientIp}`, windowMs);
    },

    async clearFailures(email: string) {
      await clearCounters(db, failuresPrefix(email));
    },

    purgeExpired: () => deleteExpiredCounters(db),
  };
}

export type SignInLimitsService = ReturnType<typeof createSignInLimitsService>;
