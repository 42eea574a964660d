/**
 * Keyset paging of lists ordered newest first, undated last, then the newest row first, whose
 * rows may come from several tables told apart by a kind (decision 057). A page starts after the
 * position of the previous page's last row (contract/keyset-cursor.ts), never at an offset: a row
 * added or removed on an earlier page does not shift the next one, and a deep page costs what the
 * first one does. Each table's rows are read through an index on
 * `(user_id, coalesce(date, '-infinity') desc, id desc)` from their bound onwards.
 */

import { ID_MAX } from '@contract/common';
import type { DatedPosition } from '@contract/keyset-cursor';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A date column as the order reads it: undated rows sort as the earliest day, so last. */
export const undatedLast = (date: AnyColumn | SQL) => sql`coalesce(${date}, '-infinity'::date)`;

/** The largest (day, id) a row of one table may have to come after the position. */
export type KeysetBound = { date: string; id: number };

/**
 * The bound of `kind`'s rows: a row comes after the position when its (day, id) is below the
 * position's or, on the same day and id, when its kind sorts after the position's (rows of
 * different tables can share an id). Ids are whole numbers, so "below id" is "at most id − 1", and
 * every table's condition is one row comparison an index range serves. No position: from the top.
 */
export function keysetBound<Kind extends string>(
  after: DatedPosition<Kind> | undefined,
  kind: Kind,
): KeysetBound {
  if (!after) return { date: 'infinity', id: ID_MAX };
  return {
    date: after.date ?? '-infinity',
    id: kind > after.kind ? after.id : after.id - 1,
  };
}

/** `(day, id) <= (bound)` for one table, its bound given as the two placeholders named. */
export function withinKeysetBound(
  date: AnyColumn,
  id: AnyColumn,
  placeholders: { date: string; id: string },
): SQL {
  return sql`(${undatedLast(date)}, ${id}) <= (${sql.placeholder(placeholders.date)}::date, ${sql.placeholder(placeholders.id)}::int)`;
}
