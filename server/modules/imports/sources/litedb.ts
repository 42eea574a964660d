/**
 * A read-only reader of LiteDB 5 data files (file format version 8): the collection list and the
 * documents of a collection, nothing else. LubeLogger keeps everything in one such file
 * (`data/cartracker.db` of its backup zip), and no maintained JavaScript package reads it.
 *
 * The layout was learnt from LiteDB's own v5 source (read in SF-hust/LiteDB, a fork of
 * mbdavid/LiteDB at 5.0; litedb-org/LiteDB for BasePage's slot footer): Utils/Constants.cs (page
 * size, free-list slots), Engine/Pages/BasePage.cs (page header, slot footer),
 * Engine/Pages/HeaderPage.cs (file marker, version, collection list), Engine/Pages/CollectionPage.cs
 * (the free data page lists), Engine/Pages/DataPage.cs, Engine/Structures/DataBlock.cs and
 * Engine/Structures/PageAddress.cs (blocks chained into a document),
 * Engine/Disk/Serializer/BufferReader.cs (the BSON it writes) and
 * Engine/FileReader/FileReaderV8.cs (reading every document without the indexes, as done here).
 *
 * The file is untrusted input: every offset is checked, every chain is bounded, and anything
 * that does not add up ends the reading with a plain error rather than a wrong document.
 */

export const LITEDB_PAGE_SIZE = 8192;
export const LITEDB_PAGE_HEADER_SIZE = 32;
/** The text at byte 32 of the first page of every LiteDB 5 data file. */
export const LITEDB_HEADER_INFO = '** This is a LiteDB file **';
export const LITEDB_FILE_VERSION = 8;

/** Byte positions in a page's 32-byte header (BasePage). */
export const PAGE_HEADER = {
  pageId: 0,
  pageType: 4,
  prevPageId: 5,
  nextPageId: 9,
  pageListSlot: 13,
  transactionId: 14,
  isConfirmed: 18,
  collectionId: 19,
  itemsCount: 23,
  usedBytes: 24,
  fragmentedBytes: 26,
  nextFreePosition: 28,
  highestIndex: 30,
} as const;

export const PAGE_TYPES = { empty: 0, header: 1, collection: 2, index: 3, data: 4 } as const;

/** Byte positions in the header page, after the common page header (HeaderPage). */
export const HEADER_PAGE = {
  info: 32,
  fileVersion: 59,
  freeEmptyPageId: 60,
  lastPageId: 64,
  creationTime: 68,
  collections: 192,
  collectionsSize: 8000,
} as const;

/** A collection page starts with the heads of its five free data page lists (CollectionPage). */
export const FREE_DATA_PAGE_LISTS = { position: 32, count: 5 } as const;

/** Each slot of a page's footer: 2 bytes of length, then 2 bytes of position (BasePage). */
export const SLOT_SIZE = 4;

/** A data block: 1 byte "extends a previous block", the next block's address, then data. */
export const DATA_BLOCK = { extend: 0, nextPageId: 1, nextIndex: 5, data: 6 } as const;

/** "No page" and "no slot", as LiteDB writes them. */
export const NO_PAGE = 0xffff_ffff;
export const NO_SLOT = 0xff;

/** BSON element types LiteDB writes (BufferReader.ReadElement). */
export const BSON_TYPES = {
  double: 0x01,
  string: 0x02,
  document: 0x03,
  array: 0x04,
  binary: 0x05,
  objectId: 0x07,
  boolean: 0x08,
  dateTime: 0x09,
  null: 0x0a,
  int32: 0x10,
  int64: 0x12,
  decimal: 0x13,
  minValue: 0xff,
  maxValue: 0x7f,
} as const;

/** .NET's DateTime.MinValue and MaxValue, which LiteDB stores as these fixed millisecond counts. */
export const DATE_TIME_MIN_MS = -62_135_596_800_000;
export const DATE_TIME_MAX_MS = 253_402_300_800_000;

export class BsonObjectId {
  constructor(readonly hex: string) {}
}

/** LiteDB's MinValue and MaxValue markers (index bounds; a document rarely holds one). */
export class BsonBound {
  constructor(readonly bound: 'min' | 'max') {}
}

/**
 * A decoded value. A .NET decimal (BSON 0x13) comes as its exact decimal text ("45.670"), an
 * int64 as a number when it is a safe integer and as its text otherwise.
 */
export type BsonValue =
  | null
  | boolean
  | number
  | string
  | Date
  | Uint8Array
  | BsonObjectId
  | BsonBound
  | BsonValue[]
  | BsonDocument;
export type BsonDocument = { [key: string]: BsonValue };

export type LiteDatabase = {
  /** The collections the header page lists, as written (LiteDB compares them ignoring case). */
  collectionNames: string[];
  /** Every document of the collection, in storage order; [] for a collection the file lacks. */
  readCollection: (name: string) => BsonDocument[];
};

/** Whether the bytes begin as a LiteDB 5 data file; cheap, for detection. */
export function isLiteDbFile(bytes: Uint8Array): boolean {
  if (bytes.length < LITEDB_PAGE_SIZE) return false;
  const info = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(
    'latin1',
    HEADER_PAGE.info,
    HEADER_PAGE.info + LITEDB_HEADER_INFO.length,
  );
  return info === LITEDB_HEADER_INFO;
}

/** Opens a LiteDB 5 data file; throws a plain error when the bytes are not one. */
export function openLiteDatabase(bytes: Uint8Array): LiteDatabase {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (!isLiteDbFile(file)) {
    throw new Error('This is not a LiteDB database, or it is encrypted with a password');
  }
  const version = file[HEADER_PAGE.fileVersion];
  if (version !== LITEDB_FILE_VERSION) {
    throw new Error(
      `This LiteDB database is of file version ${version}; only LiteDB 5 databases (version ${LITEDB_FILE_VERSION}) can be read`,
    );
  }
  const pageCount = Math.floor(file.length / LITEDB_PAGE_SIZE);

  const collectionArea = file.subarray(
    HEADER_PAGE.collections,
    HEADER_PAGE.collections + HEADER_PAGE.collectionsSize,
  );
  const collectionList = decodeBsonDocument(collectionArea, { allowTrailingBytes: true });
  const collectionPages = new Map<string, number>();
  for (const [name, pageId] of Object.entries(collectionList)) {
    if (typeof pageId === 'number') collectionPages.set(name.toLowerCase(), pageId);
  }

  const page = (pageId: number, expectedType: number, what: string): Buffer => {
    if (!Number.isInteger(pageId) || pageId < 0 || pageId >= pageCount) {
      throw new Error(`The database is damaged: ${what} points past the end of the file`);
    }
    const start = pageId * LITEDB_PAGE_SIZE;
    const bytesOfPage = file.subarray(start, start + LITEDB_PAGE_SIZE);
    if (bytesOfPage[PAGE_HEADER.pageType] !== expectedType) {
      throw new Error(`The database is damaged: ${what} is not where the file says`);
    }
    return bytesOfPage;
  };

  /** A block's place in the file as one number: its page, then its slot (at most 255). */
  const blockAddress = (pageId: number, index: number) => pageId * 256 + index;

  /** The data block in slot `index` of a data page, or null for a free slot. */
  const blockBytes = (bytesOfPage: Buffer, index: number): Buffer | null => {
    const lengthAt = LITEDB_PAGE_SIZE - (index + 1) * SLOT_SIZE;
    const length = bytesOfPage.readUInt16LE(lengthAt);
    const position = bytesOfPage.readUInt16LE(lengthAt + 2);
    if (position === 0) return null;
    const footerStart = LITEDB_PAGE_SIZE - (bytesOfPage[PAGE_HEADER.highestIndex]! + 1) * SLOT_SIZE;
    if (position < LITEDB_PAGE_HEADER_SIZE || length <= DATA_BLOCK.data) {
      throw new Error('The database is damaged: a data block has an impossible size');
    }
    if (position + length > footerStart) {
      throw new Error('The database is damaged: a data block runs into its page footer');
    }
    return bytesOfPage.subarray(position, position + length);
  };

  /**
   * A document's bytes: its first block's data, then each next block's, to the chain's end.
   * Every block belongs to one document: a block reached a second time (`visitedBlocks`, kept
   * for the whole file) is a broken file, so that documents chained into one shared chain cannot
   * decode the same pages over and over (decision 061). The whole file so decodes at most its own
   * size, however many collections point at the same pages.
   */
  const documentBytes = (firstBlock: Buffer, at: number, visitedBlocks: Set<number>): Buffer => {
    const parts: Buffer[] = [];
    let block: Buffer | null = firstBlock;
    let address = at;
    // A document holds at most 2,048 blocks (LiteDB's 16 MB limit); more means a loop.
    for (let count = 0; block; count += 1) {
      if (count > 2048) throw new Error('The database is damaged: a document never ends');
      if (visitedBlocks.has(address)) {
        throw new Error('The database is damaged: two documents share their pages');
      }
      visitedBlocks.add(address);
      parts.push(block.subarray(DATA_BLOCK.data));
      const nextPageId = block.readUInt32LE(DATA_BLOCK.nextPageId);
      const nextIndex = block[DATA_BLOCK.nextIndex]!;
      if (nextPageId === NO_PAGE && nextIndex === NO_SLOT) break;
      address = blockAddress(nextPageId, nextIndex);
      const next = blockBytes(page(nextPageId, PAGE_TYPES.data, 'a document'), nextIndex);
      if (next?.[DATA_BLOCK.extend] !== 1) {
        throw new Error('The database is damaged: a document continues into a missing block');
      }
      block = next;
    }
    return Buffer.concat(parts);
  };

  const visitedBlocks = new Set<number>();
  /** Each collection is read once; asked again, it answers what it read (or its error). */
  const collections = new Map<string, BsonDocument[] | Error>();
  const readCollection = (name: string): BsonDocument[] => {
    const key = name.toLowerCase();
    let read = collections.get(key);
    if (read === undefined) {
      try {
        read = readCollectionOnce(name);
      } catch (error) {
        read = error instanceof Error ? error : new Error(String(error));
      }
      collections.set(key, read);
    }
    if (read instanceof Error) throw read;
    return read;
  };

  const readCollectionOnce = (name: string): BsonDocument[] => {
    const collectionPageId = collectionPages.get(name.toLowerCase());
    if (collectionPageId === undefined) return [];
    const collectionPage = page(collectionPageId, PAGE_TYPES.collection, `collection ${name}`);
    const documents: BsonDocument[] = [];
    const visited = new Set<number>();
    // Every data page of a collection is on one of its five free lists, by how full it is.
    for (let slot = 0; slot < FREE_DATA_PAGE_LISTS.count; slot += 1) {
      let pageId = collectionPage.readUInt32LE(FREE_DATA_PAGE_LISTS.position + slot * 4);
      while (pageId !== NO_PAGE) {
        if (visited.has(pageId)) throw new Error('The database is damaged: its page lists loop');
        visited.add(pageId);
        const dataPage = page(pageId, PAGE_TYPES.data, `a page of collection ${name}`);
        const highestIndex = dataPage[PAGE_HEADER.highestIndex]!;
        if (highestIndex !== NO_SLOT) {
          for (let index = 0; index <= highestIndex; index += 1) {
            const block = blockBytes(dataPage, index);
            // Blocks that extend another are read with the document they continue.
            if (block && block[DATA_BLOCK.extend] === 0) {
              const address = blockAddress(pageId, index);
              documents.push(decodeBsonDocument(documentBytes(block, address, visitedBlocks)));
            }
          }
        }
        pageId = dataPage.readUInt32LE(PAGE_HEADER.nextPageId);
      }
    }
    return documents;
  };

  return { collectionNames: Object.keys(collectionList), readCollection };
}

/** A BSON document as LiteDB writes it: standard BSON, with .NET decimals and UTC dates. */
export function decodeBsonDocument(
  bytes: Uint8Array,
  { allowTrailingBytes = false }: { allowTrailingBytes?: boolean } = {},
): BsonDocument {
  const cursor = new BsonCursor(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  const document = cursor.readDocument();
  if (!allowTrailingBytes && cursor.position !== bytes.length) {
    throw new Error('The database is damaged: a document is longer than it says');
  }
  return document;
}

class BsonCursor {
  position = 0;
  /** Nesting depth: a hostile file must not exhaust the stack. */
  private depth = 0;

  constructor(private readonly bytes: Buffer) {}

  private need(count: number): number {
    const at = this.position;
    if (count < 0 || at + count > this.bytes.length) {
      throw new Error('The database is damaged: a document ends too early');
    }
    this.position += count;
    return at;
  }

  readDocument(): BsonDocument {
    const document: BsonDocument = Object.create(null);
    this.readElements((key, value) => {
      document[key] = value;
    });
    return document;
  }

  private readArray(): BsonValue[] {
    const values: BsonValue[] = [];
    this.readElements((_key, value) => {
      values.push(value);
    });
    return values;
  }

  private readElements(add: (key: string, value: BsonValue) => void): void {
    if (this.depth >= 100) throw new Error('The database is damaged: documents nest too deeply');
    this.depth += 1;
    const start = this.position;
    const length = this.bytes.readInt32LE(this.need(4));
    const end = start + length;
    if (length < 5 || end > this.bytes.length) {
      throw new Error('The database is damaged: a document has an impossible length');
    }
    while (this.position < end - 1) {
      const type = this.bytes[this.need(1)]!;
      const key = this.readCString();
      add(key, this.readValue(type));
    }
    if (this.position !== end - 1 || this.bytes[this.need(1)] !== 0) {
      throw new Error('The database is damaged: a document does not end where it says');
    }
    this.depth -= 1;
  }

  private readCString(): string {
    const end = this.bytes.indexOf(0, this.position);
    if (end < 0) throw new Error('The database is damaged: a field name never ends');
    const text = this.bytes.toString('utf8', this.position, end);
    this.position = end + 1;
    return text;
  }

  private readValue(type: number): BsonValue {
    const bytes = this.bytes;
    switch (type) {
      case BSON_TYPES.double:
        return bytes.readDoubleLE(this.need(8));
      case BSON_TYPES.string: {
        const length = bytes.readInt32LE(this.need(4));
        const at = this.need(length);
        if (length < 1 || bytes[at + length - 1] !== 0) {
          throw new Error('The database is damaged: a text does not end where it says');
        }
        return bytes.toString('utf8', at, at + length - 1);
      }
      case BSON_TYPES.document:
        return this.readDocument();
      case BSON_TYPES.array:
        return this.readArray();
      case BSON_TYPES.binary: {
        const length = bytes.readInt32LE(this.need(4));
        this.need(1); // the subtype: a Guid (4) or plain bytes (0), both kept as bytes
        const at = this.need(length);
        return new Uint8Array(bytes.subarray(at, at + length));
      }
      case BSON_TYPES.objectId: {
        const at = this.need(12);
        return new BsonObjectId(bytes.toString('hex', at, at + 12));
      }
      case BSON_TYPES.boolean:
        return bytes[this.need(1)] !== 0;
      case BSON_TYPES.dateTime:
        return new Date(Number(bytes.readBigInt64LE(this.need(8))));
      case BSON_TYPES.null:
        return null;
      case BSON_TYPES.int32:
        return bytes.readInt32LE(this.need(4));
      case BSON_TYPES.int64: {
        const value = bytes.readBigInt64LE(this.need(8));
        const asNumber = Number(value);
        return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
      }
      case BSON_TYPES.decimal:
        return decimalText(bytes.subarray(this.need(16), this.position));
      case BSON_TYPES.minValue:
        return new BsonBound('min');
      case BSON_TYPES.maxValue:
        return new BsonBound('max');
      default:
        throw new Error(
          `The database holds a value of a kind LiteDB does not write (BSON type ${type})`,
        );
    }
  }
}

/**
 * A .NET decimal as LiteDB stores it (not IEEE decimal128): the 96-bit integer as three
 * little-endian int32 (low, middle, high), then flags with the scale in bits 16-23 and the sign
 * in bit 31. Written out exactly, trailing zeros kept as .NET prints them ("45.670").
 */
export function decimalText(sixteenBytes: Uint8Array): string {
  const bytes = Buffer.from(sixteenBytes.buffer, sixteenBytes.byteOffset, 16);
  const low = BigInt(bytes.readUInt32LE(0));
  const middle = BigInt(bytes.readUInt32LE(4));
  const high = BigInt(bytes.readUInt32LE(8));
  const flags = bytes.readUInt32LE(12);
  const scale = (flags >>> 16) & 0xff;
  if (scale > 28) throw new Error('The database is damaged: a decimal has an impossible scale');
  const isNegative = (flags & 0x8000_0000) !== 0;
  const digits = ((high << 64n) | (middle << 32n) | low).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const text = scale > 0 ? `${whole}.${fraction}` : whole;
  return isNegative && /[1-9]/.test(digits) ? `-${text}` : text;
}
