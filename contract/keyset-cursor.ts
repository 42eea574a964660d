/**
 * The cursor of a list ordered newest first, undated last, then the newest row first, whose rows
 * come from several tables (decision 057): the position of the page's last row, written as
 * `{date or 'undated'}~{kind}~{id}`. Clients treat it as opaque; a text this module did not write
 * reads as null, so a made-up cursor is refused rather than sent to the database.
 */
import { ID_MAX, isCalendarDate } from './common';

export type DatedPosition<Kind extends string> = { date: string | null; kind: Kind; id: number };

const UNDATED = 'undated';

/** What every paged list answers to a cursor it did not write (400). */
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export function cursorOfPosition<Kind extends string>({ date, kind, id }: DatedPosition<Kind>) {
  return `${date ?? UNDATED}~${kind}~${id}`;
}

export function positionOfCursor<Kind extends string>(
  cursor: string,
  kinds: readonly Kind[],
): DatedPosition<Kind> | null {
  const match = /^(\d{4}-\d{2}-\d{2}|undated)~([a-z-]{1,40})~(\d{1,10})$/.exec(cursor);
  if (!match) return null;
  const [, date, kind, id] = match as unknown as [string, string, string, string];
  if (date !== UNDATED && !isCalendarDate(date)) return null;
  if (!kinds.includes(kind as Kind) || Number(id) > ID_MAX) return null;
  return { date: date === UNDATED ? null : date, kind: kind as Kind, id: Number(id) };
}
