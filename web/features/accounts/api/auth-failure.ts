/**
 * What a failed sign-in or registration says (000 §8, D11): the server's sentence after the
 * flow's prefix ('Login failed: Invalid email or password'), the status code when the answer
 * carried no message, a connection notice when no answer came at all, and 'Invalid response
 * from server' when a success answer was not JSON.
 */
import { ACCOUNT_TOASTS, type User } from '@contract/accounts';
import { ApiError } from '@web/lib/api-client';

/** A 2xx answer whose body could not be read as JSON (000 §5: answers must be JSON). */
export class InvalidResponseError extends Error {
  constructor() {
    super(ACCOUNT_TOASTS.invalidResponse);
    this.name = 'InvalidResponseError';
  }
}

/** Reads the user a sign-in or registration answered, refusing anything that is not JSON. */
export async function readUser(response: Response): Promise<User> {
  const text = await response.text();
  try {
    const user = JSON.parse(text) as User | null;
    if (user === null || typeof user !== 'object') throw new InvalidResponseError();
    return user;
  } catch {
    throw new InvalidResponseError();
  }
}

/** The server's own `message` (not raw text or JSON), or null when the answer had none. */
function parsedServerMessage(error: ApiError): string | null {
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
}

export function authFailureDescription(
  error: unknown,
  copy: { prefix: string; noConnection: string },
): string {
  if (error instanceof InvalidResponseError) return ACCOUNT_TOASTS.invalidResponse;
  if (error instanceof ApiError) {
    return `${copy.prefix}${parsedServerMessage(error) ?? error.status}`;
  }
  // fetch() rejects with a TypeError when no answer arrived (offline, server down, refused).
  if (error instanceof TypeError) return copy.noConnection;
  return `${copy.prefix}${error instanceof Error && error.message ? error.message : 'unknown error'}`;
}
