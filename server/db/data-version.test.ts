/**
 * Decision 053: a user's data version is raised once by each transaction that writes that
 * user's data, whatever table and however many rows, and by nothing else. Every table with a
 * `user_id` carries the trigger, so a table added later cannot be forgotten; sessions (written on
 * every call, changing no answer) and the versions themselves are the exceptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';

/** Tables with a `user_id` whose writes are not the user’s data. */
const NOT_USER_DATA = [
  'sessions',
  'user_data_versions',
  // Decision 054: the reminder scan's bookkeeping and the reset links, which change no answer.
  'password_reset_tokens',
  'reminder_checks',
  'reminder_events',
];

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function newUserRow(email: string): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into users (username, email) values ($1, $1) returning id`,
    [email],
  );
  return rows[0]!.id;
}

async function versionOf(userId: number): Promise<number> {
  const { rows } = await database.pool.query<{ version: string }>(
    'select version from user_data_versions where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.version ?? 0);
}

async function inTransaction(statements: (query: TestDatabase['pool']['query']) => Promise<void>) {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await statements(client.query.bind(client) as TestDatabase['pool']['query']);
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('the user’s data version', () => {
  it('has its trigger on every table of user data', async () => {
    const { rows } = await database.pool.query<{ table: string; hasTrigger: boolean }>(
      `select c.table_name as "table",
         exists (select 1 from pg_trigger t join pg_class r on r.oid = t.tgrelid
                 where r.relname = c.table_name and t.tgname = c.table_name || '_data_version')
           as "hasTrigger"
       from information_schema.columns c
       where c.table_schema = 'public' and c.column_name = 'user_id'
       order by c.table_name`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const { table, hasTrigger } of rows) {
      expect({ table, hasTrigger }).toEqual({ table, hasTrigger: !NOT_USER_DATA.includes(table) });
    }
  });

  it('is raised once by a transaction, however many rows it writes, and only for their owner', async () => {
    const owner = await newUserRow('owner@example.com');
    const neighbour = await newUserRow('neighbour@example.com');
    const [ownerBefore, neighbourBefore] = [await versionOf(owner), await versionOf(neighbour)];

    await inTransaction(async (query) => {
      await query(
        `insert into vehicles (user_id, year, make, model)
         select $1, 2000 + g, 'Toyota', 'Corolla' from generate_series(1, 3) g`,
        [owner],
      );
      await query(`update vehicles set color = 'Red' where user_id = $1`, [owner]);
    });
    expect(await versionOf(owner)).toBe(ownerBefore + 1);
    expect(await versionOf(neighbour)).toBe(neighbourBefore);

    // A statement of its own is a transaction of its own; a delete raises it too.
    await database.pool.query('delete from vehicles where user_id = $1', [owner]);
    expect(await versionOf(owner)).toBe(ownerBefore + 2);
  });

  it('is raised by a change of the user’s own row, not by a session', async () => {
    const user = await newUserRow('units@example.com');
    const before = await versionOf(user);
    await database.pool.query(`update users set distance_unit = 'km' where id = $1`, [user]);
    expect(await versionOf(user)).toBe(before + 1);
    // Written as it was: nothing changed, nothing raised.
    await database.pool.query(`update users set distance_unit = 'km' where id = $1`, [user]);
    expect(await versionOf(user)).toBe(before + 1);

    await database.pool.query(
      `insert into sessions (sid, user_id, sess, expire) values ('s1', $1, '{}', now() + interval '1 day')`,
      [user],
    );
    await database.pool.query(
      `update sessions set expire = now() + interval '2 days' where sid = 's1'`,
    );
    expect(await versionOf(user)).toBe(before + 1);
  });
});
