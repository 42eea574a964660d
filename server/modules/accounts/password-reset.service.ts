/**
 * Password reset by e-mail (decision 054). A request answers the same whether or not the address
 * has an account; for a local account with a password, a single-use link valid for an hour is
 * e-mailed, of which only the token's SHA-256 is stored. Using the link sets the new password,
 * spends the token and ends every session of the user, in one transaction.
 *
 * What differs between a known and an unknown address (writing the token, talking to the mail
 * server) happens after the answer, so its timing says nothing about who has an account.
 */
import crypto from 'node:crypto';
import {
  displayName,
  PASSWORD_RESET_LINK_HOURS,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATH,
  type PasswordResetConfirmInput,
} from '@contract/accounts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/open';
import type { Mailer } from '../../mail/mailer';
import { findUserByEmail, updateUser } from './accounts.repository';
import { passwordResetMail } from './password-reset-mail';
import {
  deleteSpentResetTokens,
  deleteUnusedResetTokens,
  replaceUnusedResetTokens,
  useResetToken,
} from './password-resets.repository';
import { hashPassword } from './passwords';
import { hashToken, type SessionsService } from './sessions.service';
import type { SignInLimitsService } from './sign-in-limits.service';

const LINK_LIFETIME_MS = PASSWORD_RESET_LINK_HOURS * 60 * 60 * 1000;

export function createPasswordResetService({
  db,
  config,
  mailer,
  sessions,
  limits,
  log,
}: {
  db: Db;
  config: Config;
  mailer: Mailer | undefined;
  sessions: SessionsService;
  limits: SignInLimitsService;
  log: FastifyBaseLogger;
}) {
  /** Links being written and sent after their request was answered. */
  const inFlight = new Set<Promise<void>>();

  /** Writes the user's new token and e-mails its link; nothing for an unknown or SSO address. */
  async function sendResetLink(email: string) {
    const user = await findUserByEmail(db, email);
    if (user?.authType !== 'local' || !user.passwordHash) return;
    const token = crypto.randomBytes(32).toString('base64url');
    await db.transaction((tx) =>
      replaceUnusedResetTokens(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      }),
    );
    const link = `${config.publicUrl}${PASSWORD_RESET_PATH}?token=${token}`;
    await mailer!.send(passwordResetMail({ to: user.email, name: displayName(user), link }));
  }

  return {
    /** `POST /api/password-reset`: counted per client address and per e-mail address (D8). */
    async requestReset(email: string, client: { ip: string }) {
      if (!mailer) throw new AppError(404, PASSWORD_RESET_MESSAGES.unavailable);
      await limits.countAttempt(client.ip);
      const address = email.toLowerCase();
      await limits.countResetRequest(address);
      const work = sendResetLink(address)
        .catch((error: unknown) => {
          // The user was told a link is on its way whatever happens: the log says why it is not.
          log.error({ err: error }, 'password reset link not sent');
        })
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },

    /** `POST /api/password-reset/confirm`: the new password for a live token's user. */
    async confirmReset(input: PasswordResetConfirmInput, client: { ip: string }) {
      await limits.countAttempt(client.ip);
      // Hashed before the transaction, so the token's row is locked only for the writes.
      const passwordHash = await hashPassword(input.password);
      const email = await db.transaction(async (tx) => {
        const userId = await useResetToken(tx, hashToken(input.token));
        if (userId === undefined) throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
        const user = await updateUser(tx, userId, { passwordHash });
        if (!user) throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
        await deleteUnusedResetTokens(tx, userId);
        await sessions.endAllSessions(tx, userId);
        return user.email;
      });
      // The owner of the address has proved it: their own wrong guesses no longer block the
      // sign-in with the password they have just chosen.
      await limits.clearSignInTries(email);
    },

    /** Resolves once every link asked for so far has been sent or has failed (tests, shutdown). */
    async settled() {
      await Promise.all([...inFlight]);
    },

    purgeSpent: () => deleteSpentResetTokens(db),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
