/**
 * The errors services throw on purpose. The error handler (plugins/errors.ts) turns each into the
 * D11 body with its status; anything else becomes a generic 500.
 */
import { COMMON_MESSAGES } from '@contract/common';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: {
      code?: string;
      errors?: Record<string, string>;
      headers?: Record<string, string>;
      /** More of the answer's body beside `message` and `code` (a 409's `expected`, say). */
      fields?: Record<string, string | number | null>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Not signed in') => new AppError(401, message);
/** D9: someone else's thing answers exactly like a missing one. */
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError(409, message, errors ? { errors } : {});

/** One problem of a request's input: the field it concerns and what is wrong. */
export type InputProblem = { field: string; message: string | undefined };

/**
 * D11's answer to input that fails validation: a 400 with the first problem of each field in
 * `errors`, and the first of all as the message.
 */
export function invalidInput(problems: Iterable<InputProblem>): AppError {
  const errors: Record<string, string> = {};
  for (const { field, message } of problems)
    errors[field] ??= message ?? COMMON_MESSAGES.validation;
  return badRequest(Object.values(errors)[0] ?? COMMON_MESSAGES.validation, errors);
}
