/** Which bytes a `Range` header asks for (RFC 9110 §14), on a file of 1,000 bytes. */
import { describe, expect, it } from 'vitest';
import { chooseByteSpan, type RangeAnswer } from './byte-range';

const ETAG = '"file-id"';
const whole: RangeAnswer = { partial: false, start: 0, end: 999 };

function answer(range: string | undefined, options: { method?: string; ifRange?: string } = {}) {
  return chooseByteSpan({
    method: options.method ?? 'GET',
    range,
    ifRange: options.ifRange,
    etag: ETAG,
    size: 1000,
  });
}

describe('chooseByteSpan', () => {
  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=10-19', 10, 19],
    ['bytes=990-5000', 990, 999],
    ['bytes=990-', 990, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-5000', 0, 999],
    ['BYTES = 5 - 9', 5, 9],
  ])('answers %s with bytes %i to %i', (range, start, end) => {
    expect(answer(range)).toEqual({ partial: true, start, end });
  });

  it.each(['bytes=1000-', 'bytes=1000-1005', 'bytes=-0', 'bytes=99999999999999999999-'])(
    'finds %s unsatisfiable',
    (range) => {
      expect(answer(range)).toBe('unsatisfiable');
    },
  );

  it.each([
    undefined,
    'bytes=0-9,20-29',
    'bytes=9-5',
    'bytes=-',
    'bytes=',
    'bytes=a-b',
    'bytes=0x10-20',
    'bytes=1e3-',
    'items=0-9',
    '0-9',
  ])('answers the whole file to %s', (range) => {
    expect(answer(range)).toEqual(whole);
  });

  it('answers the whole file to a HEAD, for which Range is not defined', () => {
    expect(answer('bytes=0-9', { method: 'HEAD' })).toEqual(whole);
  });

  it('honours If-Range only when it names the current tag exactly', () => {
    expect(answer('bytes=0-9', { ifRange: ETAG })).toEqual({ partial: true, start: 0, end: 9 });
    for (const ifRange of [`W/${ETAG}`, '"other"', 'Wed, 25 Nov 2026 10:00:00 GMT']) {
      expect(answer('bytes=0-9', { ifRange })).toEqual(whole);
    }
  });
});
