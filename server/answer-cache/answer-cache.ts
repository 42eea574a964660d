/**
 * Reads that skip the work when nothing changed (decision 056). A signed-in `GET /api/…` answers
 * as a function of the user, their data version (decision 053, read by the session lookup), the
 * URL and the day; its ETag is a hash of those and of the encoding the answer gets, so:
 * - a request whose `If-None-Match` holds the current tag answers 304 before the route runs: no
 *   SQL but the session lookup, no validation, no serialization;
 * - a finished answer (its bytes as sent, compressed) is kept in memory by the same key, and a
 *   repeated read is sent from it.
 * A write raises the version in its own transaction, on whichever server, so the next read
 * anywhere has another key: nothing kept can be stale, and nothing needs to be cleared.
 * Answers stay `Cache-Control: no-store` (security.ts): only this server keeps them, never a
 * browser's disk.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedEncoding } from '../plugins/compression';
import { todayOf } from '../today';
import { type AnswerAddress, createFinishedAnswers } from './finished-answers';

/**
 * The signed-in reads whose answer is not a function of (user, data version, URL, day), each
 * with why: they run every time and carry no ETag. Every other `GET /api/…` is kept; a read
 * added later is kept unless it is listed here (answer-cache.test.ts checks the list against
 * the route table).
 */
export const READS_NOT_KEPT: Record<string, string> = {
  'GET /api/site': 'The same for everyone, from the server’s settings: no user data in it.',
  'GET /api/openapi.json': 'The same for everyone, from the code: no user data in it.',
  'GET /api/login': 'A sign-on redirect to the identity provider, with a state of its own.',
  'GET /api/callback': 'A sign-on redirect back from the identity provider; it signs in.',
  'GET /api/unsubscribe/:key': 'A redirect opened from a message by its secret key, not a read.',
  'GET /api/subscription/status':
    'Premium lapses at the instant it expires, which no write marks: the answer changes with time.',
  'GET /api/imports/:id':
    'A waiting preview answers 410 once its hours are past, which no write marks.',
  'GET /api/user/export': 'A download stamped with the moment it was asked for.',
  'GET /api/user/backup': 'A streamed zip download, with the moment it was made.',
  'GET /api/vehicles/:id/passport': 'A streamed zip download, with the moment it was made.',
  'GET /api/expenses/export.csv': 'A spreadsheet download, not JSON.',
  'GET /api/user/export/records.csv': 'A streamed spreadsheet download, not JSON.',
  'GET /api/user/export/energy.csv': 'A streamed spreadsheet download, not JSON.',
};

/**
 * Whether the answers of a route (as registered: `/api/vehicles/:id`) are tagged and kept. Stored
 * files (`/uploads`) are not: they carry ETags of their own (uploads/byte-range.ts).
 */
export function isKeptRead(method: string, url: string): boolean {
  return (
    method === 'GET' && url.startsWith('/api/') && READS_NOT_KEPT[`${method} ${url}`] === undefined
  );
}

/** The address of one request's answer, and its tag. */
type Plan = AnswerAddress & { etag: string; isFromMemory: boolean };

/**
 * The day an answer depends on: due states, odometer estimates and vehicles' figures are all
 * judged on the user's today (decision 066). It is in the key, so an answer made yesterday is
 * never today's.
 */
export function answerDay(user: { timeZone: string }, now = new Date()): string {
  return todayOf(user, now);
}

/** The tag of an answer: a hash, so that it shows nothing of the user or their version. */
export function etagOf(address: AnswerAddress): string {
  const hash = createHash('sha256')
    .update(`${address.userId}\n${address.version}\n${address.url}\n${address.variant}`)
    .digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** Whether `If-None-Match` (one tag, or a list, weak or strong) names `etag`. */
export function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((listed) => listed.trim().replace(/^W\//, '') === etag);
}

function planOf(request: FastifyRequest): Plan | undefined {
  if (request.method !== 'GET' || !request.session) return undefined;
  const route = request.routeOptions.url;
  if (!route || !isKeptRead('GET', route)) return undefined;
  const { user } = request.session;
  const encoding = acceptedEncoding(request) ?? 'identity';
  const address = {
    userId: user.id,
    version: user.dataVersion,
    url: request.url,
    variant: `${answerDay(user)} ${encoding}`,
  };
  return { ...address, etag: etagOf(address), isFromMemory: false };
}

/** The answers' own Vary: compression.ts sets it on the answers it compresses. */
const VARY = 'Accept-Encoding';

/**
 * Registered after the session is read (session.ts), whose lookup carries the data version, and
 * after compression, so that what is kept is what was sent.
 */
export function registerAnswerCache(app: FastifyInstance, { maxBytes }: { maxBytes: number }) {
  const answers = maxBytes > 0 ? createFinishedAnswers({ maxBytes }) : undefined;
  const plans = new WeakMap<FastifyRequest, Plan>();

  app.addHook('onRequest', async (request, reply) => {
    const plan = planOf(request);
    if (!plan) return;
    plans.set(request, plan);
    if (namesTag(request.headers['if-none-match'], plan.etag)) {
      plan.isFromMemory = true;
      return reply.code(304).header('etag', plan.etag).header('vary', VARY).send();
    }
    const kept = answers?.find(plan);
    if (!kept) return;
    plan.isFromMemory = true;
    reply.code(200).header('content-type', kept.contentType).header('vary', VARY);
    reply.header('etag', kept.etag);
    if (kept.contentEncoding) reply.header('content-encoding', kept.contentEncoding);
    return reply.send(kept.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const plan = plans.get(request);
    if (!plan || plan.isFromMemory || reply.statusCode !== 200) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!contentType.startsWith('application/json')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('etag', plan.etag);
    const encoding = reply.getHeader('content-encoding');
    answers?.keep(plan, {
      body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
      contentType,
      contentEncoding: typeof encoding === 'string' ? encoding : undefined,
      etag: plan.etag,
    });
    return payload;
  });
}
