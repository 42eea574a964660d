/**
 * The spreadsheets of decision 055 on a real database: every record, and every fill-up and
 * charge, one a line under a header row, ISO dates and dot decimals whatever the account's
 * units, the vehicle, units and currency named on each line, formula-looking text guarded
 * (behind a `;` or `,` as well as first), and nothing of another account.
 */
import { SPREADSHEETS } from '@contract/backup';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser } from '../../test/factory';
import { garageCalls } from '../../test/garage';

const testApp = setUpTestApp();
const { call, ok, buildGarage } = garageCalls(testApp);

let ada: SignedInUser;
let civic: number;

beforeAll(async () => {
  ada = await newUser(testApp, { plan: 'premium' });
  const garage = await buildGarage(ada);
  civic = garage.civic;
  await ok(
    ada,
    {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { currency: 'EUR', distanceUnit: 'km', volumeUnit: 'L' },
    },
    200,
  );
  await newRecord(testApp, ada, 'modification', {
    vehicleId: civic,
    category: 'Exhaust',
    title: '=HYPERLINK("http://example.com","click")',
    description: 'Cat-back, "quiet" version',
    // A formula behind a `;`, run by spreadsheets that split cells there (decision 063).
    location: 'Tuner;=1+1',
    cost: 1234.5,
    date: '2024-05-01',
  });
  // Someone else's garage, which neither file may show.
  const grace = await newUser(testApp);
  await buildGarage(grace);
}, 60_000);

async function csvOf(user: SignedInUser, path: string) {
  const response = await call(user, { method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="garage-ledger-(records|energy)-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body.split('\r\n').filter((line) => line !== '');
}

describe('spreadsheets', () => {
  it('lists every record, oldest first and undated last, with its vehicle, units and currency', async () => {
    const lines = await csvOf(ada, SPREADSHEETS.records.path);
    expect(lines[0]).toBe(SPREADSHEETS.records.header.join(','));
    // The garage's maintenance (2024-03-01), the modification (2024-05-01), the undated repair.
    expect(lines.slice(1)).toEqual([
      '2018 Honda Civic Type R,Maintenance,2024-03-01,First oil change,Oil Change,,89.99,EUR,41000,mi,,,,no,,',
      `2018 Honda Civic Type R,Modification,2024-05-01,"'=HYPERLINK(""http://example.com"",""click"")",Exhaust,"Cat-back, ""quiet"" version",1234.5,EUR,,,Tuner;'=1+1,,,no,,`,
      '1990 Mazda MX-5,Repair,,Roadster brakes,Brakes,,320,EUR,,,,,,no,,',
    ]);
  });

  it('lists every fill-up and charge with its quantity as typed, and nothing of another account', async () => {
    const lines = await csvOf(ada, SPREADSHEETS.energy.path);
    expect(lines[0]).toBe(SPREADSHEETS.energy.header.join(','));
    // 35.5 L at 1.899 = 67.4145 → 67.41; 10 US gal at 3.50 = 35.
    expect(lines.slice(1)).toEqual([
      '2018 Honda Civic Type R,2024-03-03,41200,mi,Gasoline,35.5,L,1.899,67.41,EUR,yes,no,,,,,',
      '1990 Mazda MX-5,2024-04-01,,mi,Gasoline,10,galUS,3.5,35,EUR,yes,no,,,,,',
    ]);
  });

  it('is signed-in only', async () => {
    for (const path of [SPREADSHEETS.records.path, SPREADSHEETS.energy.path]) {
      const response = await call(null, { method: 'GET', url: path });
      expect(response.statusCode).toBe(401);
    }
  });
});
