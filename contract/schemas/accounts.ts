/**
 * The zod schemas of `accounts.ts`: what the server validates with, the API description is
 * generated from and the forms check before they send. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import {
  ACCOUNT_VALIDATION,
  AUTH_TYPES,
  PASSWORD_MIN_CHANGE,
  PASSWORD_MIN_SIGN_IN,
  PASSWORD_RESET_MESSAGES,
} from '../rules/accounts';
import { isStorableText, TEXT_LIMITS, unstorableTextMessage } from '../rules/common';
import { themeSchema } from './appearance';
import { dashboardLayoutSchema } from './dashboard';
import { timeZoneSchema } from './units';

const emailSchema = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email, ACCOUNT_VALIDATION.emailTooLong)
  .pipe(z.email(ACCOUNT_VALIDATION.email));

const signInPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_SIGN_IN, ACCOUNT_VALIDATION.password)
  .max(TEXT_LIMITS.passwordMax, ACCOUNT_VALIDATION.passwordTooLong);

const nameSchema = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(TEXT_LIMITS.name, ACCOUNT_VALIDATION.nameTooLong)
    .refine(isStorableText, unstorableTextMessage('Name'));

export const loginSchema = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
});

/** 000 §3: registration always sends authType 'local'. */
export const registerSchema = z.object({
  firstName: nameSchema(ACCOUNT_VALIDATION.firstName),
  lastName: nameSchema(ACCOUNT_VALIDATION.lastName),
  email: emailSchema,
  password: signInPasswordSchema,
  authType: z.literal('local').default('local'),
  /** Decision 066: the browser's zone, proposed at registration; UTC when none is sent. */
  timeZone: timeZoneSchema.optional(),
});

/** The sign-up form: the payload plus the confirmation, checked on the client only. */
export const registerFormSchema = registerSchema
  .omit({ authType: true, timeZone: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/**
 * `PATCH /api/user/profile`: the e-mail (000 §2), and the first and last name beside it; a name
 * left out stays as it is, so a caller that sends only the e-mail (the spec's payload) changes
 * only the e-mail.
 */
export const profileSchema = z.object({
  email: emailSchema,
  firstName: nameSchema(ACCOUNT_VALIDATION.firstName).optional(),
  lastName: nameSchema(ACCOUNT_VALIDATION.lastName).optional(),
});

const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_CHANGE, ACCOUNT_VALIDATION.newPassword)
  .max(TEXT_LIMITS.passwordMax, ACCOUNT_VALIDATION.passwordTooLong);

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string()
    .min(1, ACCOUNT_VALIDATION.currentPassword)
    .max(TEXT_LIMITS.passwordMax, ACCOUNT_VALIDATION.passwordTooLong),
  newPassword: newPasswordSchema,
});

/** `POST /api/password-reset`: the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/**
 * `POST /api/password-reset/confirm`: the link's token and the new password, held to the rules of
 * a password change. The token is 32 random bytes in base64url (43 characters); the limit only
 * keeps a pasted page of text from being hashed.
 */
export const passwordResetConfirmSchema = z.object({
  token: z.string().trim().min(1, PASSWORD_RESET_MESSAGES.invalidLink).max(128),
  password: newPasswordSchema,
});

/** The /reset-password form: the new password twice, the confirmation checked on the client. */
export const passwordResetFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(PASSWORD_MIN_CHANGE, ACCOUNT_VALIDATION.confirmPassword),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_VALIDATION.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const passwordChangeFormSchema = passwordChangeSchema
  .extend({
    confirmPassword: z.string().min(PASSWORD_MIN_CHANGE, ACCOUNT_VALIDATION.confirmPassword),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: ACCOUNT_VALIDATION.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** The user as read from the session (000 §3); never a password hash or payment id (D6). */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  authType: z.enum(AUTH_TYPES),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** D38: the dashboard's sections as this user arranged them. */
  dashboardLayout: dashboardLayoutSchema,
  /** Light, dark or the system's (decision 035). */
  theme: themeSchema,
  /**
   * Whether the user has saved an arrangement of their own: until then the page picks the
   * default for the width it is shown at (a phone puts Upcoming Services higher, decision 037).
   */
  hasArrangedDashboard: z.boolean(),
});

export const messageSchema = z.object({ message: z.string() });
