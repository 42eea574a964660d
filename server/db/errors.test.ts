/**
 * A database that is away or full is told apart from a bug: the error handler answers 503 or
 * 507 with a JSON message for it (found by the reliability suite, faults/outage.ts and
 * faults/disk-faults.ts), and 500 for anything else.
 */
import { COMMON_MESSAGES } from '@contract/common';
import { describe, expect, it } from 'vitest';
import { toErrorResponse } from '../plugins/errors';
import { databaseFailureOf } from './errors';

const pgError = (code: string, message = 'from PostgreSQL') =>
  Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error as the cause of its own. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert …'), { cause });

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
