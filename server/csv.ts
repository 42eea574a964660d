/**
 * The CSV files the app writes (the expenses export of D37, the records and energy spreadsheets
 * of decision 055): RFC 4180 (a header row, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), and text that a spreadsheet would take for
 * a formula guarded with `'` so that a title typed by anyone is never run (decision 063).
 *
 * A spreadsheet may split a line on another separator than ours: European Excel and LibreOffice
 * split on `;`, an import may split on tabs, and a reader that ignores quotes splits on every `,`
 * and line break. So the guard goes before every formula character (`=`, `+`, `-`, `@`, a tab or
 * a carriage return) that starts a piece of the cell, whether the piece starts the cell or follows
 * one of those separators (spaces and quotes between them count for nothing, as a reader may trim
 * spaces and take a quote that opens a piece for the start of a quoted field):
 * `a;=1+1` is written `a;'=1+1`, and whichever way it is split no piece starts a formula. Amounts
 * are not text: they are written as numbers (`-12.5`) and never guarded.
 */

/** A formula character that starts the cell or a piece of it, after spaces and quotes. */
const FORMULA_PIECE = /(^|[;,\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;

/** `value` with `'` before each piece a spreadsheet would read as a formula. */
export function guardFormulas(value: string): string {
  return value.replace(FORMULA_PIECE, "$1'$2");
}

/** One text cell, guarded and quoted as needed. */
export function csvTextCell(value: string | null): string {
  if (value === null) return '';
  const guarded = guardFormulas(value);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A money cell as a plain number (`1234.5`), empty when there is no amount. */
export function csvAmountCell(value: string | null): string {
  return value === null ? '' : String(Number(value));
}

export type CsvCell = { text: string | null } | { amount: string | null };

/** The whole document: the header, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  const line = (cells: readonly string[]) => `${cells.join(',')}\r\n`;
  return (
    line(header.map(csvTextCell)) +
    rows
      .map((row) =>
        line(
          row.map((cell) => ('text' in cell ? csvTextCell(cell.text) : csvAmountCell(cell.amount))),
        ),
      )
      .join('')
  );
}
