/**
 * Multipart uploads (D14, D15, 001 §7), read one way for every upload route: @fastify/multipart
 * registered once with small limits for text fields, and `readMultipart`, which buffers the files
 * of one named field up to a size and a count and answers the text fields it was told to expect.
 * Every way a body can be wrong answers a 4xx D11 body, never a 5xx: past the size 413 with the
 * caller's message, not multipart 415, truncated or malformed 400. Nothing here stores anything,
 * so a refused body leaves no trace.
 */

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MESSAGES } from '@contract/uploads';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { AppError, badRequest, invalidInput } from '../app-error';

/** Text fields are ids, 'true'/'false' and captions of at most 100 characters (D40). */
const FIELD_BYTES = 4096;
const MAX_FIELDS = 20;
const FIELD_NAME_BYTES = 100;
/** A part needs Content-Disposition and Content-Type, rarely more. */
const PART_HEADER_PAIRS = 16;

export type UploadedFile = {
  fieldName: string;
  filename: string;
  buffer: Buffer;
  /** Aborted when the client hangs up before it is answered: work for it can be dropped. */
  signal: AbortSignal;
};

export type MultipartBody = {
  /** The files of `fileField`, in the order they arrived; never empty. */
  files: UploadedFile[];
  /** The expected text fields that were sent; other fields are ignored. */
  fields: Record<string, string>;
};

export type MultipartOptions = {
  /** The one field files may arrive in (`files`, `image`). */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The text fields the route reads; any other text field is ignored. */
  fields?: readonly string[];
  messages: {
    /** 413 when a file is past `maxFileBytes` (D15). */
    tooLarge: string;
    /** 400 when no file arrived in `fileField`, or a file arrived in another field. */
    noFile: string;
    /** 413 when more than `maxFiles` files arrived. */
    tooManyFiles: string;
  };
};

export async function registerMultipart(app: FastifyInstance) {
  // The global JSON body limit does not apply here: this parser leaves the body to
  // `readMultipart`, whose per-call limits bound each file, and these bound everything else.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fieldNameSize: FIELD_NAME_BYTES,
      fieldSize: FIELD_BYTES,
      fields: MAX_FIELDS,
      headerPairs: PART_HEADER_PAIRS,
      files: 1,
      parts: MAX_FIELDS + 1,
    },
  });
}

/** The D11 error of a multipart body the parser refused. */
function toUploadError(error: unknown, options: MultipartOptions): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, options.messages.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(413, options.messages.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, UPLOAD_MESSAGES.tooManyFields);
    default:
      // Truncated bodies, a missing boundary, broken part headers, a client that went away:
      // all of them are the request's fault, so 400 (D11), never a 500.
      return badRequest(UPLOAD_MESSAGES.malformedUpload);
  }
}

/**
 * Aborts when the client hangs up before its answer is sent. The request's own `close` (and so
 * Fastify's `request.signal`) comes as soon as its body has been read; the response closing
 * unfinished is what says the connection went away.
 */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.destroyed) controller.abort();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Reads the whole multipart body of `request` into memory, within `options`' limits. Files are
 * buffered (at most `maxFiles` × `maxFileBytes`) so that a route can check all of them before it
 * stores any; each carries the signal of `reply`'s client hanging up.
 */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  options: MultipartOptions,
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  const signal = hangUpSignal(reply);
  const expected = new Set(options.fields ?? []);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        parts: options.maxFiles + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw badRequest(options.messages.noFile);
        }
        const buffer = await part.toBuffer();
        files.push({ fieldName: part.fieldname, filename: part.filename ?? '', buffer, signal });
        continue;
      }
      if (part.fieldname === options.fileField) throw badRequest(options.messages.noFile);
      if (!expected.has(part.fieldname)) continue;
      if (part.valueTruncated) {
        throw badRequest(UPLOAD_MESSAGES.fieldTooLong, {
          [part.fieldname]: UPLOAD_MESSAGES.fieldTooLong,
        });
      }
      if (typeof part.value !== 'string') {
        throw badRequest(UPLOAD_MESSAGES.fieldNotText, {
          [part.fieldname]: UPLOAD_MESSAGES.fieldNotText,
        });
      }
      if (Object.hasOwn(fields, part.fieldname)) {
        const message = `${part.fieldname} was sent more than once`;
        throw badRequest(message, { [part.fieldname]: message });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw toUploadError(error, options);
  }
  if (files.length === 0) throw badRequest(options.messages.noFile);
  return { files, fields };
}

/** A file received to disk: where it is, what its sender named it, and its size. */
export type ReceivedFile = {
  path: string;
  filename: string;
  size: number;
  remove: () => Promise<void>;
};

/**
 * Receives the one file of `fileField` to a temporary file, streamed (memory flat whatever its
 * size), for uploads too large to buffer (a backup of hundreds of megabytes). Past `maxFileBytes`
 * it answers 413 and leaves nothing behind; the caller removes the file when done with it.
 */
export async function receiveFileToDisk(
  request: FastifyRequest,
  options: Omit<MultipartOptions, 'maxFiles' | 'fields'>,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  const directory = await mkdtemp(join(tmpdir(), 'garage-ledger-upload-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  try {
    let received: ReceivedFile | undefined;
    const parts = request.parts({
      limits: { fileSize: options.maxFileBytes, files: 1, parts: 1 + MAX_FIELDS },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== options.fileField || received) {
        part.file.resume();
        throw badRequest(options.messages.noFile);
      }
      const path = join(directory, 'upload');
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new AppError(413, options.messages.tooLarge);
      received = { path, filename: part.filename ?? '', size: part.file.bytesRead, remove };
    }
    if (!received) throw badRequest(options.messages.noFile);
    return received;
  } catch (error) {
    await remove();
    throw toUploadError(error, { ...options, maxFiles: 1 });
  }
}

/** The text fields of a multipart body, validated as a JSON body would be (D11 `errors`). */
export function parseFields<Schema extends ZodType>(
  schema: Schema,
  fields: Record<string, string>,
): z.output<Schema> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw invalidInput(
    result.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message,
    })),
  );
}
