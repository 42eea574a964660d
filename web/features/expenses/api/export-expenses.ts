/**
 * `GET /api/expenses/export.csv` (D37): the download's address for the page's filters. The
 * browser fetches it itself (a link), and the server's Content-Disposition names the file by
 * the `day` sent here: today in the user's time zone (decision 066), as the JSON export is named.
 */
import { toCalendarDate } from '@web/lib/format';
import { currentTimeZone, userNow } from '@web/lib/today';
import { type ExpenseFilter, toQueryString } from '../lib/periods';

export function expensesExportUrl(
  filter: ExpenseFilter,
  today = userNow(currentTimeZone()),
): string {
  const query = toQueryString(filter);
  const day = `day=${toCalendarDate(today)}`;
  return `/api/expenses/export.csv${query ? `${query}&${day}` : `?${day}`}`;
}
