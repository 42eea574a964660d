/**
 * The zod schemas of `units.ts`: the user's preferences (`GET|PATCH /api/user/preferences`).
 */
import { z } from 'zod';
import { THEMES } from '../appearance';
import { TIME_ZONE_MAX } from '../rules/schedules';
import {
  DISTANCE_UNITS,
  ECONOMY_FORMATS,
  ELECTRIC_FORMATS,
  isKnownTimeZone,
  UNIT_MESSAGES,
  VOLUME_UNITS,
} from '../rules/units';

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** The currencies the runtime can format; checked when it can say, else the code's shape alone. */
function isKnownCurrency(code: string): boolean {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(code) : true;
}

const currencySchema = z
  .string({ message: UNIT_MESSAGES.currency })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => ISO_CURRENCY.test(code) && isKnownCurrency(code), UNIT_MESSAGES.currency)
  .meta({ pattern: '^[A-Za-z]{3}$' });

/** Decision 066 (D52): the IANA zone the user's days begin in. */
export const timeZoneSchema = z
  .string({ message: UNIT_MESSAGES.timeZone })
  .max(TIME_ZONE_MAX, UNIT_MESSAGES.timeZone)
  .refine(isKnownTimeZone, UNIT_MESSAGES.timeZone);

export const preferencesSchema = z.object({
  distanceUnit: z.enum(DISTANCE_UNITS),
  volumeUnit: z.enum(VOLUME_UNITS),
  economyFormat: z.enum(ECONOMY_FORMATS),
  electricFormat: z.enum(ELECTRIC_FORMATS),
  /** ISO 4217; amounts are stored as entered, in this currency. */
  currency: z.string(),
  theme: z.enum(THEMES),
  /** Decision 066 (D52): the IANA zone whose day is the user's "today", on the server and the web. */
  timeZone: z.string(),
});

/** `PATCH /api/user/preferences`: any of them; a field left out stays as it is. */
export const preferencesUpdateSchema = z
  .object({
    distanceUnit: z.enum(DISTANCE_UNITS),
    volumeUnit: z.enum(VOLUME_UNITS),
    economyFormat: z.enum(ECONOMY_FORMATS),
    electricFormat: z.enum(ELECTRIC_FORMATS),
    currency: currencySchema,
    theme: z.enum(THEMES),
    timeZone: timeZoneSchema,
  })
  .partial();
