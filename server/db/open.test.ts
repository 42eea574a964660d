/**
 * The pool survives its server going away. Found by the reliability suite (faults/outage.ts): a
 * PostgreSQL fast shutdown reached a client that a transaction held between two queries, and
 * the unhandled 'error' event took the whole app down.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { databaseFailureOf } from './errors';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

it('a connection cut while lent out does not crash the process, and the pool goes on', async () => {
  const client = await database.pool.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  // The server ends this connection as a shutdown would, while no query runs on it.
  const closed = new Promise((resolve) =>
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.once('end', resolve),
  );
  await database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
  await closed;

  const failure = await client.query('select 1').catch((error: unknown) => error);
  expect(databaseFailureOf(failure)).toBe('unavailable');
  client.release(failure as Error);
  expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
});
