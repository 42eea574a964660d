/**
 * The spec's two ways of calling the API (000 §7). Reads (the default query function) take the
 * query key as the path and never throw: anything but a JSON 2xx answers null. Writes throw an
 * ApiError whose message is '{status}: {response text}' and which also carries the status and
 * the server's `message` (D11), so toasts can show the sentence rather than raw JSON.
 */
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    /** The server's `{message}`, or the response text when it was not JSON. */
    readonly serverMessage: string,
    readonly body: unknown,
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
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    const parsed = parseJson(text) as { message?: unknown } | undefined;
    const message = typeof parsed?.message === 'string' ? parsed.message : text;
    throw new ApiError(response.status, text, message, parsed);
  }
  return response;
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

export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  let response: Response;
  try {
    response = await fetch(queryKeyToPath(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch {
    return null;
  }
  if (response.status === 401) {
    console.warn(`Not signed in: ${queryKeyToPath(queryKey)}`);
    return null;
  }
  // 502 and 504 mean the server is restarting; they answer null like any other failure.
  if (!response.ok || response.status === 204) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
};
