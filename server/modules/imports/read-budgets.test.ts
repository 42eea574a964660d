import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { createGzip, gzipSync } from 'node:zlib';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@contract/accounts';
import { BACKUP_ENTRIES, BACKUP_FORMAT, BACKUP_VERSION } from '@contract/backup';
import { IMPORT_MESSAGES } from '@contract/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { MAX_BLOCK_DATA, writeLiteDatabase } from '../../test/samples/litedb-writer';
import { expandUpload } from './containers';
import { readBackupDocument, readImportUpload } from './file-reading';
import { createExpansionBudget, READ_BUDGETS, ReadBudgetExceeded } from './read-budgets';
import { readCsv } from './sources/csv';
import { IMPORT_SOURCES } from './sources/index';
import { LITEDB_PAGE_SIZE, openLiteDatabase, SLOT_SIZE } from './sources/litedb';
import { columnsOf, sqliteBytesOf, withSqliteBytes } from './sources/sqlite-file';

/** The message a user sees for a file past `detail`'s bound. */
const tooComplex = (detail: string) => IMPORT_MESSAGES.tooComplex(detail);

/** Asserts `action` is refused with the budget's 422 and the message naming its bound. */
async function expectBudget(action: () => unknown, detail: string) {
  const error = await Promise.resolve()
    .then(action)
    .then(
      () => null,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ReadBudgetExceeded);
  expect(error).toMatchObject({ statusCode: 422, message: tooComplex(detail) });
}

// --- CSV -------------------------------------------------------------------------------------

/** Fuelly's imperial web header, as its reader detects it. */
const FUELLY_HEADER =
  'car_name, model, mpg, odometer, miles, gallons, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand';

/** A Fuelly export of `rows` fill-ups of one car, a few hundred miles apart. */
function fuellyCsv(rows: number): string {
  const lines = [FUELLY_HEADER];
  for (let row = 0; row < rows; row += 1) {
    const day = new Date(Date.UTC(1990, 0, 1) + row * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      `My SX4, Suzuki SX4, 24.1, ${10_000 + row * 300}, 300, 12.45, 3.199, 50, ${day}, ${day}, , , 0, 0, , , `,
    );
  }
  return `${lines.join('\n')}\n`;
}

const upload = (name: string, bytes: Buffer | string) => [
  { name, bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes },
];

const MORE_ROWS = `it has more than ${READ_BUDGETS.rows.toLocaleString('en-US')} rows`;

describe('CSV budgets', () => {
  it('refuses a Fuelly export with one row more than the budget', async () => {
    expect(MORE_ROWS).toBe('it has more than 50,000 rows');
    const text = fuellyCsv(READ_BUDGETS.rows + 1);

    await expectBudget(
      () => readImportUpload(upload('fuelups.csv', text), null, IMPORT_SOURCES),
      MORE_ROWS,
    );
  });

  // The header is a record but not a row: a file of exactly 50,000 fill-ups is read.
  it('reads a Fuelly export of exactly the budget of rows', async () => {
    const text = fuellyCsv(READ_BUDGETS.rows);

    const read = await readImportUpload(upload('fuelups.csv', text), 'fuelly', IMPORT_SOURCES);

    expect(read.format).toBe('fuelly');
    expect(read.reading.rows.length + read.reading.problems.length).toBe(READ_BUDGETS.rows);
  });

  it('counts records as it parses: the budget and a header are read, one record more is refused', async () => {
    // Records of one cell each: every record counts, the first being the header.
    const records = (count: number) => 'x\n'.repeat(count);

    expect(readCsv(records(READ_BUDGETS.rows + 1))).toHaveLength(READ_BUDGETS.rows + 1);
    await expectBudget(() => readCsv(records(READ_BUDGETS.rows + 2)), MORE_ROWS);
  });

  it('answers an upload whose header is wider than the budget with the budget, not "unknown file"', async () => {
    const header = `${Array.from({ length: READ_BUDGETS.columns + 1 }, (_, index) => `c${index}`).join(',')}\n1\n`;

    await expectBudget(
      () => readImportUpload(upload('wide.csv', header), null, IMPORT_SOURCES),
      `a row has more than ${READ_BUDGETS.columns} columns`,
    );
  });

  it('refuses a header wider than the budget of columns and reads one at the budget', async () => {
    const header = (cells: number) =>
      `${Array.from({ length: cells }, (_, index) => `column ${index}`).join(',')}\nvalue\n`;

    expect(readCsv(header(READ_BUDGETS.columns))[0]!.cells).toHaveLength(READ_BUDGETS.columns);
    await expectBudget(
      () => readCsv(header(READ_BUDGETS.columns + 1)),
      `a row has more than ${READ_BUDGETS.columns} columns`,
    );
  });

  it('refuses an upload whose fill-up is wider than the budget of columns', async () => {
    // Fuelly's 17 columns, then enough empty cells to pass 500.
    const text = fuellyCsv(2).replace(/\n$/, `${',x'.repeat(READ_BUDGETS.columns)}\n`);

    await expectBudget(
      () => readImportUpload(upload('fuelups.csv', text), null, IMPORT_SOURCES),
      `a row has more than ${READ_BUDGETS.columns} columns`,
    );
  });

  it('refuses one line longer than the budget of characters and reads one at the budget', async () => {
    // One line without any break: the parser must stop inside it. A kilobyte over, because
    // csv-parse compares the length before adding each byte: the first byte over is still taken.
    const line = (characters: number) => 'a'.repeat(characters);
    const detail = `a row is longer than ${READ_BUDGETS.recordCharacters / 1024} KB`;

    expect(readCsv(line(READ_BUDGETS.recordCharacters))[0]!.cells[0]).toHaveLength(
      READ_BUDGETS.recordCharacters,
    );
    await expectBudget(() => readCsv(line(READ_BUDGETS.recordCharacters + 1024)), detail);
  });

  it('refuses an upload whose fill-up has notes longer than the budget of characters', async () => {
    const longNotes = 'n'.repeat(READ_BUDGETS.recordCharacters + 1024);
    const text = fuellyCsv(2).replace(/, , 0, 0, , , \n$/, `, ${longNotes}, 0, 0, , , \n`);
    expect(text.length).toBeGreaterThan(READ_BUDGETS.recordCharacters);

    await expectBudget(
      () => readImportUpload(upload('fuelups.csv', text), null, IMPORT_SOURCES),
      `a row is longer than ${READ_BUDGETS.recordCharacters / 1024} KB`,
    );
  });
});

// --- Containers ------------------------------------------------------------------------------

const ZEROS = Buffer.alloc(1024 * 1024);

/** `length` zero bytes as a stream, a megabyte at a time: a bomb is never held in memory. */
function zeros(length: number): Readable {
  return Readable.from(
    (function* () {
      for (let left = length; left > 0; left -= ZEROS.length) {
        yield left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
      }
    })(),
  );
}

type ZipEntrySource =
  | { name: string; bytes: Buffer; stored?: boolean }
  | { name: string; zeros: number };

/** A deflated zip of these entries, as yazl writes one. */
function zipOf(entries: ZipEntrySource[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if ('bytes' in entry) zip.addBuffer(entry.bytes, entry.name, { compress: !entry.stored });
    else zip.addReadStream(zeros(entry.zeros), entry.name);
  }
  zip.end();
  return collect(zip.outputStream);
}

function gzipOfZeros(length: number): Promise<Buffer> {
  return collect(zeros(length).pipe(createGzip()));
}

/** A ustar archive: a 512-byte header per file (the fields readTar reads, and a checksum). */
function tarOf(files: { name: string; bytes: Buffer }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const file of files) {
    const header = Buffer.alloc(512);
    header.write(file.name, 0, 100, 'utf8');
    header.write('0000644\0', 100, 'ascii');
    header.write('0000000\0', 108, 'ascii');
    header.write('0000000\0', 116, 'ascii');
    header.write(`${file.bytes.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.write('00000000000\0', 136, 'ascii');
    header.write('0', 156, 'ascii');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    // The checksum is counted with its own field as spaces.
    header.fill(' ', 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header, file.bytes, Buffer.alloc((512 - (file.bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const tinyFiles = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `notes/${index}.txt`,
    bytes: Buffer.from(`${index}`),
    stored: true,
  }));

const MORE_ENTRIES = `it holds more than ${READ_BUDGETS.archiveEntries} files`;
const MORE_EXPANDED = `it expands to more than ${READ_BUDGETS.expandedBytes / 1024 ** 2} MB`;

describe('archive budgets', () => {
  it('refuses a zip with more entries than the budget and reads one at the budget', async () => {
    const atBudget = await zipOf(tinyFiles(READ_BUDGETS.archiveEntries));
    const overBudget = await zipOf(tinyFiles(READ_BUDGETS.archiveEntries + 1));

    await expect(expandUpload(upload('notes.zip', atBudget))).resolves.toHaveLength(
      READ_BUDGETS.archiveEntries,
    );
    await expectBudget(() => expandUpload(upload('notes.zip', overBudget)), MORE_ENTRIES);
  });

  it('refuses a zip whose entry inflates past the expansion budget', async () => {
    expect(MORE_EXPANDED).toBe('it expands to more than 100 MB');
    // Zeros deflate about a thousand to one: some 100 KB that would inflate to 100 MB and a byte.
    const bomb = await zipOf([{ name: 'fuelups.csv', zeros: READ_BUDGETS.expandedBytes + 1 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    await expectBudget(() => expandUpload(upload('fuelups.zip', bomb)), MORE_EXPANDED);
    await expectBudget(
      () => readImportUpload(upload('fuelups.zip', bomb), null, IMPORT_SOURCES),
      MORE_EXPANDED,
    );
  });

  it('reads a zip that inflates to exactly what the budget allows', async () => {
    // A smaller budget, so that the bound is tested without inflating 100 MB.
    const zip = await zipOf([{ name: 'fuelups.csv', zeros: 4096 }]);

    const [file] = await expandUpload(upload('fuelups.zip', zip), createExpansionBudget(4096));
    expect(file?.bytes.length).toBe(4096);
    await expectBudget(
      () => expandUpload(upload('fuelups.zip', zip), createExpansionBudget(4095)),
      'it expands to more than 0 MB',
    );
  });

  it('refuses a .csv.gz that inflates past the expansion budget', async () => {
    const bomb = await gzipOfZeros(READ_BUDGETS.expandedBytes + 1);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    await expectBudget(() => expandUpload(upload('fuelups.csv.gz', bomb)), MORE_EXPANDED);
  });

  it('reads a .csv.gz that inflates to exactly what the budget allows', async () => {
    const gzip = gzipSync(fuellyCsv(3));
    const size = Buffer.byteLength(fuellyCsv(3));

    const [file] = await expandUpload(upload('fuelups.csv.gz', gzip), createExpansionBudget(size));
    expect(file?.name).toBe('fuelups.csv');
    expect(file?.text()).toBe(fuellyCsv(3));
    await expectBudget(
      () => expandUpload(upload('fuelups.csv.gz', gzip), createExpansionBudget(size - 1)),
      'it expands to more than 0 MB',
    );
  });

  it('reads a Fuelly export from a tar.gz', async () => {
    const archive = gzipSync(
      tarOf([{ name: 'export/fuelups.csv', bytes: Buffer.from(fuellyCsv(3)) }]),
    );

    const read = await readImportUpload(upload('export.tar.gz', archive), null, IMPORT_SOURCES);

    expect(read.format).toBe('fuelly');
    expect(read.reading.rows).toHaveLength(3);
  });

  it('refuses a tar.gz with more entries than the budget and reads one at the budget', async () => {
    const atBudget = gzipSync(tarOf(tinyFiles(READ_BUDGETS.archiveEntries)));
    const overBudget = gzipSync(tarOf(tinyFiles(READ_BUDGETS.archiveEntries + 1)));

    await expect(expandUpload(upload('notes.tar.gz', atBudget))).resolves.toHaveLength(
      READ_BUDGETS.archiveEntries,
    );
    await expectBudget(() => expandUpload(upload('notes.tar.gz', overBudget)), MORE_ENTRIES);
  });
});

// --- LiteDB ----------------------------------------------------------------------------------

/** The notes of the long document: more than one block, so that it spans two data pages. */
const LONG_NOTES = 'n'.repeat(MAX_BLOCK_DATA + 7_000);

/**
 * A collection of a long document (its first block fills page 2, its second block most of page
 * 3) then a short one (page 3, slot 1). Both pages are on the fullest free list, page 2 first, so
 * the long document is read before the short one.
 */
function twoDocumentsFile(collection = 'GasRecords') {
  return writeLiteDatabase({
    [collection]: [
      { _id: 1, Notes: LONG_NOTES },
      { _id: 2, Notes: 'short' },
    ],
  });
}

/** The short document (page 3, slot 1) made to go on into the long one's second block. */
function chainIntoTheLongOne(file: Buffer) {
  const short = blockStart(file, 3, 1);
  file.writeUInt32LE(3, short + 1);
  file[short + 5] = 0;
  return file;
}

/** The byte where the data block in `slot` of page `pageId` starts. */
function blockStart(file: Buffer, pageId: number, slot: number): number {
  const page = pageId * LITEDB_PAGE_SIZE;
  const lengthAt = page + LITEDB_PAGE_SIZE - (slot + 1) * SLOT_SIZE;
  return page + file.readUInt16LE(lengthAt + 2);
}

describe('LiteDB budgets', () => {
  it('reads a document that spans two pages, and the next one', () => {
    const documents = openLiteDatabase(twoDocumentsFile()).readCollection('GasRecords');

    expect(documents).toEqual([
      { _id: 1, Notes: LONG_NOTES },
      { _id: 2, Notes: 'short' },
    ]);
  });

  it('refuses a file where a second document chains into the first one’s blocks', () => {
    const file = twoDocumentsFile();
    // The short document (page 3, slot 1) is the first block of its chain: it extends nothing.
    const short = blockStart(file, 3, 1);
    expect(file[short]).toBe(0);
    // The long document's second block is slot 0 of page 3, and it extends a block.
    expect(file[blockStart(file, 3, 0)]).toBe(1);
    // The short document now goes on into the long one's second block.
    file.writeUInt32LE(3, short + 1);
    file[short + 5] = 0;

    expect(() => openLiteDatabase(file).readCollection('GasRecords')).toThrow(
      'The database is damaged: two documents share their pages',
    );
  });

  it('answers a LubeLogger backup whose vehicles share their pages as a damaged file, 400', async () => {
    const database = chainIntoTheLongOne(twoDocumentsFile('Vehicles'));

    await expect(
      readImportUpload([{ name: 'data/cartracker.db', bytes: database }], null, IMPORT_SOURCES),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'The database is damaged: two documents share their pages',
    });
  });
});

// --- SQLite ----------------------------------------------------------------------------------

/** An unbounded query: it never ends unless something refuses it. */
const ENDLESS = 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r';
const REFUSED =
  'This database holds views, triggers or virtual tables, which no export has: it is not read.';

const plainDatabase = () =>
  sqliteBytesOf((database) => {
    database.exec(`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, nickname TEXT);
      INSERT INTO vehicles (nickname) VALUES ('Daily'), ('Weekend');`);
  });

describe('SQLite refusals', () => {
  it('reads the tables of a plain database', () => {
    const read = withSqliteBytes(plainDatabase(), (database) => ({
      columns: [...columnsOf(database, 'vehicles')],
      rows: database.prepare('SELECT nickname FROM vehicles ORDER BY id').all(),
    }));

    expect(read).toEqual({
      columns: ['id', 'nickname'],
      rows: [{ nickname: 'Daily' }, { nickname: 'Weekend' }],
    });
  });

  it('refuses a database holding a view, named like a table a reader reads', () => {
    const bytes = sqliteBytesOf((database) => {
      database.exec(`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, nickname TEXT);
        CREATE VIEW fillups AS ${ENDLESS};`);
    });

    expect(() => withSqliteBytes(bytes, () => 'read')).toThrow(REFUSED);
  });

  it('refuses a database holding a trigger', () => {
    const bytes = sqliteBytesOf((database) => {
      database.exec(`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, nickname TEXT);
        CREATE TRIGGER renamed AFTER UPDATE ON vehicles BEGIN SELECT 1; END;`);
    });

    expect(() => withSqliteBytes(bytes, () => 'read')).toThrow(REFUSED);
  });

  it('refuses a database holding a virtual table', () => {
    const bytes = sqliteBytesOf((database) => {
      database.exec(`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, nickname TEXT);
        CREATE VIRTUAL TABLE notes USING fts5(body);`);
    });

    expect(() => withSqliteBytes(bytes, () => 'read')).toThrow(REFUSED);
  });

  it('refuses a recursive query issued while reading', { timeout: 5_000 }, () => {
    const bytes = plainDatabase();

    // Refused when it is prepared: were it not, this would answer 'prepared' instead of hanging.
    expect(() =>
      withSqliteBytes(bytes, (database) => {
        database.prepare(ENDLESS);
        return 'prepared';
      }),
    ).toThrow(/not authorized/);
    expect(() => withSqliteBytes(bytes, (database) => database.prepare(ENDLESS).all())).toThrow(
      /not authorized/,
    );
  });
});

// --- Backup document -------------------------------------------------------------------------

const MANIFEST = {
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  scope: 'vehicle',
  createdAt: '2026-11-26T10:00:00.000Z',
  exportVersion: EXPORT_VERSION,
  counts: {
    vehicles: 0,
    energy: 0,
    maintenance: 0,
    repairs: 0,
    modifications: 0,
    odometer: 0,
    schedules: 0,
    documents: 0,
    files: 0,
  },
  files: { count: 0, bytes: 0 },
};

/** The export document of a passport with nothing in it. */
const EMPTY_DOCUMENT = {
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exportedAt: '2026-11-26T10:00:00.000Z',
  user: null,
  vehicles: [],
  vehicleImages: [],
  maintenance: [],
  repairs: [],
  modifications: [],
  recordImages: [],
  documents: [],
  files: [],
};

/** Rewrites the inflated size that `name`'s central directory entry declares. */
function declareSize(zip: Buffer, name: string, size: number) {
  // Central directory entries: signature, then the inflated size at 24 and the name at 46.
  for (let at = zip.indexOf(CENTRAL_ENTRY); at !== -1; at = zip.indexOf(CENTRAL_ENTRY, at + 4)) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      zip.writeUInt32LE(size, at + 24);
      return;
    }
  }
  throw new Error(`No central directory entry for ${name}`);
}
const CENTRAL_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

describe('backup document budget', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'garage-ledger-read-budgets-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function backupWith(name: string, data: ZipEntrySource) {
    const zip = await zipOf([
      { name: BACKUP_ENTRIES.manifest, bytes: Buffer.from(JSON.stringify(MANIFEST)) },
      data,
    ]);
    const file = path.join(folder, name);
    await writeFile(file, zip);
    return file;
  }

  it('reads a backup whose document is within the budget', async () => {
    const file = await backupWith('empty.zip', {
      name: BACKUP_ENTRIES.data,
      bytes: Buffer.from(JSON.stringify(EMPTY_DOCUMENT)),
    });

    const read = await readBackupDocument(file);

    expect(read.manifest.scope).toBe('vehicle');
    expect(read.document.vehicles).toEqual([]);
  });

  it('refuses a backup whose document inflates past the budget', async () => {
    // About 256 KB on disk that inflate to 256 MB and a byte.
    const file = await backupWith('bomb.zip', {
      name: BACKUP_ENTRIES.data,
      zeros: READ_BUDGETS.backupDocumentBytes + 1,
    });

    await expectBudget(() => readBackupDocument(file), 'its document is larger than 256 MB');
  });

  it('refuses a backup whose document declares more than the budget before inflating it', async () => {
    // A kilobyte of zeros whose central directory entry claims 256 MB and a byte: were the entry
    // inflated, its real size would not match and the zip would be answered as damaged instead.
    const zip = await zipOf([
      { name: BACKUP_ENTRIES.manifest, bytes: Buffer.from(JSON.stringify(MANIFEST)) },
      { name: BACKUP_ENTRIES.data, zeros: 1024 },
    ]);
    declareSize(zip, BACKUP_ENTRIES.data, READ_BUDGETS.backupDocumentBytes + 1);
    const file = path.join(folder, 'declared.zip');
    await writeFile(file, zip);

    await expectBudget(() => readBackupDocument(file), 'its document is larger than 256 MB');
  });

  it('answers a document nested a million levels deep as damaged', async () => {
    const file = await backupWith('nested.zip', {
      name: BACKUP_ENTRIES.data,
      bytes: Buffer.from('['.repeat(1_000_000)),
    });

    await expect(readBackupDocument(file)).rejects.toMatchObject({
      statusCode: 400,
      message: IMPORT_MESSAGES.damaged,
    });
  });
});
