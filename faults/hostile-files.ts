/**
 * Hostile files for the import and restore calls (`faults/hostile-uploads.ts`): each is small on
 * the wire and costly to read, built here rather than kept in the repository. Each generator
 * streams what it writes (zeros through deflate, rows through a zip or gzip stream) or builds a
 * small file, so the suite itself never holds the expanded bytes. What each one expands to, and
 * where the reader would meet it, is in its `expands` text.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BACKUP_ENTRIES, BACKUP_FORMAT, BACKUP_VERSION } from '@contract/backup';
import {
  DATA_BLOCK,
  FREE_DATA_PAGE_LISTS,
  HEADER_PAGE,
  LITEDB_FILE_VERSION,
  LITEDB_HEADER_INFO,
  LITEDB_PAGE_HEADER_SIZE,
  LITEDB_PAGE_SIZE,
  NO_PAGE,
  NO_SLOT,
  PAGE_HEADER,
  PAGE_TYPES,
  SLOT_SIZE,
} from '../server/modules/imports/sources/litedb';
import { type SqliteDatabase, sqliteBytesOf } from '../server/modules/imports/sources/sqlite-file';
import { encodeBsonDocument } from '../server/test/samples/litedb-writer';

export type HostileFile = {
  /** Short name, used in the figures. */
  name: string;
  /** Where it goes: `POST /api/imports` or `POST /api/user/restore` (both take field `file`). */
  endpoint: '/api/imports' | '/api/user/restore';
  /** The file name the upload carries (what detection sees). */
  uploadName: string;
  path: string;
  /** What it is, and what reading it would cost. */
  expands: string;
};

const MB = 1024 * 1024;

/** Fuelly's metric header (sources/fuelly.ts): enough for the file to be taken for Fuelly's. */
const FUELLY_HEADER =
  'car_name, model, l/100km,  odometer, km, litres, price, city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup, partial_fuelup, latitude, longitude, brand';

/** A Fuelly row of fill-up `index`, its day stepping back one a row (years apart by the end). */
function fuellyRow(index: number): string {
  const day = new Date(Date.UTC(2025, 0, 1) - index * 86_400_000).toISOString().slice(0, 10);
  const litres = (30 + (index % 17) + (index % 7) / 10).toFixed(2);
  return `sx4,SX4,7.${index % 10},${1_000_000 - index},${400 + (index % 90)},${litres},1.${600 + (index % 99)},50,${day},${day},,,0,0,,,Shell\n`;
}

/** An ordinary Fuelly export of `rows` fill-ups: what a reader should take in its stride. */
export function ordinaryFuellyCsv(rows: number): Buffer {
  return Buffer.from(
    `${FUELLY_HEADER}\n${Array.from({ length: rows }, (_, index) => fuellyRow(index)).join('')}`,
  );
}

/** Lines produced in chunks of about 1 MB, for a deflate stream to take as it goes. */
function linesStream(header: string, count: number, line: (index: number) => string): Readable {
  let index = 0;
  let headerSent = false;
  return new Readable({
    read() {
      let chunk = headerSent || header === '' ? '' : `${header}\n`;
      headerSent = true;
      while (index < count && chunk.length < MB) chunk += line(index++);
      if (chunk.length > 0) this.push(chunk);
      if (index >= count) this.push(null);
    },
  });
}

/**
 * What an entry holds, in pieces: bytes, one chunk repeated (deflated once, its output written
 * `times` times: each piece is flushed to a byte boundary with its window reset, so pieces
 * deflated apart join into one valid stream), or a stream deflated as it is read. Only the
 * deflated bytes are ever held, never what they expand to.
 */
type Piece = Buffer | { chunk: Buffer; times: number } | { stream: () => Readable; level?: number };

type Deflated = { parts: Buffer[]; repeats: number[]; crc: number; size: number };

const FULL_FLUSH = { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH };
/** An empty last block: what ends a stream of flushed pieces. */
const LAST_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

async function deflatePieces(pieces: Piece[]): Promise<Deflated> {
  const out: Deflated = { parts: [], repeats: [], crc: 0, size: 0 };
  const add = (part: Buffer, times = 1) => {
    out.parts.push(part);
    out.repeats.push(times);
  };
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) {
      add(zlib.deflateRawSync(piece, FULL_FLUSH));
      out.crc = zlib.crc32(piece, out.crc);
      out.size += piece.length;
    } else if ('chunk' in piece) {
      add(zlib.deflateRawSync(piece.chunk, FULL_FLUSH), piece.times);
      for (let time = 0; time < piece.times; time += 1) out.crc = zlib.crc32(piece.chunk, out.crc);
      out.size += piece.chunk.length * piece.times;
    } else {
      if (piece !== pieces.at(-1)) throw new Error('A streamed piece ends its entry');
      const deflate = zlib.createDeflateRaw({ level: piece.level ?? 6 });
      const collected = (async () => {
        const parts: Buffer[] = [];
        for await (const part of deflate) parts.push(part as Buffer);
        return Buffer.concat(parts);
      })();
      for await (const chunk of piece.stream()) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        out.crc = zlib.crc32(bytes, out.crc);
        out.size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      deflate.end();
      // Ended by the stream's own last block.
      add(await collected);
      return out;
    }
  }
  add(LAST_BLOCK);
  return out;
}

const deflatedLength = (deflated: Deflated) =>
  deflated.parts.reduce((sum, part, index) => sum + part.length * deflated.repeats[index]!, 0);

/** Writes a file part by part: each part `repeats` times. */
function writeParts(fd: number, parts: Buffer[], repeats: number[]): number {
  let written = 0;
  parts.forEach((part, index) => {
    for (let time = 0; time < repeats[index]!; time += 1) written += fs.writeSync(fd, part);
  });
  return written;
}

type ZipEntry = { name: string; pieces: Piece[] };

/**
 * A zip of these entries, deflated (empty ones stored), with ZIP64's end records once it has
 * more than 65,535 entries. Written by hand: yazl's queue takes minutes over 100,000 entries.
 */
async function writeZip(file: string, entries: Iterable<ZipEntry>): Promise<void> {
  const fd = fs.openSync(file, 'w');
  try {
    const central: Buffer[] = [];
    let offset = 0;
    let count = 0;
    // 2026-01-01 00:00 in DOS time and date.
    const dosTime = 0;
    const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
    for (const entry of entries) {
      const isEmpty = entry.pieces.length === 0;
      const deflated = isEmpty
        ? { parts: [], repeats: [], crc: 0, size: 0 }
        : await deflatePieces(entry.pieces);
      const compressedSize = deflatedLength(deflated);
      const name = Buffer.from(entry.name);
      const common = Buffer.alloc(26);
      common.writeUInt16LE(20, 0); // version needed
      common.writeUInt16LE(0x0800, 2); // UTF-8 names
      common.writeUInt16LE(isEmpty ? 0 : 8, 4);
      common.writeUInt16LE(dosTime, 6);
      common.writeUInt16LE(dosDate, 8);
      common.writeUInt32LE(deflated.crc >>> 0, 10);
      common.writeUInt32LE(compressedSize, 14);
      common.writeUInt32LE(deflated.size, 18);
      common.writeUInt16LE(name.length, 22);
      common.writeUInt16LE(0, 24); // extra length
      const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name]);
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // made by
      common.copy(record, 6);
      // comment length, disk, internal and external attributes stay 0
      record.writeUInt32LE(offset, 42);
      central.push(record, name);
      offset += fs.writeSync(fd, local);
      offset += writeParts(fd, deflated.parts, deflated.repeats);
      count += 1;
    }
    const centralBytes = Buffer.concat(central);
    const centralOffset = offset;
    offset += fs.writeSync(fd, centralBytes);
    const isZip64 = count > 0xffff;
    if (isZip64) {
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(45, 12);
      end64.writeUInt16LE(45, 14);
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(centralBytes.length), 40);
      end64.writeBigUInt64LE(BigInt(centralOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(offset), 8);
      locator.writeUInt32LE(1, 16);
      fs.writeSync(fd, Buffer.concat([end64, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, 0xffff), 8);
    end.writeUInt16LE(Math.min(count, 0xffff), 10);
    end.writeUInt32LE(centralBytes.length, 12);
    end.writeUInt32LE(centralOffset, 16);
    fs.writeSync(fd, end);
  } finally {
    fs.closeSync(fd);
  }
}

/** A gzip of one stream of pieces: header, the deflated pieces, CRC-32 and length. */
async function writeGzip(file: string, pieces: Piece[]): Promise<void> {
  const deflated = await deflatePieces(pieces);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]));
    writeParts(fd, deflated.parts, deflated.repeats);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(deflated.crc >>> 0, 0);
    trailer.writeUInt32LE(deflated.size % 2 ** 32, 4);
    fs.writeSync(fd, trailer);
  } finally {
    fs.closeSync(fd);
  }
}

/** `megabytes` MB of one byte value (zeros by default), as 1 MB repeated. */
const repeatedMegabytes = (megabytes: number, byte = 0): Piece => ({
  chunk: Buffer.alloc(MB, byte),
  times: megabytes,
});

// --- SQLite (Hammond's hammond.db: tables vehicles, fillups, expenses; sources/hammond.ts) ---

/** SQL of a view with a `rowid` column over rows that never end: what `ORDER BY rowid` sorts. */
const endlessRows = (columns: string) =>
  `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n AS rowid, ${columns} FROM r`;

const VEHICLE_COLUMNS =
  "n AS id, 'Endless ' || n AS nickname, 'Honda' AS make, 'Civic' AS model, 2012 AS year_of_manufacture, 0 AS fuel_type, 0 AS fuel_unit, NULL AS deleted_at";
const FILLUP_COLUMNS =
  "n AS id, 1 AS vehicle_id, '2024-01-04 00:00:00+00:00' AS date, 40 AS fuel_quantity, 1.5 AS per_unit_price, 60 AS total_amount, n * 100 AS odo_reading, 1 AS is_tank_full, NULL AS deleted_at";

const HAMMOND_TABLES = {
  vehicles:
    'CREATE TABLE `vehicles` (id integer PRIMARY KEY, nickname text, make text, model text, year_of_manufacture integer, fuel_type integer, fuel_unit integer, deleted_at datetime)',
  fillups:
    'CREATE TABLE `fillups` (id integer PRIMARY KEY, vehicle_id integer, date datetime, fuel_quantity real, per_unit_price real, total_amount real, odo_reading integer, is_tank_full numeric, deleted_at datetime)',
  expenses:
    'CREATE TABLE `expenses` (id integer PRIMARY KEY, vehicle_id integer, date datetime, amount real, expense_type text, odo_reading integer, comments text, deleted_at datetime)',
};

/** A small database file: 1 KiB pages, so that a few objects make a file of a few KiB. */
function smallSqlite(
  fill: (database: SqliteDatabase) => void,
  afterVacuum?: (database: SqliteDatabase) => void,
): Buffer {
  return sqliteBytesOf((database) => {
    database.exec('PRAGMA page_size = 1024; PRAGMA journal_mode = DELETE;');
    fill(database);
    database.exec('VACUUM');
    afterVacuum?.(database);
  });
}

/** `vehicles` is a view over an unbounded recursive CTE: the reader's `SELECT … ORDER BY rowid` never ends. */
function hammondEndlessView(): Buffer {
  return smallSqlite((database) => {
    database.exec(`CREATE VIEW vehicles AS ${endlessRows(VEHICLE_COLUMNS)}`);
    database.exec(HAMMOND_TABLES.fillups);
    database.exec(HAMMOND_TABLES.expenses);
  });
}

/**
 * A Hammond database with triggers where the reader looks: `fillups` is an endless view with an
 * INSTEAD OF trigger, `vehicles` and `expenses` real tables whose triggers feed themselves on any
 * write (a reader that wrote, or ran the file's SQL, would never finish).
 */
function hammondWithTriggers(): Buffer {
  return smallSqlite((database) => {
    database.exec(HAMMOND_TABLES.vehicles);
    database.exec(HAMMOND_TABLES.expenses);
    database.exec(
      "INSERT INTO vehicles (id, nickname, make, model, year_of_manufacture, fuel_type, fuel_unit) VALUES (1, 'Civic', 'Honda', 'Civic', 2012, 0, 0)",
    );
    database.exec(`CREATE VIEW fillups AS ${endlessRows(FILLUP_COLUMNS)}`);
    database.exec(
      'CREATE TRIGGER fillups_insert INSTEAD OF INSERT ON fillups BEGIN INSERT INTO expenses (vehicle_id, amount) SELECT 1, n FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r); END',
    );
    database.exec(
      'CREATE TRIGGER expenses_grow AFTER INSERT ON expenses BEGIN INSERT INTO expenses (vehicle_id, amount) VALUES (NEW.vehicle_id, NEW.amount + 1); END',
    );
    database.exec(
      'CREATE TRIGGER vehicles_grow AFTER UPDATE ON vehicles BEGIN UPDATE vehicles SET nickname = nickname || nickname; END',
    );
  });
}

/**
 * A Hammond database whose tables are virtual: `fillups` an FTS5 table whose content is an
 * endless view (a full scan reads it for ever), and `expenses` a table of the `fsdir` module,
 * which lists the server's own files wherever SQLite's file extension is loaded.
 */
function hammondWithVirtualTables(): Buffer {
  return smallSqlite(
    (database) => {
      database.exec(HAMMOND_TABLES.vehicles);
      database.exec(
        "INSERT INTO vehicles (id, nickname, make, model, year_of_manufacture, fuel_type, fuel_unit) VALUES (1, 'Civic', 'Honda', 'Civic', 2012, 0, 0)",
      );
      database.exec(`CREATE VIEW endless_fillups AS ${endlessRows(FILLUP_COLUMNS)}`);
      database.exec(
        "CREATE VIRTUAL TABLE fillups USING fts5(id, vehicle_id, date, fuel_quantity, per_unit_price, total_amount, odo_reading, is_tank_full, deleted_at, content='endless_fillups', content_rowid='rowid')",
      );
    },
    (database) => {
      // A module this SQLite lacks cannot be created through SQL: its schema row is written whole,
      // which node:sqlite's defensive mode forbids until it is turned off.
      (database as SqliteDatabase & { enableDefensive: (on: boolean) => void }).enableDefensive(
        false,
      );
      database.exec('PRAGMA writable_schema = ON');
      database.exec(
        "INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('table', 'expenses', 'expenses', 0, 'CREATE VIRTUAL TABLE expenses USING fsdir(''/'')')",
      );
      database.exec('PRAGMA writable_schema = OFF');
    },
  );
}

// --- LiteDB (LubeLogger's data/cartracker.db; sources/litedb.ts) ---

/** Every collection the LubeLogger reader opens (sources/lubelogger.ts). */
const LUBELOGGER_COLLECTIONS = [
  'vehicles',
  'gasrecords',
  'servicerecords',
  'collisionrecords',
  'upgraderecords',
  'odometerrecords',
  'taxrecords',
  'supplyrecords',
  'planrecords',
  'reminderrecords',
  'notes',
  'userconfigrecords',
];

/** What one block holds when it fills a page: the page less its header, one slot, the block's head. */
const FULL_BLOCK_DATA = LITEDB_PAGE_SIZE - LITEDB_PAGE_HEADER_SIZE - SLOT_SIZE - DATA_BLOCK.data;
/** The most blocks the reader follows for one document (its guard against a chain that loops). */
const MAX_DOCUMENT_BLOCKS = 2049;

function litePageHeader(
  page: Buffer,
  fields: { pageId: number; type: number; next?: number; items?: number; used?: number },
) {
  const items = fields.items ?? 0;
  page.writeUInt32LE(fields.pageId, PAGE_HEADER.pageId);
  page[PAGE_HEADER.pageType] = fields.type;
  page.writeUInt32LE(NO_PAGE, PAGE_HEADER.prevPageId);
  page.writeUInt32LE(fields.next ?? NO_PAGE, PAGE_HEADER.nextPageId);
  page[PAGE_HEADER.pageListSlot] = fields.type === PAGE_TYPES.data ? 0 : NO_SLOT;
  page.writeUInt32LE(1, PAGE_HEADER.collectionId);
  page[PAGE_HEADER.itemsCount] = items;
  page.writeUInt16LE(fields.used ?? 0, PAGE_HEADER.usedBytes);
  page.writeUInt16LE(LITEDB_PAGE_HEADER_SIZE + (fields.used ?? 0), PAGE_HEADER.nextFreePosition);
  page[PAGE_HEADER.highestIndex] = items === 0 ? NO_SLOT : items - 1;
}

/** Puts a block in slot `index` of a data page at `position`; answers the block's bytes. */
function liteBlock(
  page: Buffer,
  index: number,
  position: number,
  data: Buffer,
  extend: boolean,
  next: { pageId: number; index: number } | null,
): Buffer {
  const length = DATA_BLOCK.data + data.length;
  const block = page.subarray(position, position + length);
  block[DATA_BLOCK.extend] = extend ? 1 : 0;
  block.writeUInt32LE(next?.pageId ?? NO_PAGE, DATA_BLOCK.nextPageId);
  block[DATA_BLOCK.nextIndex] = next?.index ?? NO_SLOT;
  data.copy(block, DATA_BLOCK.data);
  const lengthAt = LITEDB_PAGE_SIZE - (index + 1) * SLOT_SIZE;
  page.writeUInt16LE(length, lengthAt);
  page.writeUInt16LE(position, lengthAt + 2);
  return block;
}

/** The header page naming every collection, all of them at the one collection page 1. */
function liteHeaderPage(lastPageId: number): Buffer {
  const page = Buffer.alloc(LITEDB_PAGE_SIZE);
  litePageHeader(page, { pageId: 0, type: PAGE_TYPES.header });
  page.writeUInt32LE(NO_PAGE, PAGE_HEADER.collectionId);
  page.write(LITEDB_HEADER_INFO, HEADER_PAGE.info, 'latin1');
  page[HEADER_PAGE.fileVersion] = LITEDB_FILE_VERSION;
  page.writeUInt32LE(NO_PAGE, HEADER_PAGE.freeEmptyPageId);
  page.writeUInt32LE(lastPageId, HEADER_PAGE.lastPageId);
  encodeBsonDocument(Object.fromEntries(LUBELOGGER_COLLECTIONS.map((name) => [name, 1]))).copy(
    page,
    HEADER_PAGE.collections,
  );
  return page;
}

function liteCollectionPage(firstDataPageId: number): Buffer {
  const page = Buffer.alloc(LITEDB_PAGE_SIZE);
  litePageHeader(page, { pageId: 1, type: PAGE_TYPES.collection });
  for (let slot = 0; slot < FREE_DATA_PAGE_LISTS.count; slot += 1) {
    page.writeUInt32LE(
      slot === 0 ? firstDataPageId : NO_PAGE,
      FREE_DATA_PAGE_LISTS.position + slot * 4,
    );
  }
  return page;
}

/**
 * LubeLogger's database where every document of every collection is one short first block
 * chained into the same 2,048 full pages: 254 documents of 16 MB each per collection, twelve
 * collections on one collection page, so about 50 GB to decode from 16 MB of file (and a few
 * tens of KB zipped). Each document is valid: one field, `a`, null, written again and again, so
 * that decoding it costs time and no memory (the outside test's 8.5 GB froze a server 130 s).
 */
function* liteDbSharedChainPages(): Generator<Buffer> {
  const chainPages = MAX_DOCUMENT_BLOCKS - 1;
  const headPageId = 2;
  const firstChainPageId = 3;
  const lastPageId = firstChainPageId + chainPages - 1;
  // The document: int32 length, then `0x0A 'a' 0x00` (a null named a) until the last byte, 0.
  const headData = 7; // the length, and one element
  const elementsLength = headData - 4 + chainPages * FULL_BLOCK_DATA - 1;
  const repeats = Math.floor(elementsLength / 3);
  const documentLength = 4 + repeats * 3 + 1;
  const element = Buffer.from([0x0a, 0x61, 0x00]);
  const documentByte = (offset: number): number => {
    if (offset < 4) return (documentLength >>> (8 * offset)) & 0xff;
    if (offset === documentLength - 1) return 0;
    return element[(offset - 4) % 3]!;
  };
  const documentSlice = (start: number, end: number) => {
    const bytes = Buffer.alloc(end - start);
    for (let offset = start; offset < end; offset += 1)
      bytes[offset - start] = documentByte(offset);
    return bytes;
  };

  yield liteHeaderPage(lastPageId);
  yield liteCollectionPage(headPageId);

  // 254 first blocks, each the document's first 7 bytes, each continued by the shared chain.
  const heads = 254;
  const head = Buffer.alloc(LITEDB_PAGE_SIZE);
  const headBytes = documentSlice(0, headData);
  for (let index = 0; index < heads; index += 1) {
    const position = LITEDB_PAGE_HEADER_SIZE + index * (DATA_BLOCK.data + headData);
    liteBlock(head, index, position, headBytes, false, { pageId: firstChainPageId, index: 0 });
  }
  litePageHeader(head, {
    pageId: headPageId,
    type: PAGE_TYPES.data,
    items: heads,
    used: heads * (DATA_BLOCK.data + headData),
  });
  yield head;

  // The chain: one full block per page, each pointing at the next page's, the last ending it.
  for (let link = 0; link < chainPages; link += 1) {
    const pageId = firstChainPageId + link;
    const start = headData + link * FULL_BLOCK_DATA;
    const end = Math.min(documentLength, start + FULL_BLOCK_DATA);
    const data = documentSlice(start, end);
    const page = Buffer.alloc(LITEDB_PAGE_SIZE);
    const isLast = link === chainPages - 1;
    liteBlock(
      page,
      0,
      LITEDB_PAGE_HEADER_SIZE,
      data,
      true,
      isLast ? null : { pageId: pageId + 1, index: 0 },
    );
    // Chain pages are on no free list: only the head page is listed.
    litePageHeader(page, {
      pageId,
      type: PAGE_TYPES.data,
      items: 1,
      used: DATA_BLOCK.data + data.length,
    });
    page[PAGE_HEADER.pageListSlot] = NO_SLOT;
    yield page;
  }
}

/**
 * LubeLogger's database whose pages loop: the only data page's next-page pointer is itself, and
 * each of its documents continues into a block that continues into itself.
 */
function liteDbPageLoop(): Buffer {
  const page = Buffer.alloc(LITEDB_PAGE_SIZE);
  const dataPageId = 2;
  // Slot 0: a document's start; slot 1: a block that extends it and points back at itself.
  const startBlock = Buffer.from([0xff, 0xff, 0xff, 0x7f, 0x0a, 0x61, 0x00]);
  const loop = Buffer.alloc(4000, 0x61);
  let position = LITEDB_PAGE_HEADER_SIZE;
  liteBlock(page, 0, position, startBlock, false, { pageId: dataPageId, index: 1 });
  position += DATA_BLOCK.data + startBlock.length;
  liteBlock(page, 1, position, loop, true, { pageId: dataPageId, index: 1 });
  position += DATA_BLOCK.data + loop.length;
  litePageHeader(page, {
    pageId: dataPageId,
    type: PAGE_TYPES.data,
    next: dataPageId,
    items: 2,
    used: position - LITEDB_PAGE_HEADER_SIZE,
  });
  return Buffer.concat([liteHeaderPage(dataPageId), liteCollectionPage(dataPageId), page]);
}

// --- Tar ---

/** A ustar header for a regular file of `size` bytes. */
function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(`${(1_767_225_600).toString(8).padStart(11, '0')}\0`, 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

function tarOfSmallFiles(count: number): Readable {
  let index = 0;
  return new Readable({
    read() {
      const parts: Buffer[] = [];
      while (index < count && parts.length < 2000) {
        const body = Buffer.alloc(512);
        body.write('x\n');
        parts.push(tarHeader(`fuel-${String(index).padStart(6, '0')}.csv`, 2), body);
        index += 1;
      }
      if (parts.length > 0) this.push(Buffer.concat(parts));
      if (index >= count) {
        this.push(Buffer.alloc(1024));
        this.push(null);
      }
    },
  });
}

// --- Backups (contract/backup.ts) ---

const manifest = (vehicles: number) =>
  JSON.stringify({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    scope: 'account',
    createdAt: '2026-01-01T00:00:00.000Z',
    exportVersion: 3,
    counts: {
      vehicles,
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
  });

const HUGE_DOCUMENT_VEHICLE =
  '{"id":1,"year":2012,"make":"Honda","model":"Civic","vin":null,"licensePlate":null,"createdAt":"2026-01-01T00:00:00.000Z"},';

/** 400 MB of `data.json`: one array of the same vehicle, 1 MB of it deflated once. */
function hugeDocument(): Piece[] {
  const perChunk = Math.floor(MB / HUGE_DOCUMENT_VEHICLE.length);
  return [
    Buffer.from('{"version":3,"exportedAt":"2026-01-01T00:00:00.000Z","vehicles":['),
    { chunk: Buffer.from(HUGE_DOCUMENT_VEHICLE.repeat(perChunk)), times: 400 },
    Buffer.from(`${HUGE_DOCUMENT_VEHICLE.slice(0, -1)}],"files":[]}`),
  ];
}

/** `data.json` whose vehicles are arrays in arrays, 1,000,000 deep. */
function deepDocument(): Piece[] {
  return [
    Buffer.from('{"version":3,"vehicles":'),
    { chunk: Buffer.alloc(1000, '['), times: 1000 },
    { chunk: Buffer.alloc(1000, ']'), times: 1000 },
    Buffer.from('}'),
  ];
}

// --- The files ---

type HostileFileWriter = Omit<HostileFile, 'path'> & { write: (file: string) => Promise<void> };

const GENERATORS: HostileFileWriter[] = [
  {
    name: 'sqlite-endless-view',
    endpoint: '/api/imports',
    uploadName: 'hammond.db',
    expands: "Hammond's vehicles is a view over an unbounded recursive CTE",
    write: async (file) => fs.writeFileSync(file, hammondEndlessView()),
  },
  {
    name: 'sqlite-triggers',
    endpoint: '/api/imports',
    uploadName: 'hammond.db',
    expands:
      'fillups an endless view with an INSTEAD OF trigger; self-feeding triggers on the tables',
    write: async (file) => fs.writeFileSync(file, hammondWithTriggers()),
  },
  {
    name: 'sqlite-virtual-tables',
    endpoint: '/api/imports',
    uploadName: 'hammond.db',
    expands: 'fillups an FTS5 table over an endless view; expenses a virtual table of fsdir',
    write: async (file) => fs.writeFileSync(file, hammondWithVirtualTables()),
  },
  {
    name: 'litedb-shared-chain',
    endpoint: '/api/imports',
    uploadName: 'lubelogger-backup.zip',
    expands:
      'cartracker.db of 16 MB: 12 collections × 254 documents, each chained into one 2,048-page chain (about 50 GB to decode)',
    write: (file) =>
      writeZip(file, [
        {
          name: 'data/cartracker.db',
          pieces: [{ stream: () => Readable.from(liteDbSharedChainPages()) }],
        },
      ]),
  },
  {
    name: 'litedb-page-loop',
    endpoint: '/api/imports',
    uploadName: 'lubelogger-backup.zip',
    expands: 'cartracker.db whose data page is its own next page, a block its own next block',
    write: (file) => writeZip(file, [{ name: 'data/cartracker.db', pieces: [liteDbPageLoop()] }]),
  },
  {
    name: 'csv-million-rows-zip',
    endpoint: '/api/imports',
    uploadName: 'fuelly.zip',
    expands: '1,000,000 Fuelly rows (about 75 MB) in a zip',
    write: (file) =>
      writeZip(file, [
        {
          name: 'fuelups.csv',
          pieces: [
            {
              stream: () => {
                const rows = Array.from({ length: 400 }, (_, index) => fuellyRow(index));
                return linesStream(FUELLY_HEADER, 1_000_000, (index) => rows[index % 400]!);
              },
            },
          ],
        },
      ]),
  },
  {
    name: 'csv-one-line-zip',
    endpoint: '/api/imports',
    uploadName: 'fuelly.zip',
    expands: "Fuelly's header and 99 MB more of the same line, no line break",
    write: (file) =>
      writeZip(file, [
        {
          name: 'fuelups.csv',
          pieces: [Buffer.from(`${FUELLY_HEADER},`), repeatedMegabytes(99, 0x61)],
        },
      ]),
  },
  {
    name: 'csv-200k-rows',
    endpoint: '/api/imports',
    uploadName: 'fuelups.csv',
    expands: '200,000 Fuelly rows, plain, their dates spread over 550 years',
    write: (file) =>
      pipeline(linesStream(FUELLY_HEADER, 200_000, fuellyRow), fs.createWriteStream(file)),
  },
  {
    name: 'csv-million-columns',
    endpoint: '/api/imports',
    uploadName: 'fuelups.csv',
    expands: "Fuelly's header followed by 1,000,000 more columns, then one row",
    write: (file) =>
      pipeline(
        Readable.from(
          (async function* () {
            yield FUELLY_HEADER;
            yield* linesStream('', 1_000_000, (index) => `,c${index}`);
            yield `\n${fuellyRow(0)}`;
          })(),
        ),
        fs.createWriteStream(file),
      ),
  },
  {
    name: 'zip-bomb-ratio',
    endpoint: '/api/imports',
    uploadName: 'fuelly.zip',
    expands: 'one entry of 1 GB of zeros, deflated',
    write: (file) => writeZip(file, [{ name: 'fuelups.csv', pieces: [repeatedMegabytes(1024)] }]),
  },
  {
    name: 'zip-bomb-entries',
    endpoint: '/api/imports',
    uploadName: 'fuelly.zip',
    expands: '100,000 empty entries',
    write: (file) =>
      writeZip(
        file,
        (function* () {
          for (let index = 0; index < 100_000; index += 1) {
            yield { name: `f${index}.csv`, pieces: [] };
          }
        })(),
      ),
  },
  {
    name: 'gzip-bomb',
    endpoint: '/api/imports',
    uploadName: 'fuelups.csv.gz',
    expands: "Fuelly's header and 2 GB of zeros, gzipped",
    write: (file) => writeGzip(file, [Buffer.from(`${FUELLY_HEADER}\n`), repeatedMegabytes(2048)]),
  },
  {
    name: 'tar-gz-100k-files',
    endpoint: '/api/imports',
    uploadName: 'hammond_backup.tar.gz',
    expands: '100,000 small files in a tar.gz (100 MB of tar)',
    write: (file) => writeGzip(file, [{ stream: () => tarOfSmallFiles(100_000), level: 1 }]),
  },
  {
    name: 'backup-400mb-document',
    endpoint: '/api/user/restore',
    uploadName: 'garage-ledger-backup.zip',
    expands: 'a valid manifest; data.json of 400 MB, one array of the same vehicle',
    write: (file) =>
      writeZip(file, [
        { name: BACKUP_ENTRIES.manifest, pieces: [Buffer.from(manifest(1))] },
        { name: BACKUP_ENTRIES.data, pieces: hugeDocument() },
      ]),
  },
  {
    name: 'backup-deep-document',
    endpoint: '/api/user/restore',
    uploadName: 'garage-ledger-backup.zip',
    expands: 'a valid manifest; data.json nesting arrays 1,000,000 deep',
    write: (file) =>
      writeZip(file, [
        { name: BACKUP_ENTRIES.manifest, pieces: [Buffer.from(manifest(1))] },
        { name: BACKUP_ENTRIES.data, pieces: deepDocument() },
      ]),
  },
];

export const HOSTILE_FILE_NAMES = GENERATORS.map((generator) => generator.name);

/** Writes every hostile file (or those named) into `folder`; answers them in order. */
export async function writeHostileFiles(
  folder: string,
  only: readonly string[] = HOSTILE_FILE_NAMES,
): Promise<HostileFile[]> {
  const files: HostileFile[] = [];
  for (const { write, ...generator } of GENERATORS.filter((g) => only.includes(g.name))) {
    const file = path.join(folder, `${generator.name}-${generator.uploadName}`);
    await write(file);
    files.push({ ...generator, path: file });
  }
  return files;
}
