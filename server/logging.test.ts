/** The request log carries request ids and never a session token, cookie or password (D6). */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { loggerOptions } from './logger';
import { createTestDatabase, type TestDatabase } from './test/database';

let database: TestDatabase;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it('logs each request with its id and redacts cookies', async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  const logger = pino(loggerOptions('info'), sink);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db: database.db, logger });
  try {
    const password = 'a very secret password';
    const register = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { firstName: 'Log', lastName: 'Test', email: 'log@example.com', password },
    });
    const token = /gl_session=([^;]+)/.exec(String(register.headers['set-cookie']))![1]!;
    const response = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `gl_session=${token}`, authorization: 'Bearer abc' },
    });
    expect(response.statusCode).toBe(200);

    const log = lines.join('\n');
    const entries = lines.map((line) => JSON.parse(line));
    const requestIds = entries.filter((entry) => entry.reqId).map((entry) => entry.reqId);
    expect(requestIds).toContain(response.headers['x-request-id']);
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
    expect(log).not.toContain('Bearer abc');
  } finally {
    await app.close();
  }
});
