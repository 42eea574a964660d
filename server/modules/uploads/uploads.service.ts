/**
 * The rules of uploaded files (D14, D15), for every upload of the product. A file is judged by
 * its bytes, never by its name or declared type: photos are JPEG, PNG or WebP, documents PDF.
 * Photos are re-encoded (orientation applied, at most PHOTO_MAX_EDGE, no metadata, so no GPS
 * position survives) and get two WebP copies, a thumbnail for lists and a display copy for
 * showing them large (DISPLAY_WIDTH); PDFs are kept as received. A photo larger than
 * PHOTO_MAX_DECODED_BYTES once decoded is refused from its header, and re-encoding takes its
 * turn in the photo queue, one photo of each user at a time (decision 046). Checking and
 * re-encoding (`prepareFile`) happen before any transaction opens; `storeFile` then inserts on
 * the caller's transaction, so a refused or failed request stores nothing. Files are read back
 * by their owner only (D9). Decision 041 bounds what one user may store: every upload is admitted
 * first (`admitUploads`, UPLOADS_PER_HOUR) and every store fits the plan's storage quota.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DISPLAY_WIDTH,
  DOCUMENT_TYPES,
  fileUrl,
  PHOTO_MAX_DECODED_BYTES,
  PHOTO_MAX_EDGE,
  PHOTO_TYPES,
  THUMBNAIL_EDGE,
  thumbnailUrl,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from '@contract/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type DepthEnum } from 'sharp';
import { AppError, badRequest, notFound } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/open';
import { pastLimit } from '../accounts/past-limit';
import { hitCounter } from '../accounts/rate-limits.repository';
import type { SubscriptionService } from '../subscription/subscription.service';
import { createPhotoQueue, PhotoAbandoned, PhotoQueueFull } from './photo-queue';
import { findCopy, findFile, hasFile, insertFiles, readFileSlice } from './uploads.repository';

export type UploadKind = 'photo' | 'document' | 'photoOrDocument';
export type FileVariant = 'original' | 'thumbnail' | 'display';

/**
 * A file as a multipart body delivered it, with the signal of its request: aborted when the
 * client hangs up before it is answered (plugins/multipart.ts).
 */
export type IncomingFile = { buffer: Buffer; filename: string; signal: AbortSignal };

/** A file checked and, for a photo, re-encoded: ready to be stored. */
export type PreparedFile = {
  data: Buffer;
  contentType: string;
  originalName: string | null;
  thumbnail: Buffer | null;
  display: Buffer | null;
};

export type StoredFile = {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  contentType: string;
};

/** A file ready to be served: what it is, and its bytes as a stream, read only when sent. */
export type ServedFile = {
  size: number;
  contentType: string;
  originalName: string | null;
  /** Its bytes from `start` to `end`, both included. */
  stream(start: number, end: number): Readable;
};

const PHOTO_TYPE_SET: ReadonlySet<string> = new Set(PHOTO_TYPES);
const DOCUMENT_TYPE_SET: ReadonlySet<string> = new Set(DOCUMENT_TYPES);
/** Both copies of a photo, the thumbnail and the display copy, are WebP. */
const COPY_TYPE = 'image/webp';
const JPEG_QUALITY = 85;
const WEBP_QUALITY = 85;
const THUMBNAIL_QUALITY = 75;
const DISPLAY_QUALITY = 75;
/**
 * The photo queue's limits (decision 046): two photos re-encoded at once, as the machine has two
 * cores and other work to do; one of each user at a time, with at most two more of theirs
 * waiting and sixteen of everyone's. Past either cap a photo is refused at once with 503.
 */
const PHOTO_QUEUE_LIMITS = { slots: 2, waitingPerUser: 2, waitingInAll: 16 };

/** Bytes a decoded sample takes, by libvips' band format (sharp's `metadata().depth`). */
const SAMPLE_BYTES: Record<keyof DepthEnum, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

// One libvips thread per image, and no operation cache: every upload is a new image, and the
// cache would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

/** Runs at most `max` tasks at once; the others wait their turn. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    while (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Slices of stored files read at once, all downloads together (decision 045). Each slice costs
 * the main thread its decoding and its write to the socket; forty downloads each with a slice
 * in hand would fill every turn of the event loop with them, and every other request would wait
 * behind them all. One at a time keeps each turn short, takes one pool connection at most, and
 * still serves tens of MB/s; downloads take their turns in order.
 */
const SLICE_READS_AT_ONCE = 1;
const sliceReads = createLimiter(SLICE_READS_AT_ONCE);

/**
 * Bytes of a stored file read per query when it is served (decision 045): at 128 KB a 10 MB file
 * is 80 short queries, decoding one costs the main thread under a millisecond, and a download
 * holds a few slices in memory whatever the file's size.
 */
const SLICE_BYTES = 128 * 1024;

/**
 * The bytes `start` to `end` of a stored file, read one slice at a time as the client takes them:
 * the next slice is read only when the stream is asked for more, which piping to the socket does
 * once it has drained. A file deleted meanwhile ends the stream with a 404, which before the
 * first byte is the answer and after it an aborted download.
 */
function streamSlices(
  readSlice: (offset: number, length: number) => Promise<Buffer | undefined>,
  start: number,
  end: number,
): Readable {
  let next = start;
  return new Readable({
    read() {
      if (next > end) {
        this.push(null);
        return;
      }
      const length = Math.min(SLICE_BYTES, end + 1 - next);
      readSlice(next, length).then(
        (slice) => {
          if (this.destroyed) return;
          if (slice?.length !== length) {
            this.destroy(notFound());
            return;
          }
          next += length;
          this.push(slice);
        },
        (error: Error) => this.destroy(error),
      );
    },
  });
}

/** 32 random bytes: a URL nobody can guess (D14). */
function newFileId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The name as shown when the file is opened: no folders, no control or invisible formatting
 * characters (a right-to-left override could disguise the extension), at most 255 characters.
 */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const cut = Array.from(cleaned).slice(0, 255).join('').trim();
  return cut === '' ? null : cut;
}

function typeMessage(accept: UploadKind): string {
  if (accept === 'photo') return UPLOAD_MESSAGES.photoType;
  if (accept === 'document') return UPLOAD_MESSAGES.documentType;
  return UPLOAD_MESSAGES.fileType;
}

function isAccepted(contentType: string, accept: UploadKind): boolean {
  const isPhoto = PHOTO_TYPE_SET.has(contentType);
  const isDocument = DOCUMENT_TYPE_SET.has(contentType);
  if (accept === 'photo') return isPhoto;
  if (accept === 'document') return isDocument;
  return isPhoto || isDocument;
}

/**
 * Refuses, with 413, a photo larger than PHOTO_MAX_DECODED_BYTES once decoded (width × height ×
 * channels × bytes per channel), from its header alone: no pixel is decoded. A header that
 * cannot be read is 415.
 */
async function refuseOversizedPhoto(buffer: Buffer): Promise<void> {
  let decodedBytes: number;
  try {
    const { width, height, channels, depth } = await sharp(buffer, {
      limitInputPixels: false,
    }).metadata();
    decodedBytes = width * height * channels * SAMPLE_BYTES[depth];
  } catch {
    throw new AppError(415, UPLOAD_MESSAGES.unreadableImage);
  }
  if (decodedBytes > PHOTO_MAX_DECODED_BYTES) {
    throw new AppError(413, UPLOAD_MESSAGES.imageTooLargeToProcess);
  }
}

/**
 * D15: the photo decoded and encoded again in its own format, upright, no larger than
 * PHOTO_MAX_EDGE and without metadata (sharp keeps none unless asked), and its thumbnail and
 * display copy made from that clean copy. A photo that cannot be decoded is 415.
 */
async function reencodePhoto(
  buffer: Buffer,
  contentType: string,
): Promise<{ data: Buffer; thumbnail: Buffer; display: Buffer }> {
  try {
    // The decoded size was bounded from the header (refuseOversizedPhoto); sharp's own pixel
    // limit would also refuse a grey photo of many pixels that the rule allows.
    const resized = sharp(buffer, { limitInputPixels: false, failOn: 'error' })
      .autoOrient()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const encoded =
      contentType === 'image/jpeg'
        ? resized.jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
        : contentType === 'image/png'
          ? resized.png()
          : resized.webp({ quality: WEBP_QUALITY });
    const data = await encoded.toBuffer();
    return { data, ...(await copiesOf(data)) };
  } catch {
    throw new AppError(415, UPLOAD_MESSAGES.unreadableImage);
  }
}

/** A stored photo's small copy for lists and its copy for showing it large on a phone (D15). */
async function copiesOf(data: Buffer): Promise<{ thumbnail: Buffer; display: Buffer }> {
  try {
    const thumbnail = await sharp(data)
      .resize({
        width: THUMBNAIL_EDGE,
        height: THUMBNAIL_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    const display = await sharp(data)
      .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
      .webp({ quality: DISPLAY_QUALITY })
      .toBuffer();
    return { thumbnail, display };
  } catch {
    throw new AppError(415, UPLOAD_MESSAGES.unreadableImage);
  }
}

const HOUR_MS = 60 * 60 * 1000;

/** The bytes a prepared file takes as stored: the file and a photo's two copies (decision 041). */
function storedSizeOf(file: PreparedFile): number {
  return file.data.length + (file.thumbnail?.length ?? 0) + (file.display?.length ?? 0);
}

/** The queue's refusals as answers: busy is 503 with `Retry-After`; a client gone, 400 (D11). */
function toQueueAnswer(error: unknown): unknown {
  if (error instanceof PhotoQueueFull) {
    return new AppError(503, UPLOAD_MESSAGES.photosBusy, {
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    });
  }
  // Nobody reads this answer; it is the one a body cut off by its client gets.
  if (error instanceof PhotoAbandoned) return badRequest(UPLOAD_MESSAGES.malformedUpload);
  return error;
}

export function createUploadsService({
  db,
  config,
  subscription,
}: {
  db: Db;
  config: Pick<Config, 'storage'>;
  subscription: Pick<SubscriptionService, 'assertStorageNotFull' | 'assertRoomToStore'>;
}) {
  const photoQueue = createPhotoQueue(PHOTO_QUEUE_LIMITS);
  /**
   * Decision 041, before any file of a request is checked or decoded, so a refused request costs
   * no decoding: counts its `fileCount` uploads in one statement (past UPLOADS_PER_HOUR in the
   * hour, 429 with Retry-After; refused uploads count too, so a flood keeps paying), then
   * refuses with 413 when the user's storage is already full.
   */
  async function admitUploads(userId: number, fileCount: number): Promise<void> {
    const counter = await hitCounter(db, `uploads:${userId}`, HOUR_MS, fileCount);
    if (counter.hits > config.storage.uploadsPerHour)
      throw pastLimit(counter, UPLOAD_MESSAGES.tooManyUploads);
    await subscription.assertStorageNotFull(userId);
  }

  /**
   * D15: checks one file of `userId`'s against what the upload accepts and re-encodes a photo,
   * in its turn (decision 046). Throws 400 for an empty file, 415 for any other type (whatever
   * its name or declared type say) or a photo that cannot be decoded, 413 for a photo too large
   * once decoded, 503 with `Retry-After` when the photo queue is too long for it. Touches no
   * database.
   */
  async function prepareFile(
    userId: number,
    file: IncomingFile,
    accept: UploadKind,
  ): Promise<PreparedFile> {
    if (file.buffer.length === 0) throw badRequest(UPLOAD_MESSAGES.emptyFile);
    const detected = (await fileTypeFromBuffer(file.buffer))?.mime;
    if (!detected || !isAccepted(detected, accept)) {
      throw new AppError(415, typeMessage(accept));
    }
    const originalName = cleanFileName(file.filename);
    if (DOCUMENT_TYPE_SET.has(detected)) {
      return {
        data: file.buffer,
        contentType: detected,
        originalName,
        thumbnail: null,
        display: null,
      };
    }
    await refuseOversizedPhoto(file.buffer);
    const { data, thumbnail, display } = await photoQueue
      .run(userId, () => reencodePhoto(file.buffer, detected), file.signal)
      .catch((error: unknown) => {
        throw toQueueAnswer(error);
      });
    return { data, contentType: detected, originalName, thumbnail, display };
  }

  /**
   * Stores prepared files on the caller's transaction, in order, each under a new random id,
   * when they fit the user's storage quota (decision 041, 413 otherwise). It locks the user's
   * row, so a caller calls it before taking any other lock.
   */
  async function storeFiles(
    tx: Executor,
    userId: number,
    files: readonly PreparedFile[],
  ): Promise<StoredFile[]> {
    const bytes = files.reduce((sum, file) => sum + storedSizeOf(file), 0);
    await subscription.assertRoomToStore(tx, userId, bytes);
    const rows = files.map((file) => ({ ...file, id: newFileId(), size: file.data.length }));
    await insertFiles(tx, userId, rows);
    return rows.map((row) => ({
      id: row.id,
      url: fileUrl(row.id),
      thumbnailUrl: row.thumbnail ? thumbnailUrl(row.id) : null,
      contentType: row.contentType,
    }));
  }

  /** The bytes `start` to `end` of the user's stored file, slice by slice (decision 045). */
  function streamStoredBytes(userId: number, id: string, start: number, end: number): Readable {
    return streamSlices(
      (offset, length) => sliceReads(() => readFileSlice(db, userId, id, offset, length)),
      start,
      end,
    );
  }

  /**
   * Decision 055: a file of a backup, kept byte for byte (it was checked and re-encoded when it
   * was first uploaded, on whichever server), checked again here: its bytes must be of the type
   * the backup names and one this app stores (415 otherwise), a photo small enough once decoded
   * (413); a photo's copies are made in its turn in the photo queue (decision 046).
   */
  async function prepareRestoredFile(
    userId: number,
    bytes: Buffer,
    declaredType: string,
    originalName: string | null,
  ): Promise<PreparedFile> {
    const detected = (await fileTypeFromBuffer(bytes))?.mime;
    if (!detected || detected !== declaredType || !isAccepted(detected, 'photoOrDocument')) {
      throw new AppError(415, typeMessage('photoOrDocument'));
    }
    const name = originalName === null ? null : cleanFileName(originalName);
    if (DOCUMENT_TYPE_SET.has(detected)) {
      return {
        data: bytes,
        contentType: detected,
        originalName: name,
        thumbnail: null,
        display: null,
      };
    }
    await refuseOversizedPhoto(bytes);
    const copies = await photoQueue
      .run(userId, () => copiesOf(bytes))
      .catch((error: unknown) => {
        throw toQueueAnswer(error);
      });
    return { data: bytes, contentType: detected, originalName: name, ...copies };
  }

  return {
    admitUploads,
    prepareFile,
    prepareRestoredFile,
    /** The largest file any upload stores: what a backup's file may weigh. */
    maxStoredFileBytes: Math.max(
      UPLOAD_LIMITS.recordFileBytes,
      UPLOAD_LIMITS.vehicleImageBytes,
      UPLOAD_LIMITS.recordImageBytes,
    ),

    /** One prepared file, stored on the caller's transaction (first: it locks the user's row). */
    async storeFile(tx: Executor, userId: number, file: PreparedFile): Promise<StoredFile> {
      const [stored] = await storeFiles(tx, userId, [file]);
      return stored!;
    },

    /**
     * `POST /api/upload` (001 §7): every file is checked first, then all are stored in one
     * transaction, so one refused file stores none of the request. Answers their URLs in upload
     * order.
     */
    async uploadFiles(
      userId: number,
      files: readonly IncomingFile[],
      accept: UploadKind,
    ): Promise<string[]> {
      await admitUploads(userId, files.length);
      const prepared: PreparedFile[] = [];
      // One after the other: a request's photos take their turns one by one (decision 046).
      for (const file of files) prepared.push(await prepareFile(userId, file, accept));
      const stored = await db.transaction((tx) => storeFiles(tx, userId, prepared));
      return stored.map((file) => file.url);
    },

    /**
     * The user's file or one of its copies, ready to be streamed; someone else's, or a copy of a
     * PDF, is 404 (D9). A photo stored before display copies were made is displayed from
     * itself. Copies are tens of KB and come whole with this one query; a stored file's bytes are
     * read in slices while it is sent.
     */
    async openFile(userId: number, id: string, variant: FileVariant): Promise<ServedFile> {
      if (variant !== 'original') {
        const row = await findCopy(db, userId, id, variant);
        if (!row) throw notFound();
        const { copy } = row;
        if (copy) {
          return {
            size: copy.length,
            contentType: COPY_TYPE,
            originalName: row.originalName,
            stream: (start, end) => Readable.from([copy.subarray(start, end + 1)]),
          };
        }
      }
      const file = await findFile(db, userId, id);
      if (!file) throw notFound();
      return { ...file, stream: (start, end) => streamStoredBytes(userId, id, start, end) };
    },

    /**
     * The whole of the user's stored file whose length is known (a backup's entries), read in
     * slices as it is taken like a download; the stream fails with a 404 if the file goes.
     */
    streamStoredFile(userId: number, id: string, size: number): Readable {
      return streamStoredBytes(userId, id, 0, size - 1);
    },

    /** Whether `openFile` would find it, without reading the bytes (for a 304). */
    async hasFile(userId: number, id: string, variant: FileVariant): Promise<boolean> {
      return hasFile(db, userId, id, variant !== 'original');
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
