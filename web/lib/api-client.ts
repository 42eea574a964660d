/**
 * The spec's two ways of calling the API (000 §7). Writes throw an ApiError whose message is
 * '{status}: {response text}' and which also carries the status and the server's `message` (D11),
 * so toasts can show the sentence rather than raw JSON.
 *
 * Reads have one path (decision 021): `fetchJson` reads a path and throws an ApiError when the
 * answer is not a JSON 2xx; the spec's "reads never throw, anything else answers null" is applied
 * once, by `fetchJsonOrNull`, and the default query function (query key = path) is that read.
 * Reads that must retry (D30, 001 §4) use `fetchJson` itself as their query function. Every read
 * sends back the tag of the answer it holds (decision 056), so that a refetch of unchanged data
 * costs a 304.
 */
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    /** The server's `{message}`, or the response text when it was not JSON. */
    readonly serverMessage: string,
    readonly body: unknown,
    /** The HTTP status text ('Not Found'); empty when the server was not reached. */
    readonly statusText = '',
  ) {
    super(`${status}: ${responseText}`);
    this.name = 'ApiError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A write call: method, path and an optional JSON body (or FormData for uploads). */
export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (!response.ok) throw await failureOf(response);
  return response;
}

/** The ApiError of an answer that is not a 2xx, with the server's sentence when it sent one. */
async function failureOf(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  const parsed = parseJson(text) as { message?: unknown } | undefined;
  const message = typeof parsed?.message === 'string' ? parsed.message : text;
  return new ApiError(response.status, text, message, parsed, response.statusText);
}

/** The message of a 2xx read whose answer is empty (204) or not JSON. */
export const NOT_JSON_MESSAGE = 'The answer is not JSON';

/**
 * Each read's last answer with its ETag (decision 056), by path: sent back in `If-None-Match`
 * when the same path is read again, so that unchanged data costs the server a 304 and the
 * answer already held is used again. Forgotten with the query it belongs to (query-client.ts)
 * and on sign-out; bounded, for reads made outside the query cache.
 */
const heldAnswers = new Map<string, { etag: string; data: unknown }>();
const HELD_ANSWERS_MAX = 500;

/** Forgets the held answers of `path` and of its queries (`path?…`), or all of them. */
export function forgetHeldAnswers(path?: string) {
  if (path === undefined) {
    heldAnswers.clear();
    return;
  }
  for (const held of heldAnswers.keys()) {
    if (held === path || held.startsWith(`${path}?`)) heldAnswers.delete(held);
  }
}

function holdAnswer(path: string, etag: string | null, data: unknown) {
  heldAnswers.delete(path);
  if (!etag) return;
  heldAnswers.set(path, { etag, data });
  if (heldAnswers.size > HELD_ANSWERS_MAX) heldAnswers.delete(heldAnswers.keys().next().value!);
}

/**
 * The one read: `GET path` as JSON. Throws an ApiError for anything else: status 0 when the
 * server could not be reached, the answer's status otherwise (a 2xx whose body is empty or not
 * JSON carries NOT_JSON_MESSAGE). A cancelled read rethrows the browser's own abort error.
 * A read of a path already answered sends its tag; a 304 answers the data held.
 */
export async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const held = heldAnswers.get(path);
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      headers: held
        ? { Accept: 'application/json', 'If-None-Match': held.etag }
        : { Accept: 'application/json' },
      // The tag is the page's own: the browser's HTTP cache stays out of it, so a 304 comes
      // back to this code as it was sent.
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Network error', 'The server could not be reached', undefined);
  }
  if (response.status === 304 && held) return held.data as T;
  if (!response.ok) {
    heldAnswers.delete(path);
    throw await failureOf(response);
  }
  const text = await response.text().catch(() => '');
  const parsed = text ? parseJson(text) : undefined;
  if (parsed === undefined) {
    throw new ApiError(response.status, text, NOT_JSON_MESSAGE, undefined, response.statusText);
  }
  holdAnswer(path, response.headers.get('etag'), parsed);
  return parsed as T;
}

/**
 * 000 §7's read convention, applied here once: `fetchJson`, except that a failure answers null
 * instead of throwing. 401 (signed out) also logs a console warning; 502 and 504 (a server
 * restarting) answer null like any other failure.
 */
export async function fetchJsonOrNull<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await fetchJson<T>(path, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) console.warn(`Not signed in: ${path}`);
    return null;
  }
}

/** Reads the JSON of a write call's answer, or null when there is none. */
export async function readJson<T>(response: Response): Promise<T | null> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** The message a toast shows for a failed call: the server's sentence when there is one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The field messages of a 400 or 409 answer (D11: `errors: {field: message}`), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  if (errors === null || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The path a query key stands for: `['/api/vehicles', 3, 'images']` → `/api/vehicles/3/images`. */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/**
 * The query key a page's read of `path` uses, as its API module builds it: the resource's path,
 * then the rest of the path's segments, ids as numbers (`/api/vehicles/3/images` →
 * `['/api/vehicles', 3, 'images']`).
 */
export function pathToQueryKey(path: string): (string | number)[] {
  const [, , resource, ...rest] = path.split('/');
  return [
    `/api/${resource}`,
    ...rest.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
  ];
}

/** The spec's default query function: the query key is the path, and a failure answers null. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  fetchJsonOrNull(queryKeyToPath(queryKey), signal);
