/**
 * The CSV files the app writes (the expenses export of D37, the records and energy spreadsheets
 * of decision 055): RFC 4180 (a header row, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), and text cells that a spreadsheet would
 * take for a formula (`=`, `+`, `-`, `@`, or a tab or carriage return first) led by `'` so that
 * a title typed by anyone is never run.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell, guarded and quoted as needed. */
export function csvTextCell(value: string | null): string {
  if (value === null) return '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
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
