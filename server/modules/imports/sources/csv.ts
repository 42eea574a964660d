/**
 * The one CSV reader of the import readers (decision 055). The apps' files are loose CSV: section
 * blocks with different column counts (Fuelio, Drivvo, aCar), a quote followed by more text
 * (Drivvo's `"Полный бак" 2`), CR-only line ends (iPhone exports), a BOM, `;` or tab delimiters.
 * None of that is an error here; a reader judges the cells.
 */
import { parse } from 'csv-parse/sync';

/** One record: its cells as written (unquoted, untrimmed) and the line it begins on (1-based). */
export type CsvRow = { cells: string[]; line: number };

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** CR-only and CRLF line ends as LF, so that line numbers count as an editor counts them. */
function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The delimiter of the first non-empty lines: the candidate found most often outside quotes on
 * the first line (a header), ties broken by how evenly it splits the next lines.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const lines = withLineFeeds(text)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 5);
  const countOutsideQuotes = (line: string, delimiter: string) => {
    let count = 0;
    let quoted = false;
    for (const char of line) {
      if (char === '"') quoted = !quoted;
      else if (char === delimiter && !quoted) count += 1;
    }
    return count;
  };
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const first = counts[0] ?? 0;
    const steady = counts.filter((count) => count === first).length;
    const score = first === 0 ? 0 : first * 10 + steady;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** Every record of `text`, empty lines skipped. */
export function readCsv(text: string, delimiter: CsvDelimiter = sniffDelimiter(text)): CsvRow[] {
  const records = parse(withLineFeeds(text), {
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: '\n',
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map(({ record, info }) => {
    // `lines` counts to the record's end; a quoted cell may hold line breaks.
    const breaksInside = record.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0);
    return { cells: record, line: info.lines - breaksInside };
  });
}

/** A header cell as readers compare it: trimmed, lower case, inner spaces single. */
export function headerKey(cell: string): string {
  return cell.trim().toLowerCase().replace(/\s+/g, ' ');
}
