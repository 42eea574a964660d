/**
 * Every setting of the server, read once from the environment and checked with zod. A bad value
 * stops start-up with a message naming the setting (README: Configuration).
 */
import path from 'node:path';
import { z } from 'zod';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalUrl = z
  .url({ message: 'must be an absolute URL such as https://example.com' })
  .optional()
  .or(z.literal('').transform(() => undefined));

const MB = 1024 * 1024;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: booleanSetting.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMBEDDED_DB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DB_POOL_SIZE: positiveInt(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z
    .email({ message: 'must be an e-mail address' })
    .default('support@garage-ledger.example'),
  PLAN_LIMITS: z
    .enum(['on', 'off', 'auto'], { message: 'must be on, off or auto' })
    .default('auto'),
  PAYMENT_LINK_URL: optionalUrl,
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_ACCOUNT_URL: optionalUrl,
  SESSION_TTL_DAYS: positiveInt(30),
  AUTH_MAX_FAILURES: positiveInt(10),
  AUTH_MAX_ATTEMPTS: positiveInt(100),
  AUTH_WINDOW_MINUTES: positiveInt(15),
  BODY_LIMIT_BYTES: positiveInt(65_536),
  CONNECTION_TIMEOUT_MS: positiveInt(30_000),
  REQUEST_TIMEOUT_MS: positiveInt(120_000),
  // Storage bounds (decision 041).
  STORAGE_QUOTA_MB: positiveInt(250),
  PREMIUM_STORAGE_QUOTA_MB: positiveInt(5120),
  UPLOADS_PER_HOUR: positiveInt(200),
  // Background jobs (docs/operations.md, "Background jobs")
  UNATTACHED_UPLOAD_GRACE_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .min(0, { message: 'must be 0 or more hours' })
    .default(6),
  // Mail and reminders (decision 054)
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).optional(),
  REMINDER_CHECK_SECONDS: positiveInt(300),
  // ntfy and webhook addresses on private networks (decision 063).
  ALLOW_PRIVATE_WEBHOOKS: booleanSetting.default(false),
  // Finished answers kept in memory (decision 056); 0 keeps none.
  ANSWER_CACHE_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .int({ message: 'must be a whole number of megabytes' })
    .min(0, { message: 'must be 0 or more megabytes' })
    .default(32),
});

/** The names of every setting, for the README's table (checked by config.test.ts). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedDbPort: number;
  dbPoolSize: number;
  logLevel: string;
  supportEmail: string;
  /**
   * Whether the free plan's limits apply (D12). `auto` applies them only where Premium can be
   * bought (a payment link is set): a self-hosted server that sells nothing walls nobody in
   * (docs/decisions/034).
   */
  planLimitsEnabled: boolean;
  paymentLinkUrl: string | undefined;
  stripeWebhookSecret: string | undefined;
  oidc:
    | {
        issuerUrl: string;
        clientId: string;
        clientSecret: string | undefined;
        accountUrl: string | undefined;
      }
    | undefined;
  sessionTtlDays: number;
  authLimits: { maxFailures: number; maxAttempts: number; windowMinutes: number };
  /**
   * The largest JSON body, refused with 413 by the parser as it arrives. Uploads (multipart) and
   * the payment webhook have limits of their own.
   */
  bodyLimitBytes: number;
  /**
   * A connection that sends and receives nothing for this long is closed, so an upload whose
   * body stops arriving cannot hold the connection (and its buffered parts) forever.
   */
  connectionTimeoutMs: number;
  /**
   * The whole request, headers and body, must have arrived within this long: a body that
   * trickles in a byte at a time never leaves the connection idle, so only this ends it (408).
   */
  requestTimeoutMs: number;
  /**
   * Decision 041: the bytes a user's stored files may take, on the free plan and on Premium (and
   * for everyone where the plan's limits are off), and the files a user may upload per hour.
   */
  storage: { freeQuotaBytes: number; premiumQuotaBytes: number; uploadsPerHour: number };
  /**
   * An upload no row points at is deleted once it is this old: long enough for a form left open,
   * which uploads its file first and saves the row with the file's URL later (decision 044).
   */
  unattachedUploadGraceHours: number;
  /**
   * Where mail goes (decision 054): an SMTP server's URL (`smtp://user:pass@host:587`,
   * `smtps://…` for TLS from the start) and the sender. Without it no e-mail is sent, and what
   * needs mail (e-mail reminders, password reset) is not offered.
   */
  mail: { smtpUrl: string; from: string } | undefined;
  /** How often the reminder scan looks for items whose state may have changed. */
  reminderCheckSeconds: number;
  /**
   * Whether ntfy and webhook addresses may be private: loopback, a home or office network, link-
   * local, unique-local, carrier-grade NAT (decision 063). Off, the server sends only to public
   * addresses, judged at saving and at every send.
   */
  allowPrivateWebhooks: boolean;
  /**
   * The bytes of finished answers a server keeps in memory to send again while the user's data
   * is unchanged (decision 056); 0 keeps none (the ETag and its 304 still work).
   */
  answerCacheBytes: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the settings from `env` (normally `process.env`); throws ConfigError naming each bad one. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const settings = parsed.data;
  const host = settings.HOST ?? (settings.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');

  if (settings.OIDC_ISSUER_URL && !settings.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  - OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set',
    );
  }

  return {
    env: settings.NODE_ENV,
    host,
    port: settings.PORT,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    trustProxy: settings.TRUST_PROXY,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    embeddedDbPort: settings.EMBEDDED_DB_PORT,
    dbPoolSize: settings.DB_POOL_SIZE,
    logLevel: settings.LOG_LEVEL,
    supportEmail: settings.SUPPORT_EMAIL,
    planLimitsEnabled:
      settings.PLAN_LIMITS === 'on' ||
      (settings.PLAN_LIMITS === 'auto' && settings.PAYMENT_LINK_URL !== undefined),
    paymentLinkUrl: settings.PAYMENT_LINK_URL,
    stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET || undefined,
    oidc: settings.OIDC_ISSUER_URL
      ? {
          issuerUrl: settings.OIDC_ISSUER_URL,
          clientId: settings.OIDC_CLIENT_ID!,
          clientSecret: settings.OIDC_CLIENT_SECRET || undefined,
          accountUrl: settings.OIDC_ACCOUNT_URL,
        }
      : undefined,
    sessionTtlDays: settings.SESSION_TTL_DAYS,
    authLimits: {
      maxFailures: settings.AUTH_MAX_FAILURES,
      maxAttempts: settings.AUTH_MAX_ATTEMPTS,
      windowMinutes: settings.AUTH_WINDOW_MINUTES,
    },
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
    connectionTimeoutMs: settings.CONNECTION_TIMEOUT_MS,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    storage: {
      freeQuotaBytes: settings.STORAGE_QUOTA_MB * MB,
      premiumQuotaBytes: settings.PREMIUM_STORAGE_QUOTA_MB * MB,
      uploadsPerHour: settings.UPLOADS_PER_HOUR,
    },
    unattachedUploadGraceHours: settings.UNATTACHED_UPLOAD_GRACE_HOURS,
    mail: settings.SMTP_URL
      ? {
          smtpUrl: settings.SMTP_URL,
          from: settings.MAIL_FROM ?? `Garage Ledger <no-reply@${hostOf(settings.PUBLIC_URL)}>`,
        }
      : undefined,
    reminderCheckSeconds: settings.REMINDER_CHECK_SECONDS,
    allowPrivateWebhooks: settings.ALLOW_PRIVATE_WEBHOOKS,
    answerCacheBytes: settings.ANSWER_CACHE_MB * MB,
  };
}

/** The host name mail is sent from when MAIL_FROM is not set: the public URL's. */
function hostOf(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}
