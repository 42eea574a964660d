/**
 * The file calls (001 §7, D14, D15): `POST /api/upload` for record attachments, and the stored
 * files served at `/uploads/{id}`, with a photo's copies at `/uploads/{id}/thumbnail` and
 * `/uploads/{id}/display`, to their owner only (D9). HTTP only; the rules live in
 * uploads.service.
 */

import { Readable } from 'node:stream';
import { errorBodySchema } from '@contract/schemas/common';
import { uploadResponseSchema } from '@contract/schemas/uploads';
import { DISPLAY_WIDTH, isFileId, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../app-error';
import { fileField, SIGNED_IN } from '../../plugins/api-description';
import { readMultipart } from '../../plugins/multipart';
import { requireUserId } from '../../plugins/session';
import { chooseByteSpan } from './byte-range';
import type { FileVariant, UploadsService } from './uploads.service';

/**
 * A stored file never changes under its id, and only its owner may read it: the browser keeps
 * it a year, shared caches never, and a browser whose session cookie changed (another user
 * signed in) asks again instead of showing the copy it kept (D9).
 */
const FILE_CACHE_HEADERS = {
  'cache-control': 'private, max-age=31536000, immutable',
  vary: 'Cookie',
};

/**
 * D15: nothing served from /uploads runs as a page. No scripts, no requests, a sandboxed origin;
 * images may show and PDFs open inline (Chromium's viewer works under `sandbox`: checked).
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

const fileParamsSchema = z.object({ id: z.string() });

const TAGS = ['Uploads'];

/** 001 §7: the multipart body of `POST /api/upload`: one `files` part per file. */
const uploadBodySchema = z.object({
  files: z
    .array(
      fileField(
        `A file: PDF, JPEG or PNG, at most ${UPLOAD_LIMITS.recordFileBytes / 1024 / 1024} MB.`,
      ),
    )
    .min(1)
    .max(UPLOAD_LIMITS.filesPerRequest),
});

/** A stored file as served: its bytes, of the type it was stored as. */
const fileBytes = { schema: z.string() };
const SERVED_FILE_SUMMARIES: Record<FileVariant, string> = {
  original: 'Downloads a stored file (its owner only).',
  thumbnail: "Downloads a stored photo's small copy for lists, as WebP (its owner only).",
  display: `Downloads a stored photo's copy for showing it large, ${DISPLAY_WIDTH} pixels wide at most, as WebP; a photo stored before such copies were made answers itself (its owner only).`,
};
const servedFileSchema = (variant: FileVariant) => {
  const content =
    variant === 'thumbnail'
      ? { 'image/webp': fileBytes }
      : Object.fromEntries(
          Object.keys(EXTENSIONS)
            .filter((type) => variant === 'original' || type.startsWith('image/'))
            .map((type) => [type, fileBytes]),
        );
  return {
    schema: {
      summary: SERVED_FILE_SUMMARIES[variant],
      tags: TAGS,
      security: SIGNED_IN,
      params: fileParamsSchema,
      response: {
        200: { description: 'The file.', content },
        206: {
          description:
            'The part of the file one `Range` asked for (`bytes=a-b`, `bytes=a-` or `bytes=-n`), named by `Content-Range`. Several ranges, or an `If-Range` that is not the current `ETag`, answer the whole file.',
          content,
        },
        304: z
          .null()
          .describe('Not modified: the copy the client has (`If-None-Match`) is current.'),
        416: errorBodySchema.describe(
          'The range starts past the end of the file; `Content-Range` gives its length (`bytes */size`).',
        ),
      },
    },
  };
};

/** The name a browser shows and saves: the original one, ending in the served type's extension. */
export function servedFileName(
  originalName: string | null,
  contentType: string,
  variant: FileVariant,
): string {
  const extensions = EXTENSIONS[contentType] ?? [''];
  const name = originalName ?? 'file';
  // A copy is WebP whatever the photo was; its name says so.
  if (variant !== 'original' && contentType === 'image/webp') {
    return `${name.replace(/\.[^.]*$/, '') || 'file'}.webp`;
  }
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension))
    ? name
    : `${name}${extensions[0]}`;
}

/** RFC 6266 / RFC 5987: an ASCII `filename` for old clients, `filename*` for the real one. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === name) return `inline; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether an If-None-Match header names this entity tag (weak or strong, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export const uploadsRoutes =
  ({ uploads }: { uploads: UploadsService }): FastifyPluginAsyncZod =>
  async (app) => {
    /** 001 §7: record attachments (PDF, JPG, PNG, up to 10 MB each), URLs in upload order. */
    app.post(
      '/api/upload',
      {
        schema: {
          summary:
            'Stores record attachments (multipart: one or more `files`) and answers their URLs.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: uploadResponseSchema },
        },
        config: { multipartBody: uploadBodySchema, ruleAnswers: [429] },
      },
      async (request, reply) => {
        const userId = requireUserId(request);
        const { files } = await readMultipart(request, reply, {
          fileField: 'files',
          maxFiles: UPLOAD_LIMITS.filesPerRequest,
          maxFileBytes: UPLOAD_LIMITS.recordFileBytes,
          messages: {
            tooLarge: UPLOAD_MESSAGES.fileTooLarge,
            noFile: UPLOAD_MESSAGES.noFile,
            tooManyFiles: UPLOAD_MESSAGES.tooManyFiles,
          },
        });
        return { fileUrls: await uploads.uploadFiles(userId, files, 'photoOrDocument') };
      },
    );

    async function serveFile(
      request: FastifyRequest<{ Params: { id: string } }>,
      reply: FastifyReply,
      variant: FileVariant,
    ) {
      const { id } = request.params;
      // A path that cannot name a file is an unknown path (D41), signed in or not.
      if (!isFileId(id)) throw notFound();
      // D9, D14: served to its owner only; to anyone else, signed in or not, it does not exist.
      const userId = request.session?.user.id;
      if (userId === undefined) throw notFound();
      const etag = variant === 'original' ? `"${id}"` : `"${id}.${variant}"`;
      const cacheHeaders = { ...FILE_CACHE_HEADERS, etag };
      // Revalidation answers 304 only to the owner: the tag alone must not reveal a file (D9).
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        if (!(await uploads.hasFile(userId, id, variant))) throw notFound();
        return reply.status(304).headers(cacheHeaders).send();
      }
      const file = await uploads.openFile(userId, id, variant);
      const span = chooseByteSpan({
        method: request.method,
        range: request.headers.range,
        ifRange: request.headers['if-range']?.toString(),
        etag,
        size: file.size,
      });
      if (span === 'unsatisfiable') {
        throw new AppError(416, UPLOAD_MESSAGES.rangeNotSatisfiable, {
          headers: { 'content-range': `bytes */${file.size}` },
        });
      }
      reply.status(span.partial ? 206 : 200).headers({
        ...cacheHeaders,
        'content-type': file.contentType,
        'content-disposition': contentDisposition(
          servedFileName(file.originalName, file.contentType, variant),
        ),
        'content-security-policy': FILE_CSP,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
        'content-length': String(span.end - span.start + 1),
        ...(span.partial
          ? { 'content-range': `bytes ${span.start}-${span.end}/${file.size}` }
          : {}),
      });
      // Fastify answers HEAD by running this handler and reading a streamed body to its end only
      // to drop it: a HEAD gets an empty stream, and keeps the Content-Length set above.
      return reply.send(
        request.method === 'HEAD' ? Readable.from([]) : file.stream(span.start, span.end),
      );
    }

    app.get('/uploads/:id', servedFileSchema('original'), (request, reply) =>
      serveFile(request, reply, 'original'),
    );

    app.get('/uploads/:id/thumbnail', servedFileSchema('thumbnail'), (request, reply) =>
      serveFile(request, reply, 'thumbnail'),
    );

    app.get('/uploads/:id/display', servedFileSchema('display'), (request, reply) =>
      serveFile(request, reply, 'display'),
    );
  };
