/**
 * The record calls of 001 §7 on a real database, for the three kinds in one loop (architecture
 * convention 12): every path variant, the payload rules (001 §5, §9, D3, D4, D40), the sort
 * rules (001 §4), ownership on every path (D9), the completion moment (D19), the files a record
 * takes with it, the unified list (001 §3), documents (D27), upcoming items (D18) and recent
 * activity (D19). Plan limits are off here; records-plan-limit.test.ts tests them.
 */
import crypto from 'node:crypto';
import { MODIFICATION_ADD_CATEGORIES, MODIFICATION_EDIT_CATEGORIES } from '@contract/categories';
import { COMMON_MESSAGES } from '@contract/common';
import {
  RECORD_KINDS,
  RECORD_MESSAGES,
  RECORD_TYPES,
  type RecordItem,
  type RecordKind,
  type RecordType,
} from '@contract/records';
import {
  activityItemsSchema,
  documentsSchema,
  recordSchema,
  recordsSchema,
  unifiedRecordsSchema,
  upcomingItemsSchema,
} from '@contract/schemas/records';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  binaryFiles,
  documents,
  maintenance,
  modifications,
  recordImages,
  repairs,
  vehicles,
} from '../../db/schema';
import { setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });

const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

const TABLES = { maintenance, repair: repairs, modification: modifications } as const;
const KINDS: RecordKind[] = RECORD_TYPES.map((type) => RECORD_KINDS[type]);

/** A category each kind accepts. */
const CATEGORY: Record<RecordType, string> = {
  maintenance: 'Oil Change',
  repair: 'Brakes',
  modification: 'Exhaust',
};

/** A stored file of the user, as an upload would leave it (D14). */
async function storeFile(userId: number) {
  const id = crypto.randomBytes(16).toString('base64url');
  await db()
    .insert(binaryFiles)
    .values({ id, userId, data: Buffer.from('x'), contentType: 'image/png', size: 1 });
  return id;
}

async function fileExists(id: string) {
  const rows = await db()
    .select({ id: binaryFiles.id })
    .from(binaryFiles)
    .where(eq(binaryFiles.id, id));
  return rows.length === 1;
}

async function storedRecord(kind: RecordKind, id: number) {
  const table = TABLES[kind.type];
  const [row] = await db().select().from(table).where(eq(table.id, id));
  return row;
}

type Body = Record<string, unknown>;

/** Creates through the user-wide path (`POST /api/{collection}`, vehicleId in the body). */
async function post(user: SignedInUser, kind: RecordKind, body: Body) {
  return inject({
    method: 'POST',
    url: `/api/${kind.collection}`,
    headers: as(user),
    payload: body,
  });
}

function create(user: SignedInUser, kind: RecordKind, vehicleId: number, body: Body = {}) {
  return newRecord(testApp, user, kind.type, { vehicleId, category: CATEGORY[kind.type], ...body });
}

type RecordAttachments = Pick<RecordItem, 'type' | 'id' | 'photoCount' | 'fileUrl'>;

async function get(user: SignedInUser, url: string) {
  return inject({ method: 'GET', url, headers: as(user) });
}

describe('signed out', () => {
  it('answers 401 to every record call', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/api/records' },
      { method: 'GET', url: '/api/documents' },
      { method: 'GET', url: '/api/upcoming-maintenance' },
      { method: 'GET', url: '/api/recent-activity' },
      { method: 'GET', url: '/api/record-images/maintenance/1' },
    ];
    for (const { collection } of KINDS) {
      calls.push(
        { method: 'GET', url: `/api/${collection}` },
        { method: 'GET', url: `/api/vehicles/1/${collection}` },
        { method: 'POST', url: `/api/${collection}`, payload: { vehicleId: 1 } },
        { method: 'POST', url: `/api/vehicles/1/${collection}`, payload: {} },
        { method: 'PUT', url: `/api/${collection}/1`, payload: {} },
        { method: 'PATCH', url: `/api/${collection}/1`, payload: {} },
        { method: 'PUT', url: `/api/vehicles/1/${collection}/1`, payload: {} },
        { method: 'PATCH', url: `/api/vehicles/1/${collection}/1`, payload: { isCompleted: true } },
        { method: 'DELETE', url: `/api/${collection}/1` },
        { method: 'DELETE', url: `/api/vehicles/1/${collection}/1` },
      );
    }
    for (const call of calls) {
      const response = await inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.unauthenticated });
    }
  });
});

describe.each(KINDS)('$label: creates', (kind) => {
  let user: SignedInUser;
  let vehicleId: number;

  beforeAll(async () => {
    user = await newUser(testApp);
    vehicleId = await newVehicle(testApp, user, { year: 2019, make: 'Mazda', model: 'MX-5' });
  });

  it('creates on the user-wide path with every field and answers 201 with the record', async () => {
    const fileId = await storeFile(user.id);
    const imageId = await storeFile(user.id);
    const response = await post(user, kind, {
      vehicleId: String(vehicleId),
      category: CATEGORY[kind.type],
      title: '  Front pads  ',
      description: 'Ceramic',
      cost: '12.50',
      date: '2024-03-05',
      location: 'Main St Garage',
      technician: 'Sam',
      notes: 'Attached files included.',
      isCompleted: true,
      fileUrl: `/uploads/${fileId}`,
      imageUrl: `/uploads/${imageId}`,
      dueDate: '2024-09-01',
      dueMileage: '45,000',
      odometer: '44,210.5',
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = recordSchema.parse(response.json());
    expect(record).toEqual({
      id: expect.any(Number),
      type: kind.type,
      vehicleId,
      vehicleName: '2019 Mazda MX-5',
      title: 'Front pads',
      category: CATEGORY[kind.type],
      description: 'Ceramic',
      cost: 12.5,
      date: '2024-03-05',
      location: 'Main St Garage',
      technician: 'Sam',
      notes: 'Attached files included.',
      fileUrl: `/uploads/${fileId}`,
      imageUrl: `/uploads/${imageId}`,
      // Decision 033: its one photo.
      photoCount: 1,
      isCompleted: true,
      completedAt: expect.any(String),
      addedAt: expect.any(String),
      // 001 §3: only maintenance has due fields; the other kinds ignore them.
      dueDate: kind.hasDue ? '2024-09-01' : null,
      dueMileage: kind.hasDue ? 45000 : null,
      // Decision 050: the odometer at the service, to a tenth.
      odometer: 44210.5,
      // D49: the vehicle was added without a unit, so its odometer shows miles.
      odometerUnit: 'mi',
    });
    expect(record.completedAt).toBe(record.addedAt);
    const row = await storedRecord(kind, record.id);
    // D3: stored exactly, to the cent.
    expect(row).toMatchObject({
      userId: user.id,
      cost: '12.50',
      isCompleted: true,
      odometer: '44210.5',
    });
  });

  it('creates on the vehicle-scoped path, the path naming the vehicle', async () => {
    const otherVehicle = await newVehicle(testApp, user, {
      year: 2001,
      make: 'Toyota',
      model: 'Corolla',
    });
    const response = await inject({
      method: 'POST',
      url: `/api/vehicles/${otherVehicle}/${kind.collection}`,
      headers: as(user),
      payload: { vehicleId, category: CATEGORY[kind.type], cost: 12.5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = recordSchema.parse(response.json());
    expect(record).toMatchObject({
      vehicleId: otherVehicle,
      vehicleName: '2001 Toyota Corolla',
      cost: 12.5,
      title: null,
      date: null,
      isCompleted: false,
      completedAt: null,
    });
    expect((await storedRecord(kind, record.id))?.cost).toBe('12.50');
  });

  it('leaves out empty fields: empty strings are none', async () => {
    const record = await create(user, kind, vehicleId, {
      title: '',
      cost: '',
      date: '',
      location: '   ',
      fileUrl: '',
      dueMileage: '',
    });
    expect(record).toMatchObject({ title: null, cost: null, date: null, location: null });
    expect(record.fileUrl).toBeNull();
  });

  it('ignores unknown fields, an id and another user id among them', async () => {
    const other = await newUser(testApp);
    const record = await create(user, kind, vehicleId, {
      id: 999_999,
      userId: other.id,
      type: 'something',
      colour: 'red',
    });
    expect(record.id).not.toBe(999_999);
    expect((await storedRecord(kind, record.id))?.userId).toBe(user.id);
  });

  it('answers a category missing or empty with "Category is required"', async () => {
    for (const category of [undefined, '', '   ', null]) {
      const response = await post(user, kind, { vehicleId, category });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Category is required',
        errors: { category: 'Category is required' },
      });
    }
  });

  it('accepts only its own categories, whatever their case, stored as the list spells them', async () => {
    const response = await post(user, kind, { vehicleId, category: 'Flux Capacitor' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ category: RECORD_MESSAGES.unknownCategory });

    const lower = await create(user, kind, vehicleId, {
      category: CATEGORY[kind.type].toUpperCase(),
    });
    expect(lower.category).toBe(CATEGORY[kind.type]);

    for (const category of kind.categories) {
      const record = await create(user, kind, vehicleId, { category });
      expect(record.category).toBe(category);
    }
    // Another kind's category is refused (unless both lists have it).
    const foreign = KINDS.flatMap((other) => other.categories).find(
      (category) => !kind.categories.includes(category),
    )!;
    expect((await post(user, kind, { vehicleId, category: foreign })).statusCode).toBe(400);
  });

  it('refuses a missing vehicle with the form message, and an id that is not one', async () => {
    for (const vehicle of [undefined, null, '']) {
      const response = await post(user, kind, {
        vehicleId: vehicle,
        category: CATEGORY[kind.type],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ vehicleId: RECORD_MESSAGES.vehicleRequired });
    }
    for (const vehicle of ['abc', -1, 1.5]) {
      const response = await post(user, kind, {
        vehicleId: vehicle,
        category: CATEGORY[kind.type],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.vehicleId).toEqual(expect.any(String));
    }
  });

  it('refuses bad costs, dates and texts that are too long (D3, D4, D40)', async () => {
    const cases: Array<[Body, string]> = [
      [{ cost: 'abc' }, 'cost'],
      [{ cost: -1 }, 'cost'],
      [{ cost: '12.345' }, 'cost'],
      [{ cost: true }, 'cost'],
      [{ date: '2023-02-30' }, 'date'],
      [{ date: '1899-12-31' }, 'date'],
      [{ date: '2101-01-01' }, 'date'],
      [{ date: '03/04/2024' }, 'date'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ location: 'x'.repeat(201) }, 'location'],
      [{ technician: 'x'.repeat(201) }, 'technician'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ notes: 'x'.repeat(5001) }, 'notes'],
      [{ isCompleted: 'yes' }, 'isCompleted'],
    ];
    for (const [fields, field] of cases) {
      const response = await post(user, kind, {
        vehicleId,
        category: CATEGORY[kind.type],
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect(
      (await post(user, kind, { vehicleId, category: 'Other', date: '2023-02-30' })).json(),
    ).toMatchObject({ message: 'Please enter a valid date (yyyy-MM-dd)' });
    expect(
      (await post(user, kind, { vehicleId, category: 'Other', title: 'x'.repeat(201) })).json(),
    ).toMatchObject({ message: 'Title must be at most 200 characters' });

    // The edges are accepted.
    const edge = await create(user, kind, vehicleId, {
      title: 'x'.repeat(200),
      date: '1900-01-01',
      cost: 9_999_999_999.99,
    });
    expect(edge).toMatchObject({ date: '1900-01-01', cost: 9_999_999_999.99 });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await inject({
      method: 'POST',
      url: `/api/${kind.collection}`,
      headers: { ...as(user), 'content-type': 'application/json' },
      payload: '{"vehicleId": 1, "category": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.malformedJson });
  });

  if (kind.hasDue) {
    it('validates the due date and due mileage of maintenance', async () => {
      for (const [fields, field] of [
        [{ dueDate: '2023-02-30' }, 'dueDate'],
        [{ dueMileage: 'abc' }, 'dueMileage'],
        [{ dueMileage: 1.5 }, 'dueMileage'],
        [{ dueMileage: -5 }, 'dueMileage'],
      ] as const) {
        const response = await post(user, kind, { vehicleId, category: 'Other', ...fields });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().errors)).toEqual([field]);
      }
    });
  }
});

describe('categories of modifications (001 §9: both readings kept)', () => {
  it('accepts every category of the add form and of the edit form', async () => {
    const user = await newUser(testApp);
    const vehicleId = await newVehicle(testApp, user);
    const kind = RECORD_KINDS.modification;
    for (const category of [...MODIFICATION_ADD_CATEGORIES, ...MODIFICATION_EDIT_CATEGORIES]) {
      expect((await post(user, kind, { vehicleId, category })).statusCode, category).toBe(201);
    }
    // A category only the legacy filter lists is not a form category.
    expect((await post(user, kind, { vehicleId, category: 'Transmission' })).statusCode).toBe(400);
  });
});

describe.each(KINDS)('$label: lists', (kind) => {
  it('lists a vehicle’s records and all the user’s, newest first, undated last, then id', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user, { year: 2018, make: 'Honda', model: 'Civic' });
    const mustang = await newVehicle(testApp, user, { year: 1967, make: 'Ford', model: 'Mustang' });
    const a = await create(user, kind, civic, { title: 'A', date: '2024-01-01' });
    const b = await create(user, kind, civic, { title: 'B' });
    const c = await create(user, kind, mustang, { title: 'C', date: '2024-06-01' });
    const d = await create(user, kind, civic, { title: 'D', date: '2024-01-01' });
    const e = await create(user, kind, mustang, { title: 'E' });

    const all = await get(user, `/api/${kind.collection}`);
    expect(all.statusCode).toBe(200);
    const records = recordsSchema.parse(all.json());
    expect(records.map((record) => record.title)).toEqual(['C', 'D', 'A', 'E', 'B']);
    expect(records.map((record) => record.id)).toEqual([c.id, d.id, a.id, e.id, b.id]);
    expect(records.find((record) => record.id === c.id)?.vehicleName).toBe('1967 Ford Mustang');
    expect(records.every((record) => record.type === kind.type)).toBe(true);

    const civics = recordsSchema.parse(
      (await get(user, `/api/vehicles/${civic}/${kind.collection}`)).json(),
    );
    expect(civics.map((record) => record.title)).toEqual(['D', 'A', 'B']);

    // Another kind's records are not in this kind's lists.
    const other = KINDS.find((candidate) => candidate.type !== kind.type)!;
    await create(user, other, civic, { title: 'Other kind' });
    const again = recordsSchema.parse((await get(user, `/api/${kind.collection}`)).json());
    expect(again).toHaveLength(5);
  });

  it('answers 404 for a vehicle that is missing or someone else’s, and an empty list for none', async () => {
    const user = await newUser(testApp);
    const stranger = await newUser(testApp);
    const theirs = await newVehicle(testApp, stranger);
    await create(stranger, kind, theirs);
    for (const vehicleId of [theirs, 2_000_000_000]) {
      const response = await get(user, `/api/vehicles/${vehicleId}/${kind.collection}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Vehicle not found' });
    }
    expect((await get(user, `/api/vehicles/abc/${kind.collection}`)).statusCode).toBe(400);
    const mine = await newVehicle(testApp, user);
    expect((await get(user, `/api/vehicles/${mine}/${kind.collection}`)).json()).toEqual([]);
    expect((await get(user, `/api/${kind.collection}`)).json()).toEqual([]);
  });
});

/** Every update path of 001 §7, each with the record's vehicle in the path when it has one. */
function updatePaths(kind: RecordKind, vehicleId: number, id: number) {
  return [
    { method: 'PUT', url: `/api/${kind.collection}/${id}` },
    { method: 'PATCH', url: `/api/${kind.collection}/${id}` },
    { method: 'PUT', url: `/api/vehicles/${vehicleId}/${kind.collection}/${id}` },
    { method: 'PATCH', url: `/api/vehicles/${vehicleId}/${kind.collection}/${id}` },
  ] as const;
}

describe.each(KINDS)('$label: updates', (kind) => {
  let user: SignedInUser;
  let vehicleId: number;

  beforeAll(async () => {
    user = await newUser(testApp);
    vehicleId = await newVehicle(testApp, user, { year: 2015, make: 'Subaru', model: 'Outback' });
  });

  it('updates on every path; fields left out stay, null clears', async () => {
    const record = await create(user, kind, vehicleId, {
      title: 'Start',
      description: 'Keep me',
      cost: 10,
      date: '2024-01-01',
      dueMileage: 1000,
    });
    let cost = 20;
    for (const path of updatePaths(kind, vehicleId, record.id)) {
      cost += 1;
      const response = await inject({
        ...path,
        headers: as(user),
        payload: { title: path.url, cost: String(cost), location: null, dueMileage: cost },
      });
      expect(response.statusCode, `${path.method} ${path.url}`).toBe(200);
      expect(recordSchema.parse(response.json())).toMatchObject({
        id: record.id,
        title: path.url,
        cost,
        description: 'Keep me',
        date: '2024-01-01',
        location: null,
        category: CATEGORY[kind.type],
        dueMileage: kind.hasDue ? cost : null,
      });
    }
    expect((await storedRecord(kind, record.id))?.cost).toBe(`${cost}.00`);
  });

  it('validates updates as creates, but every field is optional', async () => {
    const record = await create(user, kind, vehicleId, { title: 'Valid' });
    for (const payload of [
      { category: '' },
      { category: 'Nope' },
      { cost: 'abc' },
      { date: '2023-02-30' },
      { title: 'x'.repeat(201) },
      { vehicleId: 'abc' },
    ]) {
      const response = await inject({
        method: 'PATCH',
        url: `/api/${kind.collection}/${record.id}`,
        headers: as(user),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const empty = await inject({
      method: 'PATCH',
      url: `/api/${kind.collection}/${record.id}`,
      headers: as(user),
      payload: {},
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ title: 'Valid', category: CATEGORY[kind.type] });
    expect(
      (
        await inject({
          method: 'PUT',
          url: `/api/${kind.collection}/abc`,
          headers: as(user),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });

  it('toggles completion on the vehicle-scoped path, stamping and clearing completedAt (D19)', async () => {
    const record = await create(user, kind, vehicleId, { date: '2031-05-01' });
    const url = `/api/vehicles/${vehicleId}/${kind.collection}/${record.id}`;
    const done = await inject({
      method: 'PATCH',
      url,
      headers: as(user),
      payload: { isCompleted: true },
    });
    expect(done.statusCode).toBe(200);
    const completed = recordSchema.parse(done.json());
    expect(completed.isCompleted).toBe(true);
    expect(completed.completedAt).not.toBeNull();

    // Completing it again keeps the first moment.
    const again = recordSchema.parse(
      (
        await inject({ method: 'PATCH', url, headers: as(user), payload: { isCompleted: true } })
      ).json(),
    );
    expect(again.completedAt).toBe(completed.completedAt);

    const reopened = recordSchema.parse(
      (
        await inject({ method: 'PATCH', url, headers: as(user), payload: { isCompleted: false } })
      ).json(),
    );
    expect(reopened).toMatchObject({ isCompleted: false, completedAt: null });
  });

  it('moves a record onto another of the user’s vehicles, never onto someone else’s', async () => {
    const record = await create(user, kind, vehicleId, { title: 'Mover' });
    const second = await newVehicle(testApp, user, { year: 2020, make: 'Kia', model: 'Soul' });
    const moved = await inject({
      method: 'PATCH',
      url: `/api/${kind.collection}/${record.id}`,
      headers: as(user),
      payload: { vehicleId: String(second) },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ vehicleId: second, vehicleName: '2020 Kia Soul' });

    const stranger = await newUser(testApp);
    const theirs = await newVehicle(testApp, stranger);
    const before = await storedRecord(kind, record.id);
    for (const path of updatePaths(kind, second, record.id)) {
      const response = await inject({
        ...path,
        headers: as(user),
        payload: { vehicleId: theirs, title: 'Stolen' },
      });
      expect(response.statusCode, `${path.method} ${path.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Vehicle not found' });
    }
    expect(await storedRecord(kind, record.id)).toEqual(before);
    expect((await get(stranger, `/api/vehicles/${theirs}/${kind.collection}`)).json()).toEqual([]);
  });

  it('answers 404 on a vehicle-scoped path whose vehicle is not the record’s, changing nothing', async () => {
    const record = await create(user, kind, vehicleId, { title: 'Stay' });
    const second = await newVehicle(testApp, user);
    const before = await storedRecord(kind, record.id);
    for (const method of ['PUT', 'PATCH'] as const) {
      const response = await inject({
        method,
        url: `/api/vehicles/${second}/${kind.collection}/${record.id}`,
        headers: as(user),
        payload: { title: 'Changed', isCompleted: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: RECORD_MESSAGES.recordNotFound });
    }
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/vehicles/${second}/${kind.collection}/${record.id}`,
      headers: as(user),
    });
    expect(deleted.statusCode).toBe(404);
    expect(await storedRecord(kind, record.id)).toEqual(before);
  });
});

describe.each(KINDS)('$label: attachments and deletes', (kind) => {
  let user: SignedInUser;
  let vehicleId: number;

  beforeAll(async () => {
    user = await newUser(testApp);
    vehicleId = await newVehicle(testApp, user);
  });

  it('refuses attachments that are not the user’s own uploads with 404 (D9)', async () => {
    const stranger = await newUser(testApp);
    const theirFile = await storeFile(stranger.id);
    for (const field of ['fileUrl', 'imageUrl']) {
      for (const value of [
        `/uploads/${theirFile}`,
        theirFile,
        `/uploads/${crypto.randomBytes(16).toString('base64url')}`,
        'https://example.com/x.pdf',
      ]) {
        const response = await post(user, kind, {
          vehicleId,
          category: CATEGORY[kind.type],
          [field]: value,
        });
        expect(response.statusCode, `${field} ${value}`).toBe(404);
        expect(response.json()).toEqual({ message: RECORD_MESSAGES.fileNotFound });
      }
    }
    const record = await create(user, kind, vehicleId);
    const response = await inject({
      method: 'PATCH',
      url: `/api/${kind.collection}/${record.id}`,
      headers: as(user),
      payload: { fileUrl: `/uploads/${theirFile}` },
    });
    expect(response.statusCode).toBe(404);
    expect((await storedRecord(kind, record.id))?.fileUrl).toBeNull();
    expect(await fileExists(theirFile)).toBe(true);
  });

  it('keeps a value the record already holds, and stores a bare id as its /uploads/ URL', async () => {
    const fileId = await storeFile(user.id);
    const record = await create(user, kind, vehicleId, { imageUrl: fileId });
    expect(record.imageUrl).toBe(`/uploads/${fileId}`);
    // A legacy value that is no upload (D14) survives an edit that sends it back.
    const table = TABLES[kind.type];
    await db().update(table).set({ fileUrl: 'legacy.pdf' }).where(eq(table.id, record.id));
    const response = await inject({
      method: 'PUT',
      url: `/api/${kind.collection}/${record.id}`,
      headers: as(user),
      payload: { fileUrl: 'legacy.pdf', imageUrl: `/uploads/${fileId}`, title: 'Edited' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      fileUrl: 'legacy.pdf',
      imageUrl: `/uploads/${fileId}`,
      title: 'Edited',
    });
  });

  it('deletes a replaced attachment’s file unless something else still uses it', async () => {
    const first = await storeFile(user.id);
    const shared = await storeFile(user.id);
    const next = await storeFile(user.id);
    const record = await create(user, kind, vehicleId, {
      fileUrl: `/uploads/${first}`,
      imageUrl: `/uploads/${shared}`,
    });
    await create(user, kind, vehicleId, { imageUrl: `/uploads/${shared}` });
    const response = await inject({
      method: 'PATCH',
      url: `/api/${kind.collection}/${record.id}`,
      headers: as(user),
      payload: { fileUrl: `/uploads/${next}`, imageUrl: null },
    });
    expect(response.statusCode).toBe(200);
    expect(await fileExists(first)).toBe(false);
    expect(await fileExists(shared)).toBe(true);
    expect(await fileExists(next)).toBe(true);
  });

  it('deletes on both paths, with the record’s files and images, in one go', async () => {
    for (const scoped of [false, true]) {
      const fileId = await storeFile(user.id);
      const imageId = await storeFile(user.id);
      const galleryId = await storeFile(user.id);
      const keptId = await storeFile(user.id);
      const record = await create(user, kind, vehicleId, {
        fileUrl: `/uploads/${fileId}`,
        imageUrl: `/uploads/${imageId}`,
      });
      const keeper = await create(user, kind, vehicleId, { imageUrl: `/uploads/${keptId}` });
      await db()
        .insert(recordImages)
        .values([
          {
            userId: user.id,
            recordId: record.id,
            recordType: kind.type,
            imageUrl: `/uploads/${galleryId}`,
          },
          // Shared with the other record: its file stays.
          {
            userId: user.id,
            recordId: record.id,
            recordType: kind.type,
            imageUrl: `/uploads/${keptId}`,
          },
        ]);
      const url = scoped
        ? `/api/vehicles/${vehicleId}/${kind.collection}/${record.id}`
        : `/api/${kind.collection}/${record.id}`;
      const response = await inject({ method: 'DELETE', url, headers: as(user) });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ message: `${kind.label} record deleted successfully.` });

      expect(await storedRecord(kind, record.id)).toBeUndefined();
      expect(await storedRecord(kind, keeper.id)).toBeDefined();
      const images = await db()
        .select()
        .from(recordImages)
        .where(and(eq(recordImages.recordType, kind.type), eq(recordImages.recordId, record.id)));
      expect(images).toEqual([]);
      for (const id of [fileId, imageId, galleryId]) expect(await fileExists(id)).toBe(false);
      expect(await fileExists(keptId)).toBe(true);

      const again = await inject({ method: 'DELETE', url, headers: as(user) });
      expect(again.statusCode).toBe(404);
    }
  });
});

describe('ownership on every path (D9)', () => {
  it('answers 404 to another user on every path with the owner’s ids, and changes nothing', async () => {
    const owner = await newUser(testApp);
    const intruder = await newUser(testApp);
    const ownersCar = await newVehicle(testApp, owner);
    const intrudersCar = await newVehicle(testApp, intruder);

    for (const kind of KINDS) {
      const fileId = await storeFile(owner.id);
      const record = await create(owner, kind, ownersCar, {
        title: 'Owner’s',
        fileUrl: `/uploads/${fileId}`,
      });
      const before = await storedRecord(kind, record.id);
      const calls: InjectOptions[] = [
        { method: 'GET', url: `/api/vehicles/${ownersCar}/${kind.collection}` },
        { method: 'GET', url: `/api/${kind.collection}/${record.id}` },
        { method: 'GET', url: `/api/record-images/${kind.type}/${record.id}` },
        {
          method: 'POST',
          url: `/api/${kind.collection}`,
          payload: { vehicleId: ownersCar, category: CATEGORY[kind.type] },
        },
        {
          method: 'POST',
          url: `/api/vehicles/${ownersCar}/${kind.collection}`,
          payload: { category: CATEGORY[kind.type] },
        },
        ...updatePaths(kind, ownersCar, record.id).map((path) => ({
          ...path,
          payload: { title: 'Hacked', isCompleted: true },
        })),
        // The intruder's own vehicle in the path does not open the owner's record either.
        ...updatePaths(kind, intrudersCar, record.id).map((path) => ({
          ...path,
          payload: { title: 'Hacked', vehicleId: intrudersCar },
        })),
        { method: 'DELETE', url: `/api/${kind.collection}/${record.id}` },
        { method: 'DELETE', url: `/api/vehicles/${ownersCar}/${kind.collection}/${record.id}` },
        { method: 'DELETE', url: `/api/vehicles/${intrudersCar}/${kind.collection}/${record.id}` },
      ];
      for (const call of calls) {
        const response = await inject({ ...call, headers: as(intruder) });
        expect(response.statusCode, `${kind.type} ${call.method} ${call.url}`).toBe(404);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      expect(await storedRecord(kind, record.id)).toEqual(before);
      expect(await fileExists(fileId)).toBe(true);

      // The intruder's lists hold nothing of the owner's.
      for (const url of [`/api/${kind.collection}`, '/api/records', '/api/upcoming-maintenance']) {
        expect((await get(intruder, url)).json()).toEqual([]);
      }
    }
    const activity = activityItemsSchema.parse(
      (await get(intruder, '/api/recent-activity')).json(),
    );
    expect(activity.every((item) => item.vehicleId === intrudersCar)).toBe(true);
  });
});

describe('GET /api/{kind}/{id}: one record, as the edit form starts from it', () => {
  it('answers the record as stored, as its vehicle’s list holds it, and 404 once deleted', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    for (const kind of KINDS) {
      const record = await create(user, kind, car, { title: 'Front pads', cost: 120.5 });
      await create(user, kind, car, { title: 'Another' });
      const response = await get(user, `/api/${kind.collection}/${record.id}`);
      expect(response.statusCode, kind.type).toBe(200);
      const one = recordSchema.parse(response.json());
      const list = recordsSchema.parse(
        (await get(user, `/api/vehicles/${car}/${kind.collection}`)).json(),
      );
      expect(one).toEqual(list.find((listed) => listed.id === record.id));
      expect(one).toMatchObject({ title: 'Front pads', cost: 120.5, vehicleId: car });

      await inject({
        method: 'DELETE',
        url: `/api/${kind.collection}/${record.id}`,
        headers: as(user),
      });
      const gone = await get(user, `/api/${kind.collection}/${record.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: RECORD_MESSAGES.recordNotFound });
    }
  });

  it('answers 400 to an id that is not one', async () => {
    const user = await newUser(testApp);
    for (const kind of KINDS) {
      const response = await get(user, `/api/${kind.collection}/abc`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Must be a number' });
    }
  });
});

describe('writes racing a vehicle’s deletion (D22)', () => {
  it('never fails with a 5xx and leaves no record image behind', async () => {
    const user = await newUser(testApp);
    const elsewhere = await newVehicle(testApp, user);
    for (let round = 0; round < 6; round += 1) {
      const car = await newVehicle(testApp, user);
      const kind = KINDS[round % KINDS.length]!;
      const doomed = await create(user, kind, car);
      const mover = await create(user, kind, car);
      await db()
        .insert(recordImages)
        .values(
          [doomed, mover].map((record) => ({
            userId: user.id,
            recordId: record.id,
            recordType: kind.type,
            imageUrl: `/uploads/${crypto.randomBytes(16).toString('base64url')}`,
          })),
        );
      const responses = await Promise.all([
        inject({ method: 'DELETE', url: `/api/vehicles/${car}`, headers: as(user) }),
        inject({
          method: 'DELETE',
          url: `/api/${kind.collection}/${doomed.id}`,
          headers: as(user),
        }),
        inject({
          method: 'PATCH',
          url: `/api/${kind.collection}/${mover.id}`,
          headers: as(user),
          payload: { vehicleId: elsewhere },
        }),
      ]);
      for (const response of responses)
        expect([200, 404], response.body).toContain(response.statusCode);
      // The moved record keeps its image exactly when it survived; no image outlives its record.
      const moved = await storedRecord(kind, mover.id);
      const images = await db()
        .select()
        .from(recordImages)
        .where(and(eq(recordImages.recordType, kind.type), eq(recordImages.recordId, mover.id)));
      expect(images).toHaveLength(moved ? 1 : 0);
      expect(await storedRecord(kind, doomed.id)).toBeUndefined();
    }
  });
});

describe('GET /api/records (001 §3 unified view)', () => {
  it('lists every kind newest first, undated last, with Untitled, status and vehicle label', async () => {
    const user = await newUser(testApp);
    const civic = await newVehicle(testApp, user, { year: 2018, make: 'Honda', model: 'Civic' });
    const m = await create(user, RECORD_KINDS.maintenance, civic, {
      title: 'Oil',
      date: '2024-05-01',
      cost: '45.10',
      isCompleted: true,
    });
    const r = await create(user, RECORD_KINDS.repair, civic, { date: '2024-07-01' });
    const mod = await create(user, RECORD_KINDS.modification, civic, { title: '   ' });
    const m2 = await create(user, RECORD_KINDS.maintenance, civic, { title: 'Undated' });

    const response = await get(user, '/api/records');
    expect(response.statusCode).toBe(200);
    const records = unifiedRecordsSchema.parse(response.json());
    expect(records.map((record) => [record.type, record.id])).toEqual([
      ['repair', r.id],
      ['maintenance', m.id],
      [m2.id > mod.id ? 'maintenance' : 'modification', Math.max(m2.id, mod.id)],
      [m2.id > mod.id ? 'modification' : 'maintenance', Math.min(m2.id, mod.id)],
    ]);
    expect(records.find((record) => record.type === 'repair')).toMatchObject({
      title: 'Untitled',
      status: 'Pending',
      vehicleName: '2018 Honda Civic',
      category: 'Brakes',
    });
    expect(records.find((record) => record.type === 'modification')?.title).toBe('Untitled');
    expect(
      records.find((record) => record.id === m.id && record.type === 'maintenance'),
    ).toMatchObject({
      title: 'Oil',
      cost: 45.1,
      isCompleted: true,
      status: 'Completed',
    });
  });

  it('counts each record’s photos, its own and its record images, in every list (decision 033)', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    const image = (type: RecordType, recordId: number, fileId: string) => ({
      userId: user.id,
      recordId,
      recordType: type,
      imageUrl: `/uploads/${fileId}`,
    });
    /** What a list says of each record's attachments: `kind id: photos, pdf or -`. */
    const expected: string[] = [];
    const markersOf = (records: readonly RecordAttachments[]) =>
      records
        .map((row) => `${row.type} ${row.id}: ${row.photoCount}, ${row.fileUrl ? 'pdf' : '-'}`)
        .sort();
    for (const kind of KINDS) {
      // A PDF, a photo and two record images: 1 + 2 = 3 photos.
      const full = await create(user, kind, car, {
        fileUrl: `/uploads/${await storeFile(user.id)}`,
        imageUrl: `/uploads/${await storeFile(user.id)}`,
      });
      expect(full.photoCount, 'the create answer').toBe(1);
      // No photo of its own, one record image: 0 + 1 = 1.
      const gallery = await create(user, kind, car);
      const bare = await create(user, kind, car);
      await db()
        .insert(recordImages)
        .values([
          image(kind.type, full.id, await storeFile(user.id)),
          image(kind.type, full.id, await storeFile(user.id)),
          image(kind.type, gallery.id, await storeFile(user.id)),
        ]);
      expected.push(
        `${kind.type} ${full.id}: 3, pdf`,
        `${kind.type} ${gallery.id}: 1, -`,
        `${kind.type} ${bare.id}: 0, -`,
      );
    }

    const unified = unifiedRecordsSchema.parse((await get(user, '/api/records')).json());
    expect(markersOf(unified)).toEqual(expected.sort());
    for (const kind of KINDS) {
      const ofKind = expected.filter((line) => line.startsWith(`${kind.type} `)).sort();
      for (const url of [`/api/${kind.collection}`, `/api/vehicles/${car}/${kind.collection}`]) {
        expect(markersOf(recordsSchema.parse((await get(user, url)).json())), url).toEqual(ofKind);
      }
    }
  });

  it('narrows to one kind with ?type=, reading plurals and legacy maint… values (001 §3)', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    for (const kind of KINDS) await create(user, kind, car);
    const typesOf = async (query: string) => {
      const response = await get(user, `/api/records?type=${encodeURIComponent(query)}`);
      expect(response.statusCode, query).toBe(200);
      return unifiedRecordsSchema.parse(response.json()).map((record) => record.type);
    };
    for (const query of ['maintenance', 'Maint', 'maint_record', 'MAINTENANCE_ITEM']) {
      expect(await typesOf(query)).toEqual(['maintenance']);
    }
    expect(await typesOf('repairs')).toEqual(['repair']);
    expect(await typesOf('Mods')).toEqual(['modification']);
    const unknown = await get(user, '/api/records?type=document');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(RECORD_MESSAGES.unknownRecordType);
  });
});

describe('GET /api/documents (D27)', () => {
  it('lists the user’s stored documents only, newest first, with the vehicle label', async () => {
    const user = await newUser(testApp);
    const stranger = await newUser(testApp);
    const car = await newVehicle(testApp, user, { year: 2010, make: 'Volvo', model: '240' });
    await db()
      .insert(documents)
      .values([
        {
          userId: user.id,
          vehicleId: car,
          title: 'Insurance',
          type: 'insurance',
          date: '2024-01-02',
          amount: '300.5',
        },
        { userId: user.id, title: 'Manual', type: 'manual', fileUrl: '/uploads/abcdefghijklmnop' },
        { userId: user.id, vehicleId: car, title: 'Receipt', type: 'receipt', date: '2024-03-01' },
        { userId: stranger.id, title: 'Not yours', type: 'other', date: '2030-01-01' },
      ]);
    const response = await get(user, '/api/documents');
    expect(response.statusCode).toBe(200);
    const list = documentsSchema.parse(response.json());
    expect(list.map((document) => document.title)).toEqual(['Receipt', 'Insurance', 'Manual']);
    expect(list[1]).toMatchObject({
      vehicleId: car,
      vehicleName: '2010 Volvo 240',
      type: 'insurance',
      amount: 300.5,
      date: '2024-01-02',
      notes: null,
    });
    expect(list[2]).toMatchObject({ vehicleId: null, vehicleName: null, amount: null });
  });
});

describe('GET /api/recent-activity (D19)', () => {
  it('lists vehicles added, records added and records completed later, newest first', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user, { year: 2012, make: 'Audi', model: 'A4' });
    const carRow = (await db().select().from(vehicles).where(eq(vehicles.id, car)))[0]!;
    const at = (minutes: number) => new Date(Date.parse('2030-01-01T00:00:00Z') + minutes * 60_000);
    await db()
      .update(vehicles)
      .set({ addedAt: at(0) })
      .where(eq(vehicles.id, car));
    const [oil] = await db()
      .insert(maintenance)
      .values({
        userId: user.id,
        vehicleId: car,
        category: 'Oil Change',
        title: '',
        addedAt: at(1),
        isCompleted: true,
        completedAt: at(5),
      })
      .returning({ id: maintenance.id });
    const [brakes] = await db()
      .insert(repairs)
      .values({
        userId: user.id,
        vehicleId: car,
        category: 'Brakes',
        title: 'Pads',
        addedAt: at(2),
      })
      .returning({ id: repairs.id });
    // Logged as already done: one event, not two.
    const [exhaust] = await db()
      .insert(modifications)
      .values({
        userId: user.id,
        vehicleId: car,
        category: 'Exhaust',
        title: 'Cat-back',
        addedAt: at(3),
        isCompleted: true,
        completedAt: at(3),
      })
      .returning({ id: modifications.id });

    const response = await get(user, '/api/recent-activity');
    expect(response.statusCode).toBe(200);
    const items = activityItemsSchema.parse(response.json());
    const vehicleName = `${carRow.year} ${carRow.make} ${carRow.model}`;
    expect(items).toEqual([
      {
        id: `maintenance-${oil!.id}-completed`,
        type: 'maintenance_completed',
        title: 'Oil Change',
        vehicleId: car,
        vehicleName,
        date: at(5).toISOString(),
      },
      {
        id: `modification-${exhaust!.id}-added`,
        type: 'modification_added',
        title: 'Cat-back',
        vehicleId: car,
        vehicleName,
        date: at(3).toISOString(),
      },
      {
        id: `repair-${brakes!.id}-added`,
        type: 'repair_added',
        title: 'Pads',
        vehicleId: car,
        vehicleName,
        date: at(2).toISOString(),
      },
      {
        id: `maintenance-${oil!.id}-added`,
        type: 'maintenance_added',
        title: 'Oil Change',
        vehicleId: car,
        vehicleName,
        date: at(1).toISOString(),
      },
      {
        id: `vehicle-${car}-added`,
        type: 'vehicle_added',
        title: vehicleName,
        vehicleId: car,
        vehicleName,
        date: at(0).toISOString(),
      },
    ]);
  });

  it('answers only the 10 newest events, ids unique, and completions made through the API', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user);
    const created = [];
    for (let index = 0; index < 12; index += 1) {
      created.push(await create(user, KINDS[index % 3]!, car, { title: `R${index}` }));
    }
    const last = created[11]!;
    const kind = RECORD_KINDS[last.type];
    await inject({
      method: 'PATCH',
      url: `/api/vehicles/${car}/${kind.collection}/${last.id}`,
      headers: as(user),
      payload: { isCompleted: true },
    });
    const items = activityItemsSchema.parse((await get(user, '/api/recent-activity')).json());
    expect(items).toHaveLength(10);
    expect(new Set(items.map((item) => item.id)).size).toBe(10);
    expect(items[0]).toMatchObject({ id: `${last.type}-${last.id}-completed`, title: 'R11' });
    expect(items.slice(1).map((item) => item.title)).toEqual([
      'R11',
      'R10',
      'R9',
      'R8',
      'R7',
      'R6',
      'R5',
      'R4',
      'R3',
    ]);
    const dates = items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('upcoming items after completion toggles (D18)', () => {
  it('drops a record from the upcoming list when completed and brings it back when reopened', async () => {
    const user = await newUser(testApp);
    const car = await newVehicle(testApp, user, { year: 2018, make: 'Honda', model: 'Civic' });
    const records = [];
    for (const kind of KINDS) {
      records.push(await create(user, kind, car, { title: kind.label, date: '2031-01-01' }));
    }
    const upcomingTitles = async () =>
      upcomingItemsSchema
        .parse((await get(user, '/api/upcoming-maintenance')).json())
        .map((item) => item.title);
    expect((await upcomingTitles()).sort()).toEqual(['Maintenance', 'Modification', 'Repair']);

    for (const record of records) {
      const kind = RECORD_KINDS[record.type];
      const url = `/api/vehicles/${car}/${kind.collection}/${record.id}`;
      await inject({ method: 'PATCH', url, headers: as(user), payload: { isCompleted: true } });
      expect(await upcomingTitles()).not.toContain(kind.label);
    }
    expect(await upcomingTitles()).toEqual([]);
    const repair = records.find((record) => record.type === 'repair')!;
    await inject({
      method: 'PATCH',
      url: `/api/repairs/${repair.id}`,
      headers: as(user),
      payload: { isCompleted: false },
    });
    expect(await upcomingTitles()).toEqual(['Repair']);
  });
});

describe('the vehicle’s odometer unit in every record answer (D49)', () => {
  it('answers each record and upcoming item with the unit of its own vehicle’s odometer', async () => {
    const user = await newUser(testApp);
    const golf = await newVehicle(testApp, user, {
      year: 2020,
      make: 'Volkswagen',
      model: 'Golf',
      mileage: 60_000,
      odometerUnit: 'km',
    });
    const civic = await newVehicle(testApp, user, { year: 2018, make: 'Honda', model: 'Civic' });
    const unitOfVehicle: Record<number, string> = { [golf]: 'km', [civic]: 'mi' };
    const created = [];
    for (const vehicleId of [golf, civic]) {
      for (const kind of KINDS) {
        const response = await post(user, kind, {
          vehicleId,
          category: CATEGORY[kind.type],
          dueMileage: 61_200,
        });
        expect(response.statusCode, response.body).toBe(201);
        created.push(recordSchema.parse(response.json()));
      }
    }
    // The create's answer already says it.
    for (const record of created) {
      expect(record.odometerUnit, record.vehicleName).toBe(unitOfVehicle[record.vehicleId]);
    }

    const answers: Record<
      string,
      Array<{ vehicleId: number; vehicleName: string; odometerUnit: string }>
    > = {
      unified: unifiedRecordsSchema.parse((await get(user, '/api/records')).json()),
      upcoming: upcomingItemsSchema.parse((await get(user, '/api/upcoming-maintenance')).json()),
    };
    for (const { collection } of KINDS) {
      answers[collection] = recordsSchema.parse((await get(user, `/api/${collection}`)).json());
      const golfs = await get(user, `/api/vehicles/${golf}/${collection}`);
      answers[`the Golf's ${collection}`] = recordsSchema.parse(golfs.json());
    }
    for (const [name, items] of Object.entries(answers)) {
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.odometerUnit, `${name}: ${item.vehicleName}`).toBe(
          unitOfVehicle[item.vehicleId],
        );
      }
    }
    // The due text's figures travel with the unit: the Golf's maintenance is due at 61,200 km,
    // its odometer at 60,000 km, so 61,200 − 60,000 = 1,200 km to go.
    const golfMaintenance = upcomingItemsSchema
      .parse(answers.upcoming)
      .find((item) => item.vehicleId === golf && item.type === 'maintenance');
    expect(golfMaintenance).toMatchObject({
      dueMileage: 61_200,
      vehicleMileage: 60_000,
      odometerUnit: 'km',
    });
  });
});
