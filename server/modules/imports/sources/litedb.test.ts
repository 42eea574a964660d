/**
 * The LiteDB 5 reader against files laid out by the sample writer: every BSON type LubeLogger's
 * documents use, a document chained across pages, many documents over many pages, and files that
 * are not, or no longer, LiteDB 5 databases.
 */
import { describe, expect, it } from 'vitest';
import {
  BsonDecimal,
  BsonInt64,
  encodeBsonDocument,
  MAX_BLOCK_DATA,
  writeLiteDatabase,
} from '../../../test/samples/litedb-writer';
import {
  BsonObjectId,
  DATA_BLOCK,
  decimalText,
  HEADER_PAGE,
  isLiteDbFile,
  LITEDB_PAGE_SIZE,
  openLiteDatabase,
  PAGE_HEADER,
  PAGE_TYPES,
} from './litedb';

const everyType = {
  _id: 7,
  Double: 12.5,
  Text: 'Vidange — huile 5W-30',
  Nested: { Name: 'Station', Value: 'Shell', IsRequired: false },
  Tags: ['costco', 'highway'],
  Files: [],
  Photo: new Uint8Array([0, 1, 2, 255]),
  Key: new BsonObjectId('65a1b2c3d4e5f60718293a4b'),
  IsFillToFull: true,
  MissedFuelUp: false,
  Date: new Date(Date.UTC(2024, 0, 2, 22, 0, 0)),
  Nothing: null,
  Mileage: 123_456,
  Big: new BsonInt64(9_007_199_254_740_993n),
  Small: new BsonInt64(42n),
  Cost: new BsonDecimal('-1234.560'),
  Gallons: new BsonDecimal('0.001'),
};

const everyTypeRead = {
  ...everyType,
  Big: '9007199254740993',
  Small: 42,
  Cost: '-1234.560',
  Gallons: '0.001',
};

function pageOf(file: Buffer, pageId: number): Buffer {
  return file.subarray(pageId * LITEDB_PAGE_SIZE, (pageId + 1) * LITEDB_PAGE_SIZE);
}

describe('openLiteDatabase', () => {
  it('reads back every value the writer wrote, of every BSON type LiteDB writes', () => {
    const file = writeLiteDatabase({ gasrecords: [everyType] });
    const database = openLiteDatabase(file);
    expect(database.collectionNames).toEqual(['gasrecords']);
    expect(database.readCollection('gasrecords')).toEqual([everyTypeRead]);
  });

  it('reads a document chained over three pages as the one document it is', () => {
    const notes = 'Long note. '.repeat(2_000);
    const large = { _id: 1, Notes: notes, Cost: new BsonDecimal('45.67') };
    expect(encodeBsonDocument(large).length).toBeGreaterThan(2 * MAX_BLOCK_DATA);
    const file = writeLiteDatabase({
      gasrecords: [{ _id: 0, Notes: 'before' }, large, { _id: 2, Notes: 'after' }],
    });
    // Header, collection page, then the data pages the 22 kB document needed.
    expect(file.length / LITEDB_PAGE_SIZE).toBeGreaterThanOrEqual(5);
    // Page 2 holds the first document; the large one starts on page 3 and continues on page 4,
    // whose first block says it extends another.
    const continued = pageOf(file, 4);
    expect(continued[PAGE_HEADER.pageType]).toBe(PAGE_TYPES.data);
    expect(continued[32 + DATA_BLOCK.extend]).toBe(1);
    expect(pageOf(file, 3)[32 + DATA_BLOCK.extend]).toBe(0);

    const documents = openLiteDatabase(file).readCollection('gasrecords');
    expect(documents).toEqual([
      { _id: 0, Notes: 'before' },
      { _id: 1, Notes: notes, Cost: '45.67' },
      { _id: 2, Notes: 'after' },
    ]);
  });

  it('reads thousands of documents over many pages and each collection apart', () => {
    const gas = Array.from({ length: 3_000 }, (_, index) => ({
      _id: index + 1,
      VehicleId: 1,
      Mileage: 10_000 + index * 400,
      Gallons: new BsonDecimal(`${30 + (index % 10)}.25`),
    }));
    const vehicles = [{ _id: 1, Make: 'Suzuki', Model: 'SX4' }];
    const database = openLiteDatabase(writeLiteDatabase({ vehicles, gasrecords: gas }));

    const read = database.readCollection('gasrecords');
    expect(read).toHaveLength(3_000);
    expect(read.map((document) => document._id).sort((a, b) => Number(a) - Number(b))).toEqual(
      gas.map((document) => document._id),
    );
    expect(read.find((document) => document._id === 2_999)).toEqual({
      _id: 2_999,
      VehicleId: 1,
      Mileage: 10_000 + 2_998 * 400,
      Gallons: '38.25',
    });
    expect(database.readCollection('vehicles')).toEqual(vehicles);
  });

  it('finds a collection whatever the case of its name, and none that is not there', () => {
    const database = openLiteDatabase(writeLiteDatabase({ GasRecords: [{ _id: 1 }] }));
    expect(database.readCollection('gasrecords')).toEqual([{ _id: 1 }]);
    expect(database.readCollection('taxrecords')).toEqual([]);
  });

  it('says plainly when the bytes are not a LiteDB 5 database', () => {
    expect(() => openLiteDatabase(Buffer.from('Date,Odometer\n1/3/2024,12345\n'))).toThrow(
      'This is not a LiteDB database, or it is encrypted with a password',
    );
    expect(() => openLiteDatabase(Buffer.alloc(3 * LITEDB_PAGE_SIZE, 0x5a))).toThrow(
      'This is not a LiteDB database',
    );
    const version4 = writeLiteDatabase({ vehicles: [] });
    version4[HEADER_PAGE.fileVersion] = 7;
    expect(() => openLiteDatabase(version4)).toThrow(
      'This LiteDB database is of file version 7; only LiteDB 5 databases (version 8) can be read',
    );
    expect(isLiteDbFile(writeLiteDatabase({}))).toBe(true);
    expect(isLiteDbFile(Buffer.from('** This is a LiteDB file **'))).toBe(false);
  });

  it('stops with a plain error on a damaged file instead of looping or reading past its end', () => {
    const file = writeLiteDatabase({ gasrecords: [{ _id: 1, Notes: 'x'.repeat(9_000) }] });
    // The first block's link to its continuation now points past the end of the file.
    const firstBlockAt = 2 * LITEDB_PAGE_SIZE + 32;
    file.writeUInt32LE(999, firstBlockAt + DATA_BLOCK.nextPageId);
    expect(() => openLiteDatabase(file).readCollection('gasrecords')).toThrow(
      'The database is damaged: a document points past the end of the file',
    );

    const looping = writeLiteDatabase({ gasrecords: [{ _id: 1 }] });
    // The data page's next page is itself.
    looping.writeUInt32LE(2, 2 * LITEDB_PAGE_SIZE + PAGE_HEADER.nextPageId);
    expect(() => openLiteDatabase(looping).readCollection('gasrecords')).toThrow(
      'The database is damaged: its page lists loop',
    );

    const cut = writeLiteDatabase({ gasrecords: [{ _id: 1, Notes: 'abc' }] });
    // The document says it is 1,000 bytes long.
    cut.writeInt32LE(1_000, 2 * LITEDB_PAGE_SIZE + 32 + DATA_BLOCK.data);
    expect(() => openLiteDatabase(cut).readCollection('gasrecords')).toThrow(
      'The database is damaged',
    );
  });
});

describe('decimalText', () => {
  it('writes a .NET decimal exactly, with its scale and sign', () => {
    const bits = (low: number, scale: number, isNegative = false) => {
      const bytes = Buffer.alloc(16);
      bytes.writeUInt32LE(low, 0);
      bytes.writeUInt32LE(((scale << 16) | (isNegative ? 0x8000_0000 : 0)) >>> 0, 12);
      return bytes;
    };
    expect(decimalText(bits(4567, 2))).toBe('45.67');
    expect(decimalText(bits(45670, 3))).toBe('45.670');
    expect(decimalText(bits(5, 3))).toBe('0.005');
    expect(decimalText(bits(12345, 0, true))).toBe('-12345');
    expect(decimalText(bits(0, 2, true))).toBe('0.00');
    const large = Buffer.alloc(16);
    large.writeUInt32LE(0xffff_ffff, 0);
    large.writeUInt32LE(0xffff_ffff, 4);
    large.writeUInt32LE(0xffff_ffff, 8);
    expect(decimalText(large)).toBe('79228162514264337593543950335');
  });
});
