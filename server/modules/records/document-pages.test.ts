import {
  DOCUMENT_PAGE_MESSAGES,
  type DocumentEntry,
  type DocumentPage,
  RECORD_ATTACHMENT,
} from '@contract/document-pages';
import { INVALID_CURSOR_MESSAGE } from '@contract/keyset-cursor';
import { RECORD_KINDS, RECORD_TYPES, type UnifiedRecord } from '@contract/records';
import { documentPageSchema } from '@contract/schemas/document-pages';
import { documentsSchema, unifiedRecordsSchema } from '@contract/schemas/records';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import * as schema from '../../db/schema';
import { documents } from '../../db/schema';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { insertRecords, newRecord, newUser, newVehicle } from '../../test/factory';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject } = testApp;

async function get(user: SignedInUser, url: string) {
  return inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

async function page(
  user: SignedInUser,
  query: Record<string, string | number> = {},
): Promise<DocumentPage> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const response = await get(user, `/api/documents/page?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return documentPageSchema.parse(response.json());
}

/** Every page of the query, followed to the end. */
async function allPages(user: SignedInUser, query: Record<string, string | number> = {}) {
  const pages: DocumentPage[] = [];
  let cursor: string | null | undefined;
  do {
    const next = await page(user, cursor ? { ...query, cursor } : query);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor && pages.length < 1000);
  return pages;
}

const entriesOf = (pages: DocumentPage[]) => pages.flatMap((each) => each.items);

type Stored = Pick<typeof documents.$inferInsert, 'title' | 'type' | 'fileUrl' | 'notes'> & {
  vehicleId?: number | null;
  date?: string | null;
};

async function insertDocuments(user: { id: number }, rows: Stored[]) {
  await testApp.database.db
    .insert(documents)
    .values(rows.map((row) => ({ ...row, userId: user.id })));
}

/**
 * The view's entries as the browser made them from the whole lists: each record's PDF, then its
 * photo, and each stored document with a file; newest first, undated last, then the newest row
 * first, and for one day and id the kind's name ('document' < 'maintenance-file' < … <
 * 'repair-photo').
 */
async function entriesOfWholeLists(user: SignedInUser): Promise<DocumentEntry[]> {
  const records = unifiedRecordsSchema.parse((await get(user, '/api/records')).json());
  const stored = documentsSchema.parse((await get(user, '/api/documents')).json());
  const sorted: { kind: string; id: number; entry: DocumentEntry }[] = [];
  const attachmentsOf = (record: UnifiedRecord) =>
    [
      ['file', 'PDF', record.fileUrl],
      ['photo', 'Photo', record.imageUrl],
    ] as const;
  for (const record of records) {
    for (const [attachment, format, url] of attachmentsOf(record)) {
      if (!url) continue;
      sorted.push({
        kind: `${record.type}-${attachment}`,
        id: record.id,
        entry: {
          key: `${record.type}-${record.id}-${attachment}`,
          title: `${record.title} (${format})`,
          type: RECORD_ATTACHMENT,
          format,
          source: `${RECORD_KINDS[record.type].label}: ${record.title}`,
          vehicleId: record.vehicleId,
          vehicleName: record.vehicleName,
          date: record.date,
          url,
        },
      });
    }
  }
  for (const document of stored) {
    if (!document.fileUrl) continue;
    sorted.push({
      kind: 'document',
      id: document.id,
      entry: {
        key: `document-${document.id}`,
        title: document.title,
        type: document.type,
        format: 'Document',
        source: document.notes,
        vehicleId: document.vehicleId,
        vehicleName: document.vehicleName,
        date: document.date,
        url: document.fileUrl,
      },
    });
  }
  sorted.sort((a, b) => {
    const dayA = a.entry.date ?? '';
    const dayB = b.entry.date ?? '';
    if (dayA !== dayB) return dayA < dayB ? 1 : -1;
    if (a.id !== b.id) return b.id - a.id;
    return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
  });
  return sorted.map(({ entry }) => entry);
}

/**
 * A garage where days repeat across the kinds and the documents, some entries are undated, ids
 * coincide across the tables, and some records carry a PDF, a photo, both or neither.
 */
describe('a garage read a page at a time', () => {
  let owner: SignedInUser;
  let civic: number;
  let bronco: number;
  const DAYS = ['2025-03-01', '2025-02-14', '2024-12-31', null] as const;

  beforeAll(async () => {
    owner = await newUser(testApp);
    civic = await newVehicle(testApp, owner);
    bronco = await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' });
    for (const type of RECORD_TYPES) {
      for (const vehicleId of [civic, bronco]) {
        // Eight records: a PDF on 0, 2, 4 and 6, a photo on 0, 3 and 6: seven entries.
        await insertRecords(
          testApp,
          owner,
          type,
          vehicleId,
          Array.from({ length: 8 }, (_, index) => ({
            title: `${type} ${vehicleId} ${index}`,
            date: DAYS[index % DAYS.length],
            fileUrl: index % 2 === 0 ? `/uploads/${type}-${vehicleId}-${index}-pdf` : null,
            imageUrl: index % 3 === 0 ? `/uploads/${type}-${vehicleId}-${index}-jpg` : null,
          })),
        );
      }
    }
    await insertDocuments(owner, [
      {
        title: 'Insurance card',
        type: 'insurance',
        vehicleId: civic,
        date: '2025-03-01',
        fileUrl: '/uploads/insurance',
        notes: 'Renewed every year',
      },
      { title: 'Registration', type: 'registration', vehicleId: bronco, fileUrl: '/uploads/reg' },
      {
        title: 'Receipt',
        type: 'receipt',
        date: '2025-02-14',
        fileUrl: '/uploads/receipt',
        notes: 'Paid in cash',
      },
      {
        title: 'Owner manual',
        type: 'manual',
        vehicleId: civic,
        date: '2024-12-31',
        fileUrl: '/uploads/manual',
      },
      // No file: no entry.
      { title: 'A note', type: 'other', vehicleId: civic, date: '2025-03-01', fileUrl: null },
    ]);
  });

  it('joins to exactly the entries of the whole lists, in their order, for any page size', async () => {
    const whole = await entriesOfWholeLists(owner);
    // 6 kinds and vehicles × 7 entries, and 4 stored documents with a file.
    expect(whole).toHaveLength(46);
    expect(whole.at(-1)?.date).toBeNull();
    // Ties: one day and id under several kinds (records of each table and a document are id 1).
    const firstIds = whole.filter((entry) => /^(\w+-1-|document-1$)/.test(entry.key));
    expect(new Set(firstIds.map((entry) => entry.date)).size).toBe(1);
    expect(firstIds.length).toBeGreaterThan(3);
    for (const limit of [1, 7, 50]) {
      const pages = await allPages(owner, { limit });
      const joined = entriesOf(pages);
      expect(joined, `limit ${limit}`).toEqual(whole);
      expect(new Set(joined.map((entry) => entry.key)).size).toBe(joined.length);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.slice(0, -1).every((each) => each.items.length === limit)).toBe(true);
      expect(pages.every((each) => each.matching === 46 && each.total === 46)).toBe(true);
    }
  });

  it('gives a record with a PDF and a photo two entries, titled and sourced as the view shows them', async () => {
    const entries = entriesOf(await allPages(owner, { limit: 50 }));
    const ofRecord = entries.filter((entry) => entry.key.startsWith(`repair-1-`));
    expect(ofRecord).toEqual([
      {
        key: 'repair-1-file',
        title: `repair ${civic} 0 (PDF)`,
        type: RECORD_ATTACHMENT,
        format: 'PDF',
        source: `Repair: repair ${civic} 0`,
        vehicleId: civic,
        vehicleName: '2019 Honda Civic',
        date: '2025-03-01',
        url: `/uploads/repair-${civic}-0-pdf`,
      },
      {
        key: 'repair-1-photo',
        title: `repair ${civic} 0 (Photo)`,
        type: RECORD_ATTACHMENT,
        format: 'Photo',
        source: `Repair: repair ${civic} 0`,
        vehicleId: civic,
        vehicleName: '2019 Honda Civic',
        date: '2025-03-01',
        url: `/uploads/repair-${civic}-0-jpg`,
      },
    ]);
    // The PDF comes right before the photo of the same record.
    const at = entries.findIndex((entry) => entry.key === 'repair-1-file');
    expect(entries[at + 1]?.key).toBe('repair-1-photo');
    // A stored document without a vehicle has no vehicle name.
    expect(entries.find((entry) => entry.title === 'Receipt')).toMatchObject({
      type: 'receipt',
      format: 'Document',
      source: 'Paid in cash',
      vehicleId: null,
      vehicleName: null,
    });
  });

  it('narrows to one type and one vehicle, counting what they leave', async () => {
    const whole = await entriesOfWholeLists(owner);
    const attachments = await allPages(owner, { type: RECORD_ATTACHMENT, limit: 9 });
    expect(entriesOf(attachments)).toEqual(whole.filter((e) => e.type === RECORD_ATTACHMENT));
    expect(attachments[0]).toMatchObject({ matching: 42, total: 46 });
    const insurance = await page(owner, { type: 'insurance' });
    expect(insurance.items.map((entry) => entry.title)).toEqual(['Insurance card']);
    expect(insurance).toMatchObject({ matching: 1, total: 46, nextCursor: null });
    // The only 'other' document has no file.
    expect(await page(owner, { type: 'other' })).toMatchObject({ items: [], matching: 0 });

    const onBronco = await allPages(owner, { vehicleId: bronco, limit: 4 });
    expect(entriesOf(onBronco)).toEqual(whole.filter((entry) => entry.vehicleId === bronco));
    // 3 kinds × 7 entries, and the registration.
    expect(onBronco[0]).toMatchObject({ matching: 22, total: 46 });
    const civicManuals = await page(owner, { vehicleId: civic, type: 'manual' });
    expect(civicManuals.items.map((entry) => entry.title)).toEqual(['Owner manual']);
    expect(civicManuals.matching).toBe(1);
    // An empty parameter is no filter.
    expect((await page(owner, { vehicleId: '', type: '' })).matching).toBe(46);
  });

  it('keeps page 2 where it was when a record with a file is added after page 1 is read', async () => {
    const before = await entriesOfWholeLists(owner);
    const first = await page(owner, { limit: 10 });
    const added = await newRecord(testApp, owner, 'repair', {
      vehicleId: civic,
      category: 'Brakes',
      title: 'Added between pages',
      date: '2026-01-01',
    });
    await testApp.database.pool.query(
      `update repairs set file_url = '/uploads/new' where id = $1`,
      [added.id],
    );
    const second = await page(owner, { limit: 10, cursor: first.nextCursor! });
    expect(second.items).toEqual(before.slice(10, 20));
    const fresh = await page(owner, { limit: 10 });
    expect(fresh.items[0]?.title).toBe('Added between pages (PDF)');
    expect(fresh.total).toBe(47);
    await inject({
      method: 'DELETE',
      url: `/api/repairs/${added.id}`,
      headers: { cookie: owner.cookie },
    });
  });

  it('runs the same number of statements for every page and every filter', async () => {
    const counting = await createStatementCountingApp({
      config: testApp.config,
      database: testApp.database,
    });
    try {
      const statementsOf = async (query: string) => {
        const { response, statements } = await counting.inject({
          method: 'GET',
          url: `/api/documents/page?${query}`,
          headers: { cookie: owner.cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return { statements, body: documentPageSchema.parse(response.json()) };
      };
      const first = await statementsOf('limit=5');
      const second = await statementsOf(`limit=5&cursor=${first.body.nextCursor}`);
      const deep = await statementsOf('limit=200');
      const searched = await statementsOf(`q=pdf&type=${RECORD_ATTACHMENT}&vehicleId=${bronco}`);
      const stored = await statementsOf(`q=card&type=insurance&vehicleId=${civic}`);
      expect(searched.body.matching).toBe(12);
      expect(stored.body.matching).toBe(1);
      for (const other of [second, deep, searched, stored]) {
        expect(other.statements).toBe(first.statements);
      }
      // The session lookup, the page and the counts.
      expect(first.statements).toBeLessThanOrEqual(3);
    } finally {
      await counting.close();
    }
  });
});

describe('the search over what the view shows, and other users', () => {
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let strangersCar: number;

  /** Each entry findable by one field only. */
  beforeAll(async () => {
    owner = await newUser(testApp);
    stranger = await newUser(testApp);
    const civic = await newVehicle(testApp, owner);
    const bronco = await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' });
    await insertRecords(testApp, owner, 'repair', civic, [
      {
        title: 'Brake pads',
        category: 'Brakes',
        description: 'Front axle squeal',
        date: '2025-05-01',
        fileUrl: '/uploads/pads-pdf',
        imageUrl: '/uploads/pads-jpg',
      },
    ]);
    await insertRecords(testApp, owner, 'maintenance', civic, [
      { title: '  Wheel \t bearing ', category: 'Other', date: '2025-04-01', fileUrl: '/u/1' },
      { title: '   ', category: 'Oil Change', date: '2025-03-01', imageUrl: '/u/2' },
      // No attachment: never an entry, whatever it holds.
      { title: 'Brake fluid', category: 'Other', date: '2025-02-01' },
    ]);
    await insertRecords(testApp, owner, 'modification', bronco, [
      { title: 'ÖLKÜHLER', category: 'Engine', date: null, fileUrl: '/u/3' },
    ]);
    await insertDocuments(owner, [
      {
        title: 'Insurance card',
        type: 'insurance',
        vehicleId: bronco,
        date: '2025-01-01',
        fileUrl: '/u/4',
        notes: 'Renewed  every\nyear',
      },
    ]);
    strangersCar = await newVehicle(testApp, stranger, { make: 'Stranger', model: 'Car' });
    await insertRecords(testApp, stranger, 'repair', strangersCar, [
      {
        title: 'Brake pads of a stranger',
        category: 'Brakes',
        date: '2025-01-01',
        fileUrl: '/u/5',
      },
    ]);
    await insertDocuments(stranger, [
      {
        title: 'Insurance of a stranger',
        type: 'insurance',
        vehicleId: strangersCar,
        date: '2025-02-01',
        fileUrl: '/u/6',
      },
    ]);
  });

  const titlesFound = async (q: string, query: Record<string, string | number> = {}) =>
    (await page(owner, { q, ...query })).items.map((entry) => entry.title);

  it('finds an entry by its title and by its source, whatever the case', async () => {
    // An attachment's title: the record's, with what it is.
    expect(await titlesFound('BRAKE')).toEqual(['Brake pads (PDF)', 'Brake pads (Photo)']);
    expect(await titlesFound('pads (photo)')).toEqual(['Brake pads (Photo)']);
    expect(await titlesFound('pdf')).toEqual([
      'Brake pads (PDF)',
      'Wheel \t bearing (PDF)',
      'ÖLKÜHLER (PDF)',
    ]);
    // Its source: the record's kind and title.
    expect(await titlesFound('repair: brake')).toEqual(['Brake pads (PDF)', 'Brake pads (Photo)']);
    expect(await titlesFound('modification:')).toEqual(['ÖLKÜHLER (PDF)']);
    // A stored document's title, and its notes (its source).
    expect(await titlesFound('insurance c')).toEqual(['Insurance card']);
    expect(await titlesFound('every year')).toEqual(['Insurance card']);
    // A record without a title reads 'Untitled', as its card does.
    expect(await titlesFound('untitled (photo)')).toEqual(['Untitled (Photo)']);
    expect(await titlesFound('maintenance: untitled')).toEqual(['Untitled (Photo)']);
    // Any letter's case, as the browser's toLowerCase folds it.
    expect(await titlesFound('ölkühler')).toEqual(['ÖLKÜHLER (PDF)']);
  });

  it('folds white space, never matches across two fields and searches nothing else', async () => {
    expect(await titlesFound('  wheel bearing   (pdf) ')).toEqual(['Wheel \t bearing (PDF)']);
    expect(await titlesFound('maintenance: wheel bearing')).toEqual(['Wheel \t bearing (PDF)']);
    expect(await titlesFound('card renewed')).toEqual([]);
    // Not what the view does not show: the description, the category, the vehicle.
    expect(await titlesFound('axle')).toEqual([]);
    expect(await titlesFound('oil change')).toEqual([]);
    expect(await titlesFound('bronco')).toEqual([]);
    expect(await titlesFound('brake fluid')).toEqual([]);
    // Only white space searches nothing.
    expect((await page(owner, { q: '   ' })).matching).toBe(6);
    // LIKE's own characters are plain text.
    expect(await titlesFound('%')).toEqual([]);
    expect(await titlesFound('_')).toEqual([]);
  });

  it('counts what the search leaves, and the garage whatever it is', async () => {
    expect(await page(owner, { q: 'brake' })).toMatchObject({ matching: 2, total: 6 });
    expect(await page(owner, { q: 'nothing like it' })).toMatchObject({
      items: [],
      matching: 0,
      total: 6,
      nextCursor: null,
    });
    expect(await page(owner, { q: 'brake', type: 'insurance' })).toMatchObject({ matching: 0 });
  });

  it("never shows another user's entries, and answers 404 for another user's vehicle", async () => {
    const everything = entriesOf(await allPages(owner, { limit: 2 }));
    expect(everything).toHaveLength(6);
    expect(everything.map((entry) => entry.title).join()).not.toMatch(/stranger/);
    expect(await titlesFound('stranger')).toEqual([]);
    for (const vehicleId of [strangersCar, 2_000_000]) {
      const foreign = await get(owner, `/api/documents/page?vehicleId=${vehicleId}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Vehicle not found' });
    }
    const strangers = await page(stranger);
    expect(strangers.items.map((entry) => entry.title)).toEqual([
      'Insurance of a stranger',
      'Brake pads of a stranger (PDF)',
    ]);
    expect(strangers).toMatchObject({ matching: 2, total: 2 });
  });

  it('refuses a made-up or another list’s cursor, a bad limit, a NUL and an unknown type with 400', async () => {
    const first = await page(owner, { limit: 1 });
    expect(first.nextCursor).toMatch(/^2025-05-01~repair-file~\d+$/);
    for (const cursor of [
      'abc',
      '2025-02-30~document~1',
      // A record page's and an energy page's cursors.
      '2025-01-01~repair~1',
      '2025-01-01~7',
      '2025-01-01~document~99999999999',
      `${first.nextCursor} `,
      '',
    ]) {
      const response = await get(owner, `/api/documents/page?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ message: INVALID_CURSOR_MESSAGE });
    }
    for (const limit of ['0', '201', 'many', '1.5']) {
      const response = await get(owner, `/api/documents/page?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message).toMatch(/^limit must be/);
    }
    // No stored text holds a NUL, and PostgreSQL refuses one: refused before any statement.
    for (const q of ['%00', 'brake%00pads']) {
      const response = await get(owner, `/api/documents/page?q=${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json().message).toMatch(/^Search contains a character that cannot be/);
    }
    for (const type of ['cars', 'repair', 'Insurance']) {
      const response = await get(owner, `/api/documents/page?type=${type}`);
      expect(response.statusCode, type).toBe(400);
      expect(response.json()).toMatchObject({ message: DOCUMENT_PAGE_MESSAGES.unknownType });
    }
  });
});

/** The plan of each statement a page's request runs, as the app's session plans it. */
async function plansOf(user: SignedInUser, url: string, generic: boolean) {
  const statements: { text: string; params: unknown[] }[] = [];
  const app = await buildApp({
    config: testApp.config,
    db: drizzle(testApp.database.pool, {
      schema,
      logger: {
        logQuery(text, params) {
          statements.push({ text, params });
        },
      },
    }),
  });
  try {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    await app.close();
  }
  const client = await testApp.database.pool.connect();
  try {
    await client.query('set max_parallel_workers_per_gather = 0');
    // A prepared statement may be planned once for any values: its plan must use the index too.
    await client.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
    const plans: string[] = [];
    const ofEntries = /"(documents|maintenance|repairs|modifications)"/;
    for (const statement of statements.filter((s) => ofEntries.test(s.text))) {
      const { rows } = await client.query(`explain ${statement.text}`, statement.params);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  } finally {
    await client.query('reset plan_cache_mode');
    client.release();
  }
}

describe('the plans of a 2,000-record garage among other users', () => {
  let owner: SignedInUser;
  let bronco: number;

  beforeAll(async () => {
    owner = await newUser(testApp);
    bronco = await newVehicle(testApp, owner, { year: 2022, make: 'Ford', model: 'Bronco' });
    const vehicles = [await newVehicle(testApp, owner), bronco];
    // A file on every tenth record, a photo on every fourteenth.
    const rowsOf = (count: number, offset: number) =>
      Array.from({ length: count }, (_, index) => ({
        title: `${['Oil change', 'Brake service', 'Tire rotation'][(index + offset) % 3]} ${index}`,
        date: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-1${index % 10}`,
        fileUrl: index % 10 === 0 ? `/uploads/${offset}-${index}` : null,
        imageUrl: index % 14 === 0 ? `/uploads/${offset}-${index}-photo` : null,
      }));
    const documentsOf = (count: number, vehicleId: number) =>
      Array.from({ length: count }, (_, index) => ({
        title: `Receipt ${index}`,
        type: 'receipt',
        vehicleId,
        date: `2024-0${1 + (index % 9)}-1${index % 10}`,
        fileUrl: index % 5 === 0 ? null : `/uploads/receipt-${index}`,
        notes: index % 7 === 0 ? 'Paid by card' : null,
      }));
    for (const [index, type] of RECORD_TYPES.entries()) {
      for (const vehicleId of vehicles)
        await insertRecords(testApp, owner, type, vehicleId, rowsOf(334, index));
    }
    await insertDocuments(owner, documentsOf(60, bronco));
    for (let other = 0; other < 20; other++) {
      const user = await newUser(testApp);
      const car = await newVehicle(testApp, user);
      for (const type of RECORD_TYPES)
        await insertRecords(testApp, user, type, car, rowsOf(200, other));
      await insertDocuments(user, documentsOf(100, car));
    }
    await testApp.database.pool.query('analyze');
  }, 120_000);

  it('holds its entries', async () => {
    // Per kind and vehicle, 34 files and 24 photos of 334 records; 48 of 60 receipts with a file.
    expect((await page(owner)).total).toBe(6 * (34 + 24) + 48);
    expect((await page(owner, { q: 'paid by card' })).matching).toBe(7);
  });

  for (const generic of [false, true]) {
    const planned = generic ? 'generic' : 'custom';
    it(`reads every branch from the user's or the vehicle's rows, never a whole table (${planned} plan)`, async () => {
      for (const url of [
        '/api/documents/page',
        '/api/documents/page?q=brake%20service',
        `/api/documents/page?type=${RECORD_ATTACHMENT}&vehicleId=${bronco}`,
        '/api/documents/page?type=receipt&q=card',
      ]) {
        const plans = await plansOf(owner, url, generic);
        // The page and the counts.
        expect(plans, url).toHaveLength(2);
        for (const plan of plans) {
          // The user's entries of each branch, or (filtered to one) the vehicle's rows.
          expect(plan, url).toMatch(/_user_(file|image)_date_idx|_vehicle_id_idx/);
          expect(plan, url).not.toMatch(
            /Seq Scan on (maintenance|repairs|modifications|documents)\b/,
          );
        }
      }
    });
  }
});
