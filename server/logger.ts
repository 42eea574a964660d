/**
 * The process's logger settings, apart from the app: the start-up reads them before the app's
 * code has loaded (server/main.ts).
 */
import type { LoggerOptions } from 'pino';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // D6: secrets never reach the logs.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}
