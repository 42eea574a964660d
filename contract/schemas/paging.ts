/**
 * Lists that page: a page is some items and the cursor of the next page, null
 * after the last; `limit` is how many a page holds, up to the list's own maximum. Cursors are
 * opaque texts each list defines with its own shape; the lists ordered newest first by
 * contract/keyset-cursor.ts read theirs with `datedCursorSchema`.
 */
import { type ZodType, z } from 'zod';
import { INVALID_CURSOR_MESSAGE, positionOfCursor } from '../keyset-cursor';
import { isStorableText } from '../rules/common';

/** `limit` of a list whose pages hold up to `max` items: a whole number from 1 to `max`. */
export function pageLimitSchema(max: number) {
  const outOfRange = `limit must be from 1 to ${max}`;
  return z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, outOfRange)
    .max(max, outOfRange)
    .optional();
}

/**
 * `q` of a list the server searches. A NUL or a broken Unicode character can be in no stored
 * text, and PostgreSQL refuses a NUL outright: such a search is refused, never sent on.
 */
export const searchQuerySchema = z
  .string()
  .max(200, 'Search at most 200 characters')
  .refine(
    isStorableText,
    'Search contains a character that cannot be searched (a NUL or a broken Unicode character)',
  )
  .optional();

/** An empty query parameter (`?vehicleId=`) means "not given". */
export const optionalQueryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A page of `item`s, in the list's order; `nextCursor` asks for the next page. */
export function pageSchema<Item extends ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/**
 * The `cursor` of a list ordered newest first whose rows are told apart by `kinds`
 * (contract/keyset-cursor.ts), read back as the position it names. A text no such list wrote, or
 * another list's cursor (whose kinds are not these), is 400 `Invalid cursor`.
 */
export function datedCursorSchema<Kind extends string>(kinds: readonly Kind[]) {
  return z
    .string()
    .max(60, INVALID_CURSOR_MESSAGE)
    .transform((cursor, context) => {
      const position = positionOfCursor(cursor, kinds);
      if (position === null) {
        context.addIssue({ code: 'custom', message: INVALID_CURSOR_MESSAGE });
        return z.NEVER;
      }
      return position;
    })
    .meta({ description: 'The `nextCursor` of the previous page.' });
}
