/**
 * The many-row insert of imports and restores (`insertInColumns`): what each row gives is stored
 * as given, text with the characters an array literal escapes included; a column a row leaves
 * out gets its default; ids come back in the rows' order, across statements.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { energyEntries } from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import { newUser, newVehicle } from '../../test/factory';
import { insertInColumns } from './imports.repository';

const testApp = setUpTestApp();
const { db } = testApp;

describe('insertInColumns', () => {
  it('stores every row as given, defaults where a row gives nothing, and answers the ids in order', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    const fillUp = (index: number) => ({
      userId: user.id,
      vehicleId,
      date: `2024-01-${String((index % 28) + 1).padStart(2, '0')}`,
      odometer: String(10_000 + index * 400),
      energy: 'gasoline',
      quantity: '40.125',
      unit: 'L',
      canonicalQuantity: '40.125000',
      unitPrice: '1.659',
      totalCost: '66.57',
      importId: 7,
    });
    const notes = [
      'Full tank, "premium", {the pump by the door}',
      'A backslash \\ and a comma, then NULL',
      null,
    ];
    const rows = [
      { ...fillUp(0), notes: notes[0], isFull: false, addedAt: new Date('2024-01-01T08:00:00Z') },
      // Leaves out isFull and addedAt: the table's defaults.
      { ...fillUp(1), notes: notes[1] },
      { ...fillUp(2), notes: notes[2], isFull: true, addedAt: new Date('2024-01-03T08:00:00Z') },
      // Past one statement's rows, in the same order.
      ...Array.from({ length: 5_200 }, (_, index) => ({
        ...fillUp(index + 3),
        isFull: true,
        addedAt: new Date('2024-02-01T08:00:00Z'),
      })),
    ];

    const ids = await insertInColumns(db(), energyEntries, rows);

    const stored = await db()
      .select()
      .from(energyEntries)
      .where(eq(energyEntries.vehicleId, vehicleId))
      .orderBy(asc(energyEntries.id));
    expect(ids.map((row) => row.id)).toEqual(stored.map((row) => row.id));
    expect(stored.map((row) => row.odometer)).toEqual(rows.map((row) => `${row.odometer}.0`));
    expect(stored.slice(0, 3).map((row) => row.notes)).toEqual(notes);
    expect(stored.slice(0, 3).map((row) => row.isFull)).toEqual([false, true, true]);
    expect(stored[0]!.addedAt.toISOString()).toBe('2024-01-01T08:00:00.000Z');
    expect(Date.now() - stored[1]!.addedAt.getTime()).toBeLessThan(60_000);
    expect(stored[1]).toMatchObject({
      date: '2024-01-02',
      totalCost: '66.57',
      missedPrevious: false,
      place: null,
      importId: 7,
    });
  });
});
