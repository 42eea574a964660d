/**
 * Uploaded files (D14, D15, 001 §9): what each upload accepts, how large, the messages of a
 * refusal, and the answer of `POST /api/upload`. Files are served at `/uploads/{id}`; a photo's
 * copies at `/uploads/{id}/thumbnail` (lists) and `/uploads/{id}/display` (shown large on a
 * phone).
 */
import type { z } from 'zod';
import type { uploadResponseSchema } from './schemas/uploads';

const MB = 1024 * 1024;

/** 001 §9 and D15: the largest file each kind of upload accepts. */
export const UPLOAD_LIMITS = {
  /** Record form attachments (PDF, JPG, PNG), `POST /api/upload`. */
  recordFileBytes: 10 * MB,
  /** Vehicle images, `POST /api/vehicle-images`. */
  vehicleImageBytes: 10 * MB,
  /** Record images, `POST /api/record-images/{type}/{recordId}` (001 §5). */
  recordImageBytes: 5 * MB,
  /** Files of one `POST /api/upload` (one PDF and one photo, or several for maintenance edit). */
  filesPerRequest: 10,
} as const;

/** D15: the photo types kept; everything else is refused whatever its name says. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;

type AcceptedType = (typeof PHOTO_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];

/** Photos are re-encoded to at most this many pixels on their long side (D15). */
export const PHOTO_MAX_EDGE = 2560;
/** Thumbnails for cards and lists: this many pixels on their long side. */
export const THUMBNAIL_EDGE = 480;
/**
 * The copy a page shows a photo large from when the screen needs no more: this many pixels wide,
 * as WebP, enough for a phone's full width at three device pixels per CSS pixel and for a
 * desktop column of 640 px on an ordinary screen. A phone then loads a fraction of the stored
 * photo's weight for the vehicle page's picture (bench/REPORT.md has the figures).
 */
export const DISPLAY_WIDTH = 1200;
/**
 * The most bytes a photo may take once decoded (width × height × channels × bytes per channel),
 * read from its header before any pixel is decoded: a small file can claim an enormous image (a
 * decompression bomb), and the work of re-encoding a photo grows with its decoded size. 400 MB is
 * 100 megapixels of 8-bit RGBA: a 108-megapixel phone photo (12000 × 9000 RGB, 324 MB) passes,
 * a 16-bit RGBA image of 9999 × 9999 pixels (800 MB, about 4.5 s of work on one core) does not.
 * At this size a photo takes at most about two seconds of one core (decision 046).
 */
export const PHOTO_MAX_DECODED_BYTES = 400_000_000;
/** The megapixels of 8-bit RGBA, four bytes a pixel, that fit PHOTO_MAX_DECODED_BYTES. */
const PHOTO_MAX_MEGAPIXELS = PHOTO_MAX_DECODED_BYTES / 4 / 1_000_000;

export const UPLOAD_MESSAGES = {
  photoType: 'Please upload a JPEG, PNG or WebP image',
  documentType: 'Please upload a PDF',
  fileType: 'Please upload a PDF, or a JPEG, PNG or WebP image',
  fileTooLarge: 'File is too large. Files can be at most 10 MB.',
  imageTooLarge: 'Image is too large. Images can be at most 10 MB.',
  recordImageTooLarge: 'Image is too large. Images can be at most 5 MB.',
  tooManyFiles: `Please upload at most ${UPLOAD_LIMITS.filesPerRequest} files at once`,
  noFile: 'Please choose a file to upload',
  noImage: 'Please choose an image to upload',
  emptyFile: 'The file is empty',
  unreadableImage: 'The image could not be read. Please upload a JPEG, PNG or WebP image',
  uploadFailed: 'Failed to upload files',
  oneImageAtATime: 'Please upload one image at a time',
  imageTooLargeToProcess: `The image is too large to process. Images can be at most ${PHOTO_MAX_MEGAPIXELS} megapixels, or ${PHOTO_MAX_MEGAPIXELS / 2} with 16 bits per colour.`,
  photosBusy: 'The server is busy processing photos. Please try again in a few seconds.',
  notMultipart: 'Please send the file as multipart/form-data',
  malformedUpload: 'The upload could not be read. Please try again.',
  tooManyFields: 'The upload has too many fields',
  fieldTooLong: 'A form field of the upload is too long',
  fieldNotText: 'Form fields of the upload must be plain text',
  /** 413 past the user's storage quota (decision 041): the quota, and what the files take now. */
  storageFull: (quotaBytes: number, usedBytes: number) =>
    `Not enough storage left: your files can take up at most ${formatStorageSize(quotaBytes)} on your plan and already take ${formatStorageSize(usedBytes)}. Delete files you no longer need to make room.`,
  /** 429 past the uploads allowed per hour (decision 041), with the minutes until the next. */
  tooManyUploads: (minutes: number) =>
    `You have uploaded many files in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  rangeNotSatisfiable: 'The requested range is outside the file',
} as const;
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

const KB = 1024;
const GB = 1024 * MB;

/** One decimal while it says something ('12.4'), none from 100 up or when it is '.0'. */
function roundedSize(value: number): string {
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return String(rounded);
}

/**
 * A storage figure as people read it, in the units the upload limits use (1 MB = 1024 × 1024
 * bytes): '0 MB', '820 KB', '12.4 MB', '250 MB', '5 GB'.
 */
export function formatStorageSize(bytes: number): string {
  if (bytes === 0) return '0 MB';
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  if (bytes < GB) return `${roundedSize(bytes / MB)} MB`;
  return `${roundedSize(bytes / GB)} GB`;
}

/**
 * What one file field accepts: its types, its largest size, and the messages the server answers
 * when a file breaks either rule. The browser checks a chosen file against the same rule before
 * anything is sent (`judgeUpload`), so the field says what the server would.
 */
export type UploadRule = {
  types: readonly AcceptedType[];
  maxBytes: number;
  typeMessage: string;
  tooLargeMessage: string;
};

const RECORD_FILE_TYPES = [...DOCUMENT_TYPES, ...PHOTO_TYPES] as const;

export const UPLOAD_RULES = {
  /** The record form's PDF (001 §5): `POST /api/upload`. */
  recordDocument: {
    types: DOCUMENT_TYPES,
    maxBytes: UPLOAD_LIMITS.recordFileBytes,
    typeMessage: UPLOAD_MESSAGES.documentType,
    tooLargeMessage: UPLOAD_MESSAGES.fileTooLarge,
  },
  /** The record form's photo (001 §5): `POST /api/upload`. */
  recordPhoto: {
    types: PHOTO_TYPES,
    maxBytes: UPLOAD_LIMITS.recordFileBytes,
    typeMessage: UPLOAD_MESSAGES.photoType,
    tooLargeMessage: UPLOAD_MESSAGES.fileTooLarge,
  },
  /** The maintenance edit form's several files: what `POST /api/upload` accepts (D15). */
  recordFiles: {
    types: RECORD_FILE_TYPES,
    maxBytes: UPLOAD_LIMITS.recordFileBytes,
    typeMessage: UPLOAD_MESSAGES.fileType,
    tooLargeMessage: UPLOAD_MESSAGES.fileTooLarge,
  },
  /** A record image (001 §5): `POST /api/record-images/{type}/{recordId}`. */
  recordImage: {
    types: PHOTO_TYPES,
    maxBytes: UPLOAD_LIMITS.recordImageBytes,
    typeMessage: UPLOAD_MESSAGES.photoType,
    tooLargeMessage: UPLOAD_MESSAGES.recordImageTooLarge,
  },
  /** A vehicle image (001 §2): `POST /api/vehicle-images`. */
  vehicleImage: {
    types: PHOTO_TYPES,
    maxBytes: UPLOAD_LIMITS.vehicleImageBytes,
    typeMessage: UPLOAD_MESSAGES.photoType,
    tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge,
  },
} as const satisfies Record<string, UploadRule>;

/** How hints and messages name each accepted type. */
const TYPE_NAMES: Record<AcceptedType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** The `accept` attribute of a rule's file input. */
export function acceptAttribute(rule: UploadRule): string {
  return rule.types.join(',');
}

/**
 * A file field's hint, from its rule: 'JPEG, PNG or WebP · up to 10 MB'; `each` for a field
 * taking several files ('… up to 10 MB each').
 */
export function uploadHint(rule: UploadRule, { each = false } = {}): string {
  const names = rule.types.map((type) => TYPE_NAMES[type]);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `${list} · up to ${rule.maxBytes / MB} MB${each ? ' each' : ''}`;
}

/** How many leading bytes `detectUploadType` reads: enough to walk a PNG's first chunks. */
const UPLOAD_HEADER_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const JPEG = [0xff, 0xd8, 0xff];
/** JPEG-LS shares JPEG's first three bytes; its fourth is F7 and it is not a photo we keep. */
const JPEG_LS_MARKER = 0xf7;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF');

/**
 * A PNG is a photo we keep when its image data comes before any animation control chunk: an
 * animated PNG (`acTL` first) is APNG, which the server refuses. Chunks past the bytes read are
 * not seen; the server has the last word on those.
 */
function pngKind(bytes: Uint8Array): 'image/png' | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = PNG.length;
  while (offset + 8 <= bytes.length) {
    const length = view.getInt32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (length < 0) return null;
    if (type === 'IHDR' && length !== 13) return null;
    if (type === 'acTL') return null;
    if (type === 'IDAT') return 'image/png';
    offset += 12 + length;
  }
  return 'image/png';
}

/**
 * D15, in the browser: the accepted type a file's first bytes say it is, or null. The same
 * signatures the server's `file-type` recognises for the accepted types, written out so that the
 * page does not carry that library; server/modules/uploads/upload-check.test.ts runs both over
 * the same files.
 */
export function detectUploadType(bytes: Uint8Array): AcceptedType | null {
  if (startsWith(bytes, JPEG)) return bytes[3] === JPEG_LS_MARKER ? null : 'image/jpeg';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, PNG)) return pngKind(bytes);
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

type UploadVerdict =
  | { isAccepted: true; type: AcceptedType }
  | { isAccepted: false; message: string };

/**
 * Whether the server would take this file under this rule, judged as it judges (size, then an
 * empty file, then the type its bytes say), with the server's message when it would not.
 */
export async function judgeUpload(file: Blob, rule: UploadRule): Promise<UploadVerdict> {
  if (file.size > rule.maxBytes) return { isAccepted: false, message: rule.tooLargeMessage };
  if (file.size === 0) return { isAccepted: false, message: UPLOAD_MESSAGES.emptyFile };
  const header = new Uint8Array(await file.slice(0, UPLOAD_HEADER_BYTES).arrayBuffer());
  const type = detectUploadType(header);
  if (type === null || !rule.types.includes(type)) {
    return { isAccepted: false, message: rule.typeMessage };
  }
  return { isAccepted: true, type };
}

/** `/uploads/{id}` for a stored file id. */
export function fileUrl(id: string): string {
  return `/uploads/${id}`;
}

/** `/uploads/{id}/thumbnail`: the small copy of a stored photo. */
export function thumbnailUrl(id: string): string {
  return `/uploads/${id}/thumbnail`;
}

/** `/uploads/{id}/display`: the copy of a stored photo for showing it large (DISPLAY_WIDTH). */
function displayUrl(id: string): string {
  return `/uploads/${id}/display`;
}

/**
 * D14, 001 §3: a stored image value not starting with `/` is shown from `/uploads/`; a path is
 * shown as it is.
 */
export function imageSource(value: string): string {
  return value.startsWith('/') ? value : `/uploads/${value}`;
}

/** The ids the server hands out for stored files (43 characters) and the older ones D14 serves. */
const FILE_ID = '[A-Za-z0-9_-]{16,64}';
const FILE_ID_ONLY = new RegExp(`^${FILE_ID}$`);
/** A stored file's URL, or its bare id (D14); a copy's URL names the same file. */
const FILE_URL = new RegExp(`^(?:/uploads/)?(${FILE_ID})(?:/thumbnail|/display)?$`);
const ORIGINAL_FILE_URL = new RegExp(`^/uploads/(${FILE_ID})$`);

/** Whether a path segment can name a stored file at all. */
export function isFileId(value: string): boolean {
  return FILE_ID_ONLY.test(value);
}

/** The stored file id of an `/uploads/{id}` URL (or a copy's, or a bare id), else null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return FILE_URL.exec(url)?.[1] ?? null;
}

/**
 * How to show a stored image large: its source, and for an uploaded photo a `srcset` offering
 * the display copy beside the photo itself, so that the browser takes the smaller one whenever
 * it is sharp enough for the slot (`sizes`) at the screen's density. The photo's own width is
 * not stored and PHOTO_MAX_EDGE stands for it: the photo is taken only where the copy is not
 * sharp enough, and then it is the sharpest there is.
 */
export function largeImageSources(value: string): { src: string; srcSet?: string } {
  const src = imageSource(value);
  const stored = ORIGINAL_FILE_URL.exec(src);
  if (!stored) return { src };
  return { src, srcSet: `${displayUrl(stored[1]!)} ${DISPLAY_WIDTH}w, ${src} ${PHOTO_MAX_EDGE}w` };
}
