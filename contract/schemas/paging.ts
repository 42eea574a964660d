/**
 * Lists that page: a page is some items and the cursor of the next page, null
 * after the last; `limit` is how many a page holds, up to the list's own maximum. Cursors are
 * opaque texts each list defines with `cursorSchema` and its own shape.
 */
import { type ZodType, z } from 'zod';

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

/** A page of `item`s, in the list's order; `nextCursor` asks for the next page. */
export function pageSchema<Item extends ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
