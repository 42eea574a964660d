/**
 * Building blocks every payload of the API is made of: ids, calendar dates (D4), money (D3),
 * the text limits of D40 and the error shape of D11: the limits, checks and messages here, the
 * zod schemas built from them in `schemas/common.ts`. Imports nothing, so server and web can
 * both use it.
 */
import type { z } from 'zod';
import type { errorBodySchema } from './schemas/common';

export {
  amountFromText,
  DATE_RANGE,
  ID_MAX,
  isCalendarDate,
  MONEY_MAX,
  TEXT_LIMITS,
} from './rules/common';

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Messages shared by the server's error handler and the client. */
export const COMMON_MESSAGES = {
  notFound: 'Not found',
  badUrl: 'The address of this request is not valid',
  malformedJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
  /** The request did not arrive whole within the server's deadline (408). */
  requestTimeout: 'The request took too long to arrive. Please try again.',
  /** The request's headers (cookies included) are more than the server reads (431). */
  headersTooLarge: 'The request headers are too large',
  /** The client went away before its body arrived (400, answered to no one). */
  incompleteRequest: 'The request ended before its body arrived',
  /** Bytes that are not an HTTP request at all (400 before any route). */
  malformedRequest: 'The request is not valid HTTP',
  unsupportedMediaType: 'Unsupported content type',
  crossOrigin: 'Cross-site requests are not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  /** The database is unreachable for now (503); it passes by itself. */
  unavailable: 'Garage Ledger is briefly unavailable. Please try again in a moment.',
  /** The database's disk is full (507): nothing was saved. */
  storageFull: 'There is no room left to save this right now. Nothing was saved.',
  validation: 'Please check the highlighted fields',
  unauthenticated: 'Not signed in',
} as const;
