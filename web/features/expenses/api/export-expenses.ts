/**
 * `GET /api/expenses/export.csv` (D37): the download's address for the page's filters. The
 * browser fetches it itself (a link), and the server's Content-Disposition names the file.
 */
import { type ExpenseFilter, toQueryString } from '../lib/periods';

export function expensesExportUrl(filter: ExpenseFilter): string {
  return `/api/expenses/export.csv${toQueryString(filter)}`;
}
