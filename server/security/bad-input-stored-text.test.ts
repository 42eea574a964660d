/**
 * What the bad-input suite proves about text that is accepted (D40, D4, D3): a valid value
 * carrying SQL, HTML, emoji, right-to-left marks or control characters is stored and answered
 * back exactly as sent; each text field takes exactly its D40 limit and answers 400 with a field
 * message one character past it, changing nothing; text no column can keep (NUL, an unpaired
 * surrogate) answers 400 rather than being altered; dates and amounts at and past their bounds.
 * Leading and trailing whitespace is the one thing the contract changes: it is trimmed.
 */
import { TEXT_LIMITS } from '@contract/common';
import { LICENSE_PLATE_MAX, VIN_MAX } from '@contract/vehicles';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenance, users, vehicleImages, vehicles } from '../db/schema';
import { createTestApp } from '../test/app';
import { type SignedInUser, uniqueEmail } from '../test/auth';
import { newUser } from '../test/factory';
import { buildGarage } from '../test/route-matrix';
import {
  HTML_PAYLOADS,
  INVALID_DATE_TEXT,
  SEED,
  SQL_PAYLOADS,
  UNICODE_TEXT,
  UNSTORABLE_TEXT,
  VALID_DATE_TEXT,
} from './bad-input-values';

const TEXT_RUNS = 25;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ada: SignedInUser;
let vehicleId: number;
let recordId: number;
let imageId: number;

beforeAll(async () => {
  testApp = await createTestApp({ AUTH_MAX_ATTEMPTS: '100000' });
  await testApp.app.ready();
  ada = await newUser(testApp, { plan: 'premium' });
  const garage = await buildGarage(testApp.app, ada);
  vehicleId = garage.vehicle;
  recordId = garage.records.maintenance;
  imageId = garage.vehicleImage;
});

afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: ada.cookie },
    ...(payload ? { payload } : {}),
  });
}

const db = () => testApp.database.db;

/**
 * Every stored text field a user writes through JSON, with its limit, how to write it and how to
 * read the stored value straight from the database (not from an answer that could hide a change).
 */
type TextField = {
  name: string;
  limit: number;
  write: (text: string) => ReturnType<typeof call>;
  stored: () => Promise<string | null>;
};

async function vehicleRow() {
  const [row] = await db().select().from(vehicles).where(eq(vehicles.id, vehicleId));
  return row!;
}
async function recordRow() {
  const [row] = await db().select().from(maintenance).where(eq(maintenance.id, recordId));
  return row!;
}

const vehicleField = (name: keyof Awaited<ReturnType<typeof vehicleRow>>, limit: number) => ({
  name: `vehicle ${name}`,
  limit,
  write: (text: string) => call('PUT', `/api/vehicles/${vehicleId}`, { [name]: text }),
  stored: async () => (await vehicleRow())[name] as string | null,
});

const recordField = (name: keyof Awaited<ReturnType<typeof recordRow>>, limit: number) => ({
  name: `maintenance ${name}`,
  limit,
  write: (text: string) => call('PUT', `/api/maintenance/${recordId}`, { [name]: text }),
  stored: async () => (await recordRow())[name] as string | null,
});

const TEXT_FIELDS: TextField[] = [
  vehicleField('make', TEXT_LIMITS.title),
  vehicleField('model', TEXT_LIMITS.title),
  vehicleField('trim', TEXT_LIMITS.trim),
  vehicleField('color', TEXT_LIMITS.color),
  vehicleField('notes', TEXT_LIMITS.notes),
  vehicleField('vin', VIN_MAX),
  vehicleField('licensePlate', LICENSE_PLATE_MAX),
  recordField('title', TEXT_LIMITS.title),
  recordField('description', TEXT_LIMITS.description),
  recordField('location', TEXT_LIMITS.location),
  recordField('technician', TEXT_LIMITS.technician),
  recordField('notes', TEXT_LIMITS.notes),
  {
    name: 'image caption',
    limit: TEXT_LIMITS.caption,
    write: (text) => call('PUT', `/api/vehicle-images/${imageId}`, { caption: text }),
    stored: async () => {
      const [row] = await db().select().from(vehicleImages).where(eq(vehicleImages.id, imageId));
      return row!.caption;
    },
  },
  {
    name: 'first name',
    limit: TEXT_LIMITS.name,
    write: (text) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          firstName: text,
          lastName: 'Hopper',
          email: lastEmail(),
          password: 'correct horse',
          authType: 'local',
        },
      }),
    stored: async () => {
      const [row] = await db().select().from(users).where(eq(users.email, currentEmail));
      return row?.firstName ?? null;
    },
  },
];

/** Registration needs a new address each time; the read finds the user by the last one. */
let currentEmail = '';
function lastEmail() {
  currentEmail = uniqueEmail('text');
  return currentEmail;
}

/** Text that is valid for a field of `limit` and has nothing to trim. */
function keepableText(limit: number) {
  const piece = fc.oneof(
    fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_TEXT),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  );
  return fc
    .array(piece, { minLength: 1, maxLength: 4 })
    .map((pieces) => pieces.join(' ').slice(0, limit))
    .filter((text) => text.length > 0 && text === text.trim() && !/[\uD800-\uDFFF]$/.test(text));
}

describe('accepted text is stored and answered exactly as sent', () => {
  for (const field of TEXT_FIELDS) {
    it(`${field.name}: SQL, HTML, emoji, right-to-left and control characters`, async () => {
      await fc.assert(
        fc.asyncProperty(keepableText(field.limit), async (text) => {
          const response = await field.write(text);
          expect(response.statusCode, `${JSON.stringify(text)} → ${response.body}`).toBeLessThan(
            300,
          );
          expect(await field.stored()).toBe(text);
          if (response.statusCode === 200 && field.name.startsWith('vehicle ')) {
            const name = field.name.replace('vehicle ', '');
            expect(response.json()[name]).toBe(text);
          }
        }),
        { seed: SEED, numRuns: TEXT_RUNS, endOnFailure: true },
      );
    });
  }

  it('answers the stored text exactly through reads too', async () => {
    const text = `${SQL_PAYLOADS[0]} ${HTML_PAYLOADS[1]} ${UNICODE_TEXT[0]} ${UNICODE_TEXT[1]}`;
    expect((await call('PUT', `/api/vehicles/${vehicleId}`, { notes: text })).statusCode).toBe(200);
    expect((await call('PUT', `/api/maintenance/${recordId}`, { notes: text })).statusCode).toBe(
      200,
    );
    const vehicle = await call('GET', `/api/vehicles/${vehicleId}`);
    expect(vehicle.json().notes).toBe(text);
    const records = await call('GET', `/api/vehicles/${vehicleId}/maintenance`);
    const record = records.json().find((item: { id: number }) => item.id === recordId);
    expect(record.notes).toBe(text);
    // The answer is JSON, never HTML: nothing in it is interpreted by a browser.
    expect(vehicle.headers['content-type']).toMatch(/^application\/json/);
  });

  it('trims leading and trailing whitespace (the contract’s one change), and keeps inner space', async () => {
    const response = await call('PUT', `/api/vehicles/${vehicleId}`, { notes: '  a \t b\n ' });
    expect(response.statusCode).toBe(200);
    expect((await vehicleRow()).notes).toBe('a \t b');
  });
});

describe('D40: each text field takes its limit and refuses one character more', () => {
  for (const field of TEXT_FIELDS) {
    it(`${field.name}: ${field.limit} accepted, ${field.limit + 1} answers 400 and changes nothing`, async () => {
      // A multi-byte character at the end: the limit counts characters, not bytes.
      const atLimit = `${'é'.repeat(field.limit - 1)}z`;
      const accepted = await field.write(atLimit);
      expect(accepted.statusCode, accepted.body).toBeLessThan(300);
      expect(await field.stored()).toBe(atLimit);

      const past = `${atLimit}z`;
      const refused = await field.write(past);
      expect(refused.statusCode, refused.body).toBe(400);
      const body = refused.json();
      expect(body.message).toMatch(/at most/);
      expect(Object.values(body.errors ?? {}).join(' ')).toMatch(/at most/);
      if (!field.name.includes('name')) expect(await field.stored()).toBe(atLimit);
    });
  }

  it('e-mail: 254 characters accepted, 255 refused', async () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(50)}.com`;
    const email = (length: number) => `${'a'.repeat(length - domain.length - 1)}@${domain}`;
    expect(email(TEXT_LIMITS.email)).toHaveLength(254);
    const accepted = await call('PATCH', '/api/user/profile', { email: email(254) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refused = await call('PATCH', '/api/user/profile', { email: email(255) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors?.email).toBeDefined();
  });

  it('password: 200 characters accepted, 201 refused', async () => {
    // Another user: a new password may end the sessions the rest of this file uses.
    const grace = await newUser(testApp);
    const change = (newPassword: string) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/user/password',
        headers: { cookie: grace.cookie },
        payload: { currentPassword: grace.password, newPassword },
      });
    const refused = await change('p'.repeat(TEXT_LIMITS.passwordMax + 1));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors?.newPassword).toBeDefined();
    const accepted = await change('p'.repeat(TEXT_LIMITS.passwordMax));
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  });
});

describe('text no column can keep exactly', () => {
  it('answers 400 with a field message for a NUL or an unpaired surrogate, and stores nothing', async () => {
    for (const field of TEXT_FIELDS) {
      const before = await field.stored();
      for (const text of UNSTORABLE_TEXT) {
        const response = await field.write(text);
        expect(response.statusCode, `${field.name} ${JSON.stringify(text)}`).toBe(400);
        expect(response.json().message).toMatch(/cannot be saved/);
        // A refused registration creates no user at all.
        expect(await field.stored()).toBe(field.name === 'first name' ? null : before);
      }
    }
  });
});

describe('dates (D4) and amounts (D3) at and past their bounds', () => {
  it('keeps the bounds and leap days, refuses impossible and out-of-range dates', async () => {
    for (const date of VALID_DATE_TEXT) {
      const response = await call('PUT', `/api/maintenance/${recordId}`, { date, dueDate: date });
      expect(response.statusCode, `${date}: ${response.body}`).toBe(200);
      const row = await recordRow();
      expect([row.date, row.dueDate]).toEqual([date, date]);
    }
    const kept = (await recordRow()).date;
    for (const date of INVALID_DATE_TEXT) {
      const response = await call('PUT', `/api/maintenance/${recordId}`, { date });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().errors?.date).toBeDefined();
      expect((await recordRow()).date).toBe(kept);
    }
  });

  it('reads amounts as D3 says: numeric strings trimmed, nothing past a double, negative or past cents', async () => {
    const accepted: Array<[unknown, number]> = [
      ['  12 ', 12],
      ['-0', 0],
      [0, 0],
      ['1234.5', 1234.5],
      [9_999_999_999.99, 9_999_999_999.99],
    ];
    for (const [cost, stored] of accepted) {
      const response = await call('PUT', `/api/maintenance/${recordId}`, { cost });
      expect(response.statusCode, `${JSON.stringify(cost)}: ${response.body}`).toBe(200);
      expect(response.json().cost).toBe(stored);
    }
    for (const cost of [
      '1e309',
      'NaN',
      'Infinity',
      '-1',
      -0.01,
      '12.345',
      '0x10',
      '12abc',
      1e21,
      true,
      [],
    ]) {
      const response = await call('PUT', `/api/maintenance/${recordId}`, { cost });
      expect(response.statusCode, JSON.stringify(cost)).toBe(400);
      expect(response.json().errors?.cost).toBeDefined();
    }
    const raw = await testApp.app.inject({
      method: 'PUT',
      url: `/api/maintenance/${recordId}`,
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload: '{"cost":1e309}',
    });
    expect(raw.statusCode, raw.body).toBe(400);
  });
});
