/**
 * How big the upcoming list (D18, `GET /api/upcoming-maintenance`) grows for a large garage: 20
 * vehicles with 50 open records each, every record with its own title, description and cost.
 * The list is the bell's (000 §2, read by the shell on every signed-in page) and the dashboard's
 * count of upcoming services: both need every open item, so it is answered whole, and it must
 * stay small on the wire at that size. Open records are what their owner has planned and not yet
 * done (imports and restores bring records completed), so a thousand is far past a real garage.
 */
import zlib from 'node:zlib';
import { upcomingItemsSchema } from '@contract/schemas/records';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import { insertRecords, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off' });

const VEHICLES = 20;
const OPEN_PER_VEHICLE = 50;
const JOBS = ['Oil change', 'Brake pads', 'Timing belt', 'Coolant flush', 'Tyre rotation'];

describe('the upcoming list of a large garage', () => {
  it('answers 1,000 open items in under 32 KB as a browser receives it', async () => {
    const user = await newUser(testApp);
    for (let vehicle = 0; vehicle < VEHICLES; vehicle += 1) {
      const vehicleId = await newVehicle(testApp, user, {
        year: 2000 + vehicle,
        make: 'Make',
        model: `Model ${vehicle}`,
      });
      await insertRecords(
        testApp,
        user,
        (['maintenance', 'repair', 'modification'] as const)[vehicle % 3]!,
        vehicleId,
        Array.from({ length: OPEN_PER_VEHICLE }, (_, index) => ({
          title: `${JOBS[index % JOBS.length]} #${vehicle * 100 + index}`,
          description: `Planned at ${40_000 + index * 1_250} mi, quote ${index * 7} from the garage`,
          cost: (20 + ((vehicle * 37 + index * 11) % 900) + index / 100).toFixed(2),
          date: `2027-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + ((index * 7) % 28)).padStart(2, '0')}`,
          isCompleted: false,
        })),
      );
    }

    const response = await testApp.inject({
      method: 'GET',
      url: '/api/upcoming-maintenance',
      headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(response.rawPayload);
    const items = upcomingItemsSchema.parse(JSON.parse(json.toString('utf8')));
    expect(items).toHaveLength(VEHICLES * OPEN_PER_VEHICLE);

    // Measured: 386,600 bytes of JSON (about 390 an item), 14,031 in brotli: less on the wire
    // than one vehicle's 100 records uncompressed (29 KB), and a repeat costs a 304.
    expect(json.length).toBeLessThan(512 * 1024);
    expect(response.rawPayload.length).toBeLessThan(32 * 1024);
  });
});
