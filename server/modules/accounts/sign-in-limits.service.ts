/**
 * D8: at most AUTH_MAX_FAILURES failed sign-ins per e-mail and client address, and at most
 * AUTH_MAX_ATTEMPTS sign-in or registration attempts per client address, per window. Past either:
 * 429 with the minutes left and a Retry-After header. A successful sign-in clears the e-mail's
 * failures. The current password asked by a password change is a secret to guess as well: its
 * wrong answers count per user under the same limit, from any address, since a stolen session
 * can call from anywhere.
 *
 * A try at a password is counted before the password is checked, in the one statement that also
 * answers the new count: checking first and counting after let 40 simultaneous guesses all pass
 * the check before any was counted. A right password then clears the count, so a user under the
 * limit loses nothing by the try having been counted.
 */
import { ACCOUNT_MESSAGES } from '@contract/accounts';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import { pastLimit } from './past-limit';
import { clearCounters, deleteExpiredCounters, hitCounter } from './rate-limits.repository';

const failuresPrefix = (email: string) => `failures:${email.toLowerCase()}|`;
/** Ends in a separator, so that clearing user 1's tries leaves user 12's alone. */
const passwordChangeKey = (userId: number) => `password-change:${userId}|`;
const resetRequestKey = (email: string) => `password-reset:${email.toLowerCase()}|`;

export function createSignInLimitsService({ db, config }: { db: Db; config: Config }) {
  const { maxFailures, maxAttempts, windowMinutes } = config.authLimits;
  const windowMs = windowMinutes * 60 * 1000;

  async function countTry(key: string) {
    const counter = await hitCounter(db, key, windowMs);
    if (counter.hits > maxFailures) throw pastLimit(counter, ACCOUNT_MESSAGES.tooManyAttempts);
  }

  return {
    /** Counts an attempt from `clientIp`; throws 429 past the limit. */
    async countAttempt(clientIp: string) {
      const counter = await hitCounter(db, `attempts:${clientIp}`, windowMs);
      if (counter.hits > maxAttempts) throw pastLimit(counter, ACCOUNT_MESSAGES.tooManyAttempts);
    },

    /**
     * Counts a try at `email`'s password from `clientIp` before it is checked; throws 429 when
     * this e-mail has already used up its failures from this address.
     */
    countSignInTry: (email: string, clientIp: string) =>
      countTry(`${failuresPrefix(email)}${clientIp}`),

    /** After the right password: the e-mail's counted tries, from every address, are forgotten. */
    clearSignInTries: (email: string) => clearCounters(db, failuresPrefix(email)),

    /** Counts a try at the user's current password before it is checked; 429 past the limit. */
    countPasswordChangeTry: (userId: number) => countTry(passwordChangeKey(userId)),

    clearPasswordChangeTries: (userId: number) => clearCounters(db, passwordChangeKey(userId)),

    /**
     * Decision 054: reset links asked for one address, whether or not it has an account, under
     * the failures' limit, so nobody can fill a stranger's inbox with them; 429 past it.
     */
    countResetRequest: (email: string) => countTry(resetRequestKey(email)),

    purgeExpired: () => deleteExpiredCounters(db),
  };
}

export type SignInLimitsService = ReturnType<typeof createSignInLimitsService>;
