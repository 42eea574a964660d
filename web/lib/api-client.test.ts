/**
 * The read and write conventions of 000 §7 against a real HTTP server on loopback, answering
 * each status the spec names.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  defaultQueryFn,
  errorMessage,
  fetchJson,
  fetchJsonOrNull,
  forgetHeldAnswers,
  NOT_JSON_MESSAGE,
  pathToQueryKey,
  queryKeyToPath,
} from './api-client';
import { createQueryClient } from './query-client';

let server: http.Server;
let base = '';

/**
 * Reads answered as the server answers them (decision 056): an ETag of the resource's version,
 * 304 when the request sends it back. Each request's If-None-Match is noted.
 */
const tagged = new Map<string, { version: number; body: unknown }>();
const sentTags: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const resource = tagged.get(String(request.url).replace(/\?.*/, ''));
    if (resource) {
      const ifNoneMatch = request.headers['if-none-match'];
      sentTags.push(ifNoneMatch);
      const etag = `"${request.url}@${resource.version}"`;
      if (ifNoneMatch === etag) {
        response.writeHead(304, { etag });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'application/json', etag });
      return response.end(JSON.stringify(resource.body));
    }
    switch (request.url) {
      case '/api/ok':
        return send(200, JSON.stringify({ id: 7, make: 'Mazda' }));
      case '/api/vehicles/3/images':
        return send(200, JSON.stringify([{ id: 1 }]));
      case '/api/signed-out':
        return send(401, JSON.stringify({ message: 'Not signed in' }));
      case '/api/restarting':
        return send(502, 'Bad Gateway', 'text/plain');
      case '/api/timeout':
        return send(504, 'Gateway Timeout', 'text/plain');
      case '/api/broken':
        return send(500, JSON.stringify({ message: 'Something went wrong' }));
      case '/api/empty':
        response.writeHead(204);
        return response.end();
      case '/api/not-json':
        return send(200, '<html>', 'text/html');
      case '/api/login': {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const { password } = JSON.parse(body);
          if (password === 'right') send(200, JSON.stringify({ id: 1 }));
          else send(401, JSON.stringify({ message: 'Invalid email or password' }));
        });
        return;
      }
      case '/api/plain-error':
        return send(500, 'Internal oops', 'text/plain');
      default:
        return send(404, JSON.stringify({ message: 'Not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const read = (path: string) =>
  new QueryClient({
    defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } },
  }).fetchQuery({
    queryKey: [`${base}${path}`],
  });

describe('default read (000 §7)', () => {
  it('answers the parsed JSON of a 2xx', async () => {
    expect(await read('/api/ok')).toEqual({ id: 7, make: 'Mazda' });
  });

  it('reads a query key of several parts as one path', async () => {
    expect(queryKeyToPath(['/api/vehicles', 3, 'images'])).toBe('/api/vehicles/3/images');
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn } } });
    expect(await client.fetchQuery({ queryKey: [`${base}/api/vehicles`, 3, 'images'] })).toEqual([
      { id: 1 },
    ]);
  });

  it("turns a read's path back into the query key its page uses", () => {
    expect(pathToQueryKey('/api/user')).toEqual(['/api/user']);
    expect(pathToQueryKey('/api/vehicles/3/images')).toEqual(['/api/vehicles', 3, 'images']);
    expect(pathToQueryKey('/api/upcoming-maintenance')).toEqual(['/api/upcoming-maintenance']);
    for (const key of [['/api/vehicles', 3], ['/api/vehicles', 3, 'images'], ['/api/records']]) {
      expect(pathToQueryKey(queryKeyToPath(key))).toEqual(key);
    }
  });

  it('answers null on 401 with only a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await read('/api/signed-out')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('answers null, never throwing, on 502, 504, other failures, 204, bad JSON and no server', async () => {
    for (const path of [
      '/api/restarting',
      '/api/timeout',
      '/api/broken',
      '/api/empty',
      '/api/not-json',
    ]) {
      expect(await read(path), path).toBeNull();
    }
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn } } });
    expect(
      await client.fetchQuery({ queryKey: ['http://127.0.0.1:9/api/unreachable'] }),
    ).toBeNull();
  });
});

describe('write calls (000 §7, D11)', () => {
  it('resolves with the response of a 2xx', async () => {
    const response = await apiRequest('POST', `${base}/api/login`, { password: 'right' });
    expect(await response.json()).toEqual({ id: 1 });
  });

  it("raises '{status}: {text}' carrying the status and the server's message", async () => {
    const failure = await apiRequest('POST', `${base}/api/login`, { password: 'wrong' }).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.message).toBe('401: {"message":"Invalid email or password"}');
    expect(failure.status).toBe(401);
    expect(failure.serverMessage).toBe('Invalid email or password');
    expect(errorMessage(failure, 'fallback')).toBe('Invalid email or password');
  });

  it('keeps a plain-text error as the message', async () => {
    const failure = await apiRequest('GET', `${base}/api/plain-error`).catch((e) => e);
    expect(failure.message).toBe('500: Internal oops');
    expect(failure.serverMessage).toBe('Internal oops');
  });
});

/** The error a read throws (the read must fail). */
const failureOf = (path: string) => fetchJson<never>(path).catch((error: ApiError) => error);

describe('the one read, fetchJson (decision 021)', () => {
  it('answers the parsed JSON of a 2xx', async () => {
    expect(await fetchJson(`${base}/api/ok`)).toEqual({ id: 7, make: 'Mazda' });
  });

  it('throws an ApiError with the status and the server sentence for any other answer', async () => {
    const failure = await failureOf(`${base}/api/broken`);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(500);
    expect(failure.serverMessage).toBe('Something went wrong');
    const restarting = await failureOf(`${base}/api/restarting`);
    expect(restarting.status).toBe(502);
    expect(restarting.statusText).toBe('Bad Gateway');
  });

  it('throws for an empty or non-JSON 2xx, and with status 0 when nothing answers', async () => {
    for (const path of ['/api/empty', '/api/not-json']) {
      const failure = await failureOf(`${base}${path}`);
      expect(failure, path).toBeInstanceOf(ApiError);
      expect(failure.serverMessage, path).toBe(NOT_JSON_MESSAGE);
    }
    const unreachable = await failureOf('http://127.0.0.1:9/api/unreachable');
    expect(unreachable).toBeInstanceOf(ApiError);
    expect(unreachable.status).toBe(0);
  });

  it('answers null in place of each of those failures through fetchJsonOrNull', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const path of ['/api/signed-out', '/api/broken', '/api/empty', '/api/not-json']) {
      expect(await fetchJsonOrNull(`${base}${path}`), path).toBeNull();
    }
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(await fetchJsonOrNull(`${base}/api/ok`)).toEqual({ id: 7, make: 'Mazda' });
  });
});

describe('reads of unchanged data cost a 304 (decision 056)', () => {
  /** A resource at `path`, answered with a tag of its version. */
  const serve = (path: string, body: unknown) => {
    tagged.set(path, { version: 1, body });
    return `${base}${path}`;
  };
  const change = (path: string, body: unknown) => {
    const resource = tagged.get(path)!;
    tagged.set(path, { version: resource.version + 1, body });
  };
  const lastTagSent = () => sentTags.at(-1);

  it('sends the tag of the answer held, and a 304 answers the data held', async () => {
    const url = serve('/api/tagged/vehicles', [{ id: 1, model: 'Civic' }]);
    const first = await fetchJson<unknown[]>(url);
    expect(lastTagSent()).toBeUndefined();
    const again = await fetchJson<unknown[]>(url);
    expect(lastTagSent()).toBe('"/api/tagged/vehicles@1"');
    expect(again).toBe(first);
    expect(again).toEqual([{ id: 1, model: 'Civic' }]);
  });

  it('answers the new data when it changed, and sends its tag next', async () => {
    const url = serve('/api/tagged/records', [{ id: 1, title: 'Oil change' }]);
    await fetchJson(url);
    change('/api/tagged/records', [{ id: 1, title: 'Brake pads' }]);
    expect(await fetchJson(url)).toEqual([{ id: 1, title: 'Brake pads' }]);
    expect(lastTagSent()).toBe('"/api/tagged/records@1"');
    await fetchJson(url);
    expect(lastTagSent()).toBe('"/api/tagged/records@2"');
  });

  it('keeps the tags of different paths apart, query strings included', async () => {
    const all = serve('/api/tagged/expenses', { total: 10 });
    await fetchJson(all);
    await fetchJson(`${all}?from=2024-01-01`);
    expect(lastTagSent()).toBeUndefined();
  });

  it('forgets what it held after a failed read, and when told to', async () => {
    const url = serve('/api/tagged/forgotten', { id: 3 });
    await fetchJson(url);
    forgetHeldAnswers(url);
    await fetchJson(url);
    expect(lastTagSent()).toBeUndefined();
    forgetHeldAnswers();
    await fetchJson(url);
    expect(lastTagSent()).toBeUndefined();
  });

  it('refetches a query after invalidation with its tag, keeping the same data on a 304', async () => {
    const url = serve('/api/tagged/upcoming', [{ id: 9, title: 'Tyres' }]);
    const client = createQueryClient();
    const first = await client.fetchQuery({ queryKey: [url] });
    await client.invalidateQueries({ queryKey: [url] });
    const afterInvalidation = await client.fetchQuery({ queryKey: [url] });
    expect(lastTagSent()).toBe('"/api/tagged/upcoming@1"');
    expect(afterInvalidation).toBe(first);

    change('/api/tagged/upcoming', [{ id: 9, title: 'Winter tyres' }]);
    await client.invalidateQueries({ queryKey: [url] });
    expect(await client.fetchQuery({ queryKey: [url] })).toEqual([
      { id: 9, title: 'Winter tyres' },
    ]);
  });

  it('forgets a query’s tag with the query, when the cache lets it go', async () => {
    const url = serve('/api/tagged/documents', [{ id: 4 }]);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: [url] });
    client.removeQueries({ queryKey: [url] });
    await client.fetchQuery({ queryKey: [url] });
    expect(lastTagSent()).toBeUndefined();
  });
});
