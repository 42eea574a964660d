/**
 * Compresses what the server writes itself, JSON answers and pages, when the browser accepts it:
 * a garage's upcoming records are 70 KB of JSON and 4 KB in brotli, which on a phone's slow link
 * is most of a page's wait. Files that are already compressed (the build's assets, sent in
 * their brotli or gzip copies, and uploads) and small answers go out as they are.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compressing saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE_TYPES = /^(application\/json|text\/html)\b/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Brotli's fastest levels compress JSON better than gzip's best, in about a millisecond for 70 KB.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

/**
 * The encoding a compressible answer of 1 KB or more gets for this request: also what the
 * answers kept in memory are told apart by (answer-cache.ts).
 */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b(?!;q=0(?:\.0*)?\b)/.test(accepted)) return 'br';
  if (/\bgzip\b(?!;q=0(?:\.0*)?\b)/.test(accepted)) return 'gzip';
  return null;
}

async function compressPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE_TYPES.test(type)) return payload;
  // Whatever the size, the answer depends on what the browser accepts.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) {
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
  const encoding = acceptedEncoding(request);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload, GZIP_OPTIONS);
  reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length);
  return compressed;
}

export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload) => compressPayload(request, reply, payload));
}
