/**
 * Which bytes of a stored file a request asks for (RFC 9110 §14): PDF viewers and players ask
 * for parts of a file with `Range`. One range is served; several ranges, a malformed header or
 * another unit are answered with the whole file, as the RFC allows (a server may ignore `Range`),
 * which spares a multipart/byteranges answer no client of ours needs.
 */

/** The bytes to send, `start` to `end` inclusive, and whether they are a part (206) or all (200). */
export type ByteSpan = { partial: boolean; start: number; end: number };

export type RangeAnswer = ByteSpan | 'unsatisfiable';

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/** Whether `If-Range` names this entity tag: only an exact strong match counts (§13.1.5). */
function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/**
 * The answer to a `Range` header for a file of `size` bytes whose entity tag is `etag`. Range is
 * defined for GET only (§14.2), so a HEAD is answered as the whole file; an `If-Range` that does
 * not name the current tag (or names a date: files carry no Last-Modified) asks for the whole
 * file.
 */
export function chooseByteSpan(request: {
  method: string;
  range: string | undefined;
  ifRange: string | undefined;
  etag: string;
  size: number;
}): RangeAnswer {
  const { size } = request;
  const whole: ByteSpan = { partial: false, start: 0, end: size - 1 };
  if (request.method !== 'GET' || request.range === undefined) return whole;
  if (!ifRangeHolds(request.ifRange, request.etag)) return whole;
  const match = SINGLE_RANGE.exec(request.range.trim());
  if (!match) return whole;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return whole;
  if (first === '') {
    // A suffix: the last n bytes; of a file shorter than n, all of it.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { partial: true, start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  // `bytes=5-2` is not a valid range: it is ignored, not refused (§14.1.1).
  if (end < start) return whole;
  if (start >= size) return 'unsatisfiable';
  return { partial: true, start, end: Math.min(end, size - 1) };
}
