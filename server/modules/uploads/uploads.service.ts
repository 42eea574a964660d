/**
 * The rules of uploaded files (D14, D15), for every upload of the product. A file is judged by
 * its bytes, never by its name or declared type: photos are JPEG, PNG or WebP, documents PDF.
 * Photos are re-encoded (orientation applied, at most PHOTO_MAX_EDGE, no metadata, so no GPS
 * position survives) and get two WebP copies, a thumbnail for lists and a display copy for
 * showing them large (DISPLAY_WIDTH); PDFs are kept as received. Checking and
 * re-encoding (`prepareFile`) happen before any transaction opens; `storeFile` then inserts on
 * the caller's transaction, so a refused or failed request stores nothing. Files are read back
 * by their owner only (D9).
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DISPLAY_WIDTH,
  DOCUMENT_TYPES,
  fileUrl,
  PHOTO_MAX_EDGE,
  PHOTO_MAX_INPUT_PIXELS,
  PHOTO_TYPES,
  THUMBNAIL_EDGE,
  thumbnailUrl,
  UPLOAD_MESSAGES,
} from '@contract/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest, notFound } from '../../app-error';
import type { Db, Executor } from '../../db/open';
import { findCopy, findFile, hasFile, insertFiles, readFileSlice } from './uploads.repository';

export type UploadKind = 'photo' | 'document' | 'photoOrDocument';
export type FileVariant = 'original' | 'thumbnail' | 'display';

/** A file as a multipart body delivered it. */
export type IncomingFile = { buffer: Buffer; filename: string };

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
/** Photos re-encoded at the same time: the machine has two cores and other work to do. */
const PHOTO_JOBS = 2;

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

const photoJobs = createLimiter(PHOTO_JOBS);

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
 * D15: the photo decoded and encoded again in its own format, upright, no larger than
 * PHOTO_MAX_EDGE and without metadata (sharp keeps none unless asked), and its thumbnail and
 * display copy made from that clean copy.
 */
async function reencodePhoto(
  buffer: Buffer,
  contentType: string,
): Promise<{ data: Buffer; thumbnail: Buffer; display: Buffer }> {
  try {
    return await photoJobs(async () => {
      const resized = sharp(buffer, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' })
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
      return { data, thumbnail, display };
    });
  } catch (error) {
    if (error instanceof Error && error.message.includes('pixel limit')) {
      throw new AppError(413, UPLOAD_MESSAGES.imageTooManyPixels);
    }
    throw new AppError(415, UPLOAD_MESSAGES.unreadableImage);
  }
}

export function createUploadsService({ db }: { db: Db }) {
  /**
   * D15: checks one file against what the upload accepts and re-encodes a photo. Throws 400 for
   * an empty file, 415 for any other type (whatever its name or declared type say) or a photo
   * that cannot be decoded, 413 for a photo of too many pixels. Touches no database.
   */
  async function prepareFile(file: IncomingFile, accept: UploadKind): Promise<PreparedFile> {
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
    const { data, thumbnail, display } = await reencodePhoto(file.buffer, detected);
    return { data, contentType: detected, originalName, thumbnail, display };
  }

  /** Stores prepared files on the caller's transaction, in order, each under a new random id. */
  async function storeFiles(
    tx: Executor,
    userId: number,
    files: readonly PreparedFile[],
  ): Promise<StoredFile[]> {
    const rows = files.map((file) => ({ ...file, id: newFileId(), size: file.data.length }));
    await insertFiles(tx, userId, rows);
    return rows.map((row) => ({
      id: row.id,
      url: fileUrl(row.id),
      thumbnailUrl: row.thumbnail ? thumbnailUrl(row.id) : null,
      contentType: row.contentType,
    }));
  }

  return {
    prepareFile,

    /** One prepared file, stored on the caller's transaction. */
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
      const prepared: PreparedFile[] = [];
      // One after the other: a request's photos queue behind each other, not beside others'.
      for (const file of files) prepared.push(await prepareFile(file, accept));
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
      return {
        ...file,
        stream: (start, end) =>
          streamSlices(
            (offset, length) => sliceReads(() => readFileSlice(db, userId, id, offset, length)),
            start,
            end,
          ),
      };
    },

    /** Whether `openFile` would find it, without reading the bytes (for a 304). */
    async hasFile(userId: number, id: string, variant: FileVariant): Promise<boolean> {
      return hasFile(db, userId, id, variant !== 'original');
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
