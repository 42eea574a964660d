/**
 * Decision 047: money and mileage read the same spellings of a number, through every route that
 * takes them: a record's cost and due mileage, and a vehicle's mileage. One table, the same
 * verdict for each field.
 */
import { MAINTENANCE_CATEGORIES } from '@contract/categories';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp();
let user: SignedInUser;
let vehicleId: number;

beforeAll(async () => {
  user = await newUser(testApp);
  vehicleId = await newVehicle(testApp, user);
});

/** How people write a whole number, and what it is; `null`, refused. */
const SPELLINGS: [string, number | null][] = [
  ['1000', 1000],
  ['1,000', 1000],
  [' 1,000 ', 1000],
  ['12,345', 12345],
  ['1,234,567', 1234567],
  ['1000.00', 1000],
  ['1,000.00', 1000],
  ['0', 0],
  ['1,0,0', null],
  ['10,00', null],
  ['1,000,0', null],
  ['1,,000', null],
  [',1000', null],
  ['1000,', null],
  ['1 000', null],
  ['1.000,00', null],
  ['1e3', null],
  ['0x10', null],
  ['$1,000', null],
  ['Infinity', null],
  ['1_000', null],
];

/** Each field, and how to send a spelling to it and read back what was stored. */
const FIELDS = {
  'record cost': async (spelling: string) => {
    const response = await testApp.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { cookie: user.cookie },
      payload: { vehicleId, category: MAINTENANCE_CATEGORIES[0], cost: spelling },
    });
    return { status: response.statusCode, stored: response.json().cost };
  },
  'record due mileage': async (spelling: string) => {
    const response = await testApp.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { cookie: user.cookie },
      payload: { vehicleId, category: MAINTENANCE_CATEGORIES[0], dueMileage: spelling },
    });
    return { status: response.statusCode, stored: response.json().dueMileage };
  },
  'vehicle mileage': async (spelling: string) => {
    const response = await testApp.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { cookie: user.cookie },
      payload: { year: '2019', make: 'Honda', model: 'Civic', mileage: spelling },
    });
    return { status: response.statusCode, stored: response.json().mileage };
  },
};

describe.each(Object.entries(FIELDS))('%s', (_, send) => {
  it.each(SPELLINGS)('reads %j as %j', async (spelling, expected) => {
    const { status, stored } = await send(spelling);
    if (expected === null) {
      expect(status).toBe(400);
    } else {
      expect(status).toBe(201);
      expect(stored).toBe(expected);
    }
  });
});
