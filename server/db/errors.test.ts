/**
 * A database that is away or full is told apart from a bug: the error handler answers 503 or
 * 507 with a JSON message for it (found by the reliability suite, faults/outage.ts and
 * faults/disk-faults.ts), and 500 for anything else.
 */
import net from 'node:net';
import { COMMON_MESSAGES } from '@contract/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { toErrorResponse } from '../plugins/errors';
import { databaseFailureOf } from './errors';
import { connectPool } from './open';

const pgError = (code: string, message = 'from PostgreSQL') =>
  Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error as the cause of its own. */
const wrapped = (cause: Error) => new DrizzleQueryError('insert …', [], cause);

describe('database failures', () => {
  it.each([
    ['a fast shutdown', pgError('57P01')],
    ['a server starting up', pgError('57P03')],
    ['too many connections', pgError('53300')],
    ['a lost connection (class 08)', pgError('08006')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('%s is the database being unavailable, answered 503 with a time to retry', (_, error) => {
    expect(databaseFailureOf(wrapped(error))).toBe('unavailable');
    expect(toErrorResponse(wrapped(error))).toEqual({
      status: 503,
      body: { message: COMMON_MESSAGES.unavailable },
      headers: { 'retry-after': '5' },
    });
  });

  it('a full disk is answered 507', () => {
    const error = wrapped(pgError('53100', 'could not extend file: No space left on device'));
    expect(databaseFailureOf(error)).toBe('storageFull');
    expect(toErrorResponse(error)).toEqual({
      status: 507,
      body: { message: COMMON_MESSAGES.storageFull },
    });
  });

  it('any other database error is still a 500 that reveals nothing', () => {
    const error = wrapped(pgError('42P01', 'relation "secret_table" does not exist'));
    expect(databaseFailureOf(error)).toBeUndefined();
    expect(toErrorResponse(error)).toEqual({
      status: 500,
      body: { message: COMMON_MESSAGES.internal },
    });
  });
});

describe('errors that are not the database', () => {
  const socketError = (code: string, message: string) =>
    Object.assign(new Error(message), { code });
  it.each([
    ['a client hanging up mid-body', socketError('ECONNRESET', 'aborted')],
    [
      'a call to another service failing',
      Object.assign(new TypeError('fetch failed'), {
        cause: socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'),
      }),
    ],
    ['a broken pipe to a client', socketError('EPIPE', 'write EPIPE')],
  ])('%s is not the database being unavailable', (_, error) => {
    expect(databaseFailureOf(error)).toBeUndefined();
    expect(toErrorResponse(error).status).toBe(500);
  });
});

describe('a database that is not there, through the real driver', () => {
  /** A loopback port nothing listens on: taken, then given back. */
  async function closedPort() {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return address.port;
  }

  it('answers 503 for a read and for a transaction, the one failing on the pool before any query', async () => {
    const database = connectPool(`postgres://app:secret@127.0.0.1:${await closedPort()}/gone`, 2);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db: database.db });
    try {
      const read = () => database.db.execute('select 1');
      const transaction = () => database.db.transaction(async () => {});
      for (const failing of [read, transaction]) {
        const error = await failing().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(databaseFailureOf(error)).toBe('unavailable');
      }
      // Through the app: the session lookup of a signed-in call fails on the pool.
      const response = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: 'gl_session=whatever' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unavailable });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
