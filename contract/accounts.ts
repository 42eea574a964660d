/**
 * Who the user is: the payloads of registration, sign-in, profile and password calls with the
 * validation messages of 000 §5, the user as the session reads it (000 §3), and the texts of the
 * account flows (000 §8, D1, D10, D11). The schemas that server routes and client forms both
 * validate with are in `schemas/accounts.ts`.
 */
import type { z } from 'zod';
import { PRODUCT_NAME } from './product';
import type {
  loginSchema,
  passwordChangeFormSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  profileSchema,
  registerFormSchema,
  userSchema,
} from './schemas/accounts';

export {
  ACCOUNT_VALIDATION,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  PASSWORD_RESET_MESSAGES,
} from './rules/accounts';

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;

export type User = z.infer<typeof userSchema>;

/** What a user is called in greetings: first name, else username (000 §2). */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}

/** D10: why `/auth?error=…` was reached from the single sign-on flow. */
export const SSO_ERRORS = {
  sso_unavailable: {
    title: 'Single sign-on unavailable',
    description: 'Signing in with another provider is not available on this server.',
  },
  sso_failed: {
    title: 'Sign-in failed',
    description: 'We could not complete the sign-in with your provider. Please try again.',
  },
  email_in_use: {
    title: 'Sign-in failed',
    description:
      'An account with this email already exists. Sign in with your email and password instead.',
  },
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  emailInUse: 'This email is already in use by another account',
  wrongCurrentPassword: 'Current password is incorrect',
  externallyManaged: 'Password management is handled by your sign-in provider',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  loggedOut: 'Logged out',
  passwordUpdated: 'Password updated',
  accountDeleted: 'Account deleted',
} as const;

/** How long a password reset link works (decision 054). */
export const PASSWORD_RESET_LINK_HOURS = 1;

/** The path of the page a reset link opens; the token follows as `?token=`. */
export const PASSWORD_RESET_PATH = '/reset-password';

/** 000 §8 toasts of the account flows. */
export const ACCOUNT_TOASTS = {
  loginSuccess: 'Login successful',
  loginWelcome: (name: string) => `Welcome back, ${name}!`,
  loginFailed: 'Login failed',
  loginFailedPrefix: 'Login failed: ',
  noConnection: 'Login failed - could not connect to server',
  invalidResponse: 'Invalid response from server',
  registrationSuccess: 'Registration successful',
  registrationWelcome: (firstName: string) => `Welcome to ${PRODUCT_NAME}, ${firstName}!`,
  registrationFailed: 'Registration failed',
  registrationFailedPrefix: 'Registration failed: ',
  registrationNoConnection: 'Registration failed - could not connect to server',
  loggedOut: 'Logged out',
  loggedOutDescription: 'You have been successfully logged out.',
  logoutFailed: 'Logout failed',
  profileUpdated: 'Profile updated',
  profileUpdatedDescription: 'Your profile has been updated successfully',
  updateFailed: 'Update failed',
  passwordUpdated: 'Password updated',
  passwordUpdatedDescription: 'Your password has been changed successfully',
  passwordChangeFailed: 'Password change failed',
  accountDeleted: 'Account deleted',
  accountDeletedDescription: 'Your account has been deleted successfully',
  accountDeletionFailed: 'Account deletion failed',
  dataExported: 'Data exported',
  dataExportedDescription: 'Your data has been exported successfully',
  exportFailed: 'Export failed',
  exportFailedDescription: 'There was an error exporting your data.',
  passwordReset: 'Password changed',
  passwordResetDescription: 'Please sign in with your new password.',
} as const;
