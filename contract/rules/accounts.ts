/**
 * What the schemas check with of `accounts.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `accounts.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */
import { TEXT_LIMITS } from './common';

export const PASSWORD_MIN_SIGN_IN = 6;
export const PASSWORD_MIN_CHANGE = 8;

export const ACCOUNT_VALIDATION = {
  email: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${TEXT_LIMITS.email} characters`,
  password: `Password must be at least ${PASSWORD_MIN_SIGN_IN} characters`,
  passwordTooLong: `Password must be at most ${TEXT_LIMITS.passwordMax} characters`,
  firstName: 'First name is required',
  lastName: 'Last name is required',
  nameTooLong: `Name must be at most ${TEXT_LIMITS.name} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  currentPassword: 'Current password is required',
  newPassword: `Password must be at least ${PASSWORD_MIN_CHANGE} characters`,
  confirmPassword: 'Please confirm your password',
  newPasswordsDoNotMatch: "Passwords don't match",
} as const;

export const AUTH_TYPES = ['local', 'oidc'] as const;

/**
 * Password reset by e-mail (decision 054). `requested` is the one answer to a request, whether or
 * not the address has an account, so the form cannot be used to learn who has one.
 */
export const PASSWORD_RESET_MESSAGES = {
  requested:
    'If an account with a password uses this address, we have sent it a link to choose a new password. The link works for one hour.',
  unavailable:
    'Password reset is not available on this server, because it does not send email. Please ask the person who runs it for help.',
  invalidLink: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
} as const;

/** D21: the export document. */
export const EXPORT_FORMAT = 'garage-ledger-export';
/**
 * Version 2 (decision 050): preferences, energy profiles, energy entries, odometer readings.
 * Version 3: service schedules, notification settings without their secrets, and each file's
 * SHA-256 and its path in a backup zip (`contract/schemas/backup.ts`, docs/data-formats.md).
 */
export const EXPORT_VERSION = 3;
