/**
 * The bad input of the bad-input suite: the values a careless or hostile client sends, as
 * fast-check arbitraries, and the JSON writer that can also put what `JSON.stringify` cannot
 * (number literals past a double, `-0`, an own `__proto__` key) into a body. Kept apart from the
 * tests so both bad-input files generate from the same lists.
 */
import { DATE_RANGE, TEXT_LIMITS } from '@contract/common';
import { errorBodySchema } from '@contract/schemas/common';
import fc from 'fast-check';
import type { z } from 'zod';

/** One seed for the whole suite, so a failure found once is found again. */
export const SEED = 20_261_123;

/** A raw piece of JSON text, written into a body as it is (not as a string). */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text of `value`, with every `RawJson` written as it is. Keys are written as own
 * properties, so a key `__proto__` reaches the server as the text `"__proto__"`.
 */
export function writeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${writeJson((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A copy of `body` with `key` set as an own property, even `__proto__`. */
export function withKey(body: Record<string, unknown>, key: string, value: unknown) {
  const copy: Record<string, unknown> = {};
  for (const existing of Object.keys(body)) {
    Object.defineProperty(copy, existing, {
      value: body[existing],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export function without(body: Record<string, unknown>, key: string) {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

const MB = 1024 * 1024;

export const SQL_PAYLOADS = [
  "'; drop table vehicles; --",
  "Robert'); DROP TABLE users;--",
  "1' OR '1'='1",
  '" OR ""="',
  '$1',
  "%' --",
  '\\x27; select pg_sleep(1); --',
] as const;

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{constructor.constructor("alert(1)")()}}',
  '<!--',
] as const;

/** Text that must come back exactly: emoji, right-to-left, combining marks, other scripts. */
export const UNICODE_TEXT = [
  'Ölwechsel 🚗💨 — ½ qt',
  'مرحبا بالعالم',
  '\u202Egnp.exe',
  'e\u0301 vs é',
  '中文 日本語 한국어',
  '👨‍👩‍👧‍👦 family',
  'tab\there\nnew line',
  'bell\u0007 and escape\u001b[31m',
] as const;

/**
 * Text no field can keep (decided in the contract, `storableText`): NUL, which PostgreSQL text
 * cannot hold, and an unpaired UTF-16 surrogate, which no UTF-8 column can hold as sent.
 */
export const UNSTORABLE_TEXT = ['a\u0000b', '\u0000', 'x\uD800y', '\uDFFF'] as const;

/** Dates D4 refuses: not a calendar day, out of its range, or not written `yyyy-MM-dd`. */
export const INVALID_DATE_TEXT = [
  '2024-02-30',
  '2023-02-29',
  '1899-12-31',
  '2101-01-01',
  '10000-01-01',
  '+010000-01-01',
  '0000-00-00',
  '2024-13-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '01/02/2024',
  ' 2024-01-01',
] as const;

/** D4's bounds and a leap day: valid. */
export const VALID_DATE_TEXT = [DATE_RANGE.min, DATE_RANGE.max, '2024-02-29'] as const;

export const DATE_TEXT = [...INVALID_DATE_TEXT, ...VALID_DATE_TEXT] as const;

export const NUMERIC_TEXT = [
  '1e309',
  '-1e309',
  '-0',
  '  12 ',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '12abc',
  '1,000,000',
  '99999999999999999999999',
  '-1',
  '1.005',
  '',
  ' ',
] as const;

/** Number literals `JSON.stringify` cannot write: past a double, `-0`, far too precise. */
export const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '1E400',
  '123456789012345678901234567890',
  '0.1e-400',
  '2147483648',
  '9007199254740993',
] as const;

export const NUMBERS = [
  -1,
  -0.01,
  0,
  0.001,
  1.005,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER,
  2_147_483_647,
  2_147_483_648,
  1e21,
] as const;

/** Text just past (and far past) each D40 limit, and megabyte-sized text. */
export const HUGE_TEXT_LENGTHS = [
  ...new Set(Object.values(TEXT_LIMITS).map((limit) => limit + 1)),
  2049,
  100_000,
  MB - 100,
  2 * MB,
] as const;

export const WRONG_TYPES = [
  null,
  true,
  false,
  0,
  1,
  [],
  ['a'],
  {},
  { nested: { deeper: true } },
] as const;

export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const POLLUTING_VALUES = [
  { polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  { constructor: { prototype: { polluted: 'yes' } } },
  '__proto__',
] as const;

export const UNKNOWN_KEYS = ['unknownField', 'id', 'userId', 'isAdmin', '$where', ''] as const;

/** A value to put in place of one field. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...SQL_PAYLOADS),
  fc.constantFrom(...HTML_PAYLOADS),
  fc.constantFrom(...UNICODE_TEXT),
  fc.constantFrom(...UNSTORABLE_TEXT),
  fc.constantFrom(...DATE_TEXT),
  fc.constantFrom(...NUMERIC_TEXT),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
  fc.constantFrom(...HUGE_TEXT_LENGTHS).map((length) => 'x'.repeat(length)),
  fc.constantFrom(...POLLUTING_VALUES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body that is not a JSON object, or not JSON at all. */
export function malformedBodies(validBody: Record<string, unknown>): fc.Arbitrary<string> {
  const text = JSON.stringify(validBody);
  return fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '{"a":1,}',
      '[1,2,]',
      '"just a string"',
      '[]',
      '[{}]',
      'null',
      'true',
      '42',
      "{'single':'quotes'}",
      '{"a":undefined}',
      '{"a":NaN}',
      '{a:1}',
      '\uFEFF{}',
      '{"a":1}{"b":2}',
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`,
    ),
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );
}

/** One change to a valid body: one field made bad, one removed, or one key added. */
export type Mutation =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; key: string; value: unknown };

export function mutations(fields: readonly string[]): fc.Arbitrary<Mutation[]> {
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('field' as const),
        field: fc.constantFrom(...fields),
        value: badValue,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('missing' as const),
        field: fc.constantFrom(...fields),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.constantFrom(...POLLUTING_KEYS, ...UNKNOWN_KEYS),
        value: fc.oneof(fc.constantFrom(...POLLUTING_VALUES), badValue),
      }),
    },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

export function applyMutations(body: Record<string, unknown>, changes: readonly Mutation[]) {
  let result = body;
  for (const change of changes) {
    if (change.kind === 'missing') result = without(result, change.field);
    else if (change.kind === 'field') result = withKey(result, change.field, change.value);
    else result = withKey(result, change.key, change.value);
  }
  return result;
}

/**
 * One entry that a map field (`{ [key]: value }`, such as an import's `vehicles`) cannot take:
 * one of the keys the valid body maps with a value `valueSchema` refuses, or a key the body never
 * names (prototype keys, SQL, HTML, text no column keeps, a key past any length) with any value.
 * `validKeys` are every key the server knows for the map, so none of them comes out as unknown.
 */
export function badMapEntries(
  validKeys: readonly string[],
  valueSchema: z.ZodType,
): fc.Arbitrary<[string, unknown]> {
  const known = new Set(validKeys);
  const refused = (value: unknown) => !valueSchema.safeParse(JSON.parse(writeJson(value))).success;
  const unknownKey = fc
    .oneof(
      fc.constantFrom(
        ...POLLUTING_KEYS,
        ...UNKNOWN_KEYS,
        ...SQL_PAYLOADS,
        ...HTML_PAYLOADS,
        ...UNICODE_TEXT,
        ...UNSTORABLE_TEXT,
        'x'.repeat(201),
        'x'.repeat(100_000),
      ),
      fc.string({ unit: 'binary', maxLength: 20 }).map((text) => `no such key ${text}`),
    )
    .filter((key) => !known.has(key));
  const withUnknownKey = fc.tuple(
    unknownKey,
    fc.oneof(badValue, fc.constantFrom(null, 1, 2_147_483_647)),
  );
  // A map with no valid key yet (a file that names no currency) can only be sent unknown ones.
  if (validKeys.length === 0) return withUnknownKey;
  return fc.oneof(
    fc.tuple(fc.constantFrom(...validKeys), badValue.filter(refused)),
    withUnknownKey,
  );
}

/** D11 exactly: `message`, maybe `errors` per field or a `code`, and nothing else. */
export const strictErrorBody = (errorBodySchema as z.ZodObject).strict();
