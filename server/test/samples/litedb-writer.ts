/**
 * A minimal LiteDB 5 writer, for tests and sample files only: it lays documents out as LiteDB 5
 * does on disk (header page with its collection list, one collection page per collection, data
 * pages whose blocks chain a document across pages, each page on its collection's free list), so
 * that the reader in ../litedb.ts is tested against bytes it did not produce itself.
 *
 * It writes no index pages: LiteDB itself would need the `_id` index to query the file, but its
 * rebuild reader (FileReaderV8) and ours read documents through the free lists only.
 */
import {
  BSON_TYPES,
  BsonObjectId,
  DATA_BLOCK,
  DATE_TIME_MAX_MS,
  DATE_TIME_MIN_MS,
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
} from '../../modules/imports/sources/litedb';

/** A .NET decimal, written as LiteDB writes one (BSON 0x13, .NET's own 16-byte layout). */
export class BsonDecimal {
  constructor(readonly text: string) {}
}

/** An int64 (a plain number is written as an int32 when it fits, else as a double). */
export class BsonInt64 {
  constructor(readonly value: bigint) {}
}

export type WritableBsonValue =
  | null
  | boolean
  | number
  | string
  | Date
  | Uint8Array
  | BsonObjectId
  | BsonDecimal
  | BsonInt64
  | WritableBsonValue[]
  | WritableBsonDocument;
export type WritableBsonDocument = { [key: string]: WritableBsonValue };

/** The most document bytes one block holds: a page less its header, one slot and the block's head. */
export const MAX_BLOCK_DATA =
  LITEDB_PAGE_SIZE - LITEDB_PAGE_HEADER_SIZE - SLOT_SIZE - DATA_BLOCK.data;

/** Free bytes from which a data page sits on each free list (DataPage.FreeIndexSlot). */
const FREE_LIST_THRESHOLDS = [0.9, 0.75, 0.6, 0.3].map((share) =>
  Math.floor((LITEDB_PAGE_SIZE - LITEDB_PAGE_HEADER_SIZE) * share),
);

export function encodeBsonDocument(document: WritableBsonDocument): Buffer {
  return encodeElements(Object.entries(document));
}

function encodeElements(elements: [string, WritableBsonValue][]): Buffer {
  const parts = elements.map(([key, value]) => {
    const [type, bytes] = encodeValue(value);
    return Buffer.concat([Buffer.from([type]), Buffer.from(`${key}\0`, 'utf8'), bytes]);
  });
  const body = Buffer.concat(parts);
  const length = Buffer.alloc(4);
  length.writeInt32LE(4 + body.length + 1);
  return Buffer.concat([length, body, Buffer.from([0])]);
}

function encodeValue(value: WritableBsonValue): [number, Buffer] {
  if (value === null) return [BSON_TYPES.null, Buffer.alloc(0)];
  if (typeof value === 'boolean') return [BSON_TYPES.boolean, Buffer.from([value ? 1 : 0])];
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31) {
      const bytes = Buffer.alloc(4);
      bytes.writeInt32LE(value);
      return [BSON_TYPES.int32, bytes];
    }
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleLE(value);
    return [BSON_TYPES.double, bytes];
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(4);
    length.writeInt32LE(text.length + 1);
    return [BSON_TYPES.string, Buffer.concat([length, text, Buffer.from([0])])];
  }
  if (value instanceof Date) {
    const bytes = Buffer.alloc(8);
    const milliseconds = Math.min(Math.max(value.getTime(), DATE_TIME_MIN_MS), DATE_TIME_MAX_MS);
    bytes.writeBigInt64LE(BigInt(milliseconds));
    return [BSON_TYPES.dateTime, bytes];
  }
  if (value instanceof BsonDecimal) return [BSON_TYPES.decimal, encodeDecimal(value.text)];
  if (value instanceof BsonInt64) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigInt64LE(value.value);
    return [BSON_TYPES.int64, bytes];
  }
  if (value instanceof BsonObjectId) return [BSON_TYPES.objectId, Buffer.from(value.hex, 'hex')];
  if (value instanceof Uint8Array) {
    const length = Buffer.alloc(4);
    length.writeInt32LE(value.length);
    return [BSON_TYPES.binary, Buffer.concat([length, Buffer.from([0]), value])];
  }
  if (Array.isArray(value)) {
    return [
      BSON_TYPES.array,
      encodeElements(value.map((item, index): [string, WritableBsonValue] => [`${index}`, item])),
    ];
  }
  return [BSON_TYPES.document, encodeElements(Object.entries(value))];
}

/** "-45.670" as .NET keeps it: the digits as a 96-bit integer, the scale and sign in the flags. */
function encodeDecimal(text: string): Buffer {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const integer = BigInt(`${whole}${fraction}`);
  const bytes = Buffer.alloc(16);
  bytes.writeUInt32LE(Number(integer & 0xffff_ffffn), 0);
  bytes.writeUInt32LE(Number((integer >> 32n) & 0xffff_ffffn), 4);
  bytes.writeUInt32LE(Number((integer >> 64n) & 0xffff_ffffn), 8);
  bytes.writeUInt32LE(((fraction.length << 16) | (sign ? 0x8000_0000 : 0)) >>> 0, 12);
  return bytes;
}

type DataPageDraft = { pageId: number; bytes: Buffer; itemsCount: number; usedBytes: number };

/** A LiteDB 5 data file holding these collections' documents, in this order. */
export function writeLiteDatabase(collections: Record<string, WritableBsonDocument[]>): Buffer {
  const pages: Buffer[] = [Buffer.alloc(LITEDB_PAGE_SIZE)];
  const collectionPageIds: Record<string, number> = {};

  for (const [name, documents] of Object.entries(collections)) {
    const collectionPageId = pages.length;
    collectionPageIds[name] = collectionPageId;
    const collectionPage = Buffer.alloc(LITEDB_PAGE_SIZE);
    pages.push(collectionPage);

    const dataPages: DataPageDraft[] = [];
    let current: DataPageDraft | undefined;
    const freeBytes = (page: DataPageDraft) =>
      LITEDB_PAGE_SIZE - LITEDB_PAGE_HEADER_SIZE - page.usedBytes - page.itemsCount * SLOT_SIZE;

    for (const document of documents) {
      const bytes = encodeBsonDocument(document);
      let previousBlock: Buffer | undefined;
      for (let offset = 0; offset < bytes.length; offset += MAX_BLOCK_DATA) {
        const data = bytes.subarray(offset, offset + MAX_BLOCK_DATA);
        const blockLength = DATA_BLOCK.data + data.length;
        if (!current || freeBytes(current) < blockLength + SLOT_SIZE || current.itemsCount >= 254) {
          current = {
            pageId: pages.length,
            bytes: Buffer.alloc(LITEDB_PAGE_SIZE),
            itemsCount: 0,
            usedBytes: 0,
          };
          pages.push(current.bytes);
          dataPages.push(current);
        }
        const index = current.itemsCount;
        const position = LITEDB_PAGE_HEADER_SIZE + current.usedBytes;
        const block = current.bytes.subarray(position, position + blockLength);
        block[DATA_BLOCK.extend] = offset > 0 ? 1 : 0;
        block.writeUInt32LE(NO_PAGE, DATA_BLOCK.nextPageId);
        block[DATA_BLOCK.nextIndex] = NO_SLOT;
        data.copy(block, DATA_BLOCK.data);
        const lengthAt = LITEDB_PAGE_SIZE - (index + 1) * SLOT_SIZE;
        current.bytes.writeUInt16LE(blockLength, lengthAt);
        current.bytes.writeUInt16LE(position, lengthAt + 2);
        current.itemsCount += 1;
        current.usedBytes += blockLength;
        if (previousBlock) {
          previousBlock.writeUInt32LE(current.pageId, DATA_BLOCK.nextPageId);
          previousBlock[DATA_BLOCK.nextIndex] = index;
        }
        previousBlock = block;
      }
    }

    const freeLists: DataPageDraft[][] = Array.from(
      { length: FREE_DATA_PAGE_LISTS.count },
      () => [],
    );
    for (const page of dataPages) {
      const slot = FREE_LIST_THRESHOLDS.findIndex((threshold) => freeBytes(page) >= threshold);
      freeLists[slot === -1 ? FREE_DATA_PAGE_LISTS.count - 1 : slot]!.push(page);
    }
    freeLists.forEach((list, slot) => {
      list.forEach((page, position) => {
        writePageHeader(page.bytes, {
          pageId: page.pageId,
          pageType: PAGE_TYPES.data,
          prevPageId: list[position - 1]?.pageId ?? NO_PAGE,
          nextPageId: list[position + 1]?.pageId ?? NO_PAGE,
          pageListSlot: slot,
          collectionId: collectionPageId,
          itemsCount: page.itemsCount,
          usedBytes: page.usedBytes,
        });
      });
      collectionPage.writeUInt32LE(
        list[0]?.pageId ?? NO_PAGE,
        FREE_DATA_PAGE_LISTS.position + slot * 4,
      );
    });
    writePageHeader(collectionPage, {
      pageId: collectionPageId,
      pageType: PAGE_TYPES.collection,
      collectionId: collectionPageId,
    });
    // The index list starts at 96: its count byte, here 0 (no index is written).
    collectionPage[96] = 0;
  }

  writeHeaderPage(pages[0]!, pages.length - 1, collectionPageIds);
  return Buffer.concat(pages);
}

type PageHeaderFields = {
  pageId: number;
  pageType: number;
  prevPageId?: number;
  nextPageId?: number;
  pageListSlot?: number;
  collectionId?: number;
  itemsCount?: number;
  usedBytes?: number;
};

function writePageHeader(page: Buffer, fields: PageHeaderFields): void {
  const itemsCount = fields.itemsCount ?? 0;
  const usedBytes = fields.usedBytes ?? 0;
  page.writeUInt32LE(fields.pageId, PAGE_HEADER.pageId);
  page[PAGE_HEADER.pageType] = fields.pageType;
  page.writeUInt32LE(fields.prevPageId ?? NO_PAGE, PAGE_HEADER.prevPageId);
  page.writeUInt32LE(fields.nextPageId ?? NO_PAGE, PAGE_HEADER.nextPageId);
  page[PAGE_HEADER.pageListSlot] = fields.pageListSlot ?? NO_SLOT;
  page.writeUInt32LE(0, PAGE_HEADER.transactionId);
  page[PAGE_HEADER.isConfirmed] = 0;
  page.writeUInt32LE(fields.collectionId ?? NO_PAGE, PAGE_HEADER.collectionId);
  page[PAGE_HEADER.itemsCount] = itemsCount;
  page.writeUInt16LE(usedBytes, PAGE_HEADER.usedBytes);
  page.writeUInt16LE(0, PAGE_HEADER.fragmentedBytes);
  page.writeUInt16LE(LITEDB_PAGE_HEADER_SIZE + usedBytes, PAGE_HEADER.nextFreePosition);
  page[PAGE_HEADER.highestIndex] = itemsCount === 0 ? NO_SLOT : itemsCount - 1;
}

/** .NET ticks (100 ns since 0001-01-01) of a moment, as LiteDB writes the creation time. */
function dotNetTicks(date: Date): bigint {
  return (BigInt(date.getTime()) - BigInt(DATE_TIME_MIN_MS)) * 10_000n;
}

function writeHeaderPage(page: Buffer, lastPageId: number, collections: Record<string, number>) {
  writePageHeader(page, { pageId: 0, pageType: PAGE_TYPES.header });
  page.write(LITEDB_HEADER_INFO, HEADER_PAGE.info, 'latin1');
  page[HEADER_PAGE.fileVersion] = LITEDB_FILE_VERSION;
  page.writeUInt32LE(NO_PAGE, HEADER_PAGE.freeEmptyPageId);
  page.writeUInt32LE(lastPageId, HEADER_PAGE.lastPageId);
  page.writeBigInt64LE(dotNetTicks(new Date(Date.UTC(2024, 0, 1))), HEADER_PAGE.creationTime);
  // Pragmas (EnginePragmas): user version 1 (LubeLogger's after its decimal migration),
  // invariant collation ignoring case, 60 s timeout, local dates, checkpoint every 1,000 pages,
  // no size limit.
  page.writeInt32LE(1, 76);
  page.writeInt32LE(127, 80);
  page.writeInt32LE(1, 84);
  page.writeInt32LE(60, 88);
  page[96] = 0;
  page.writeInt32LE(1000, 97);
  page.writeBigInt64LE(0x7fff_ffff_ffff_ffffn, 101);
  encodeBsonDocument(collections).copy(page, HEADER_PAGE.collections);
}
