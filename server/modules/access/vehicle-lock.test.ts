/**
 * A write's lock on its vehicle lines other writes of the vehicle up behind it, but not the
 * inserts of rows that point at the vehicle from elsewhere: the reminder scan records an event
 * for a vehicle while a record create holds it, and the create waits at commit for the scan's
 * row of reminder_checks. Were the scan's insert to wait for the vehicle, the two would
 * deadlock and the create answer 500 (seen under load in the reliability suite).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import { newUser, newVehicle } from '../../test/factory';
import { lockOwnedVehicle } from './access.repository';

const testApp = setUpTestApp();

describe("a write's lock on its vehicle", () => {
  it('lets a row pointing at the vehicle be inserted meanwhile, and another write wait', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    const db = testApp.db();
    const other = await testApp.database.pool.connect();
    try {
      await db.transaction(async (tx) => {
        expect(await lockOwnedVehicle(tx, user.id, vehicleId)).toBeDefined();
        await other.query("set statement_timeout = '2s'");
        // The scan's insert of an event for the vehicle goes through at once.
        await other.query(
          `insert into reminder_events (user_id, vehicle_id, item_type, item_id, occurrence, state)
           values ($1, $2, 'schedule', 1, 0, 'overdue')`,
          [user.id, vehicleId],
        );
        // Another write of the vehicle waits for the lock (and gives up after the timeout).
        await expect(
          other.query('select id from vehicles where id = $1 for no key update', [vehicleId]),
        ).rejects.toThrow(/statement timeout/);
        await tx.execute(sql`select 1`);
      });
    } finally {
      await other.query('reset statement_timeout');
      other.release();
    }
  });
});
