/**
 * The one CSV reader of the import readers (decision 055). The apps' files are loose CSV: section
 * blocks with different column counts (Fuelio, Drivvo, aCar), a quote followed by more text
 * (Drivvo's `"Полный бак" 2`), CR-only line ends (iPhone exports), a BOM, `;` or tab delimiters.
 * None of that is an error here; a reader judges the cells.
 */
import { parse } from 'csv-parse/sync';
import { READ_BUDGETS, ReadBudgetExceeded } from '../read-budgets';

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
  // The first lines are in the first few kilobytes; a file of one endless line is not split whole.
  const lines = withLineFeeds(text.slice(0, 64 * 1024))
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

/**
 * Every record of `text`, empty lines skipped. The budgets of decision 061 are counted as the
 * records are parsed: a record longer, wider, or one more than a tracker's export ever has ends
 * the reading with ReadBudgetExceeded before the rest is parsed.
 */
export function readCsv(text: string, delimiter: CsvDelimiter = sniffDelimiter(text)): CsvRow[] {
  let count = 0;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(withLineFeeds(text), {
      delimiter,
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: '\n',
      info: true,
      max_record_size: READ_BUDGETS.recordCharacters,
      // With `info`, csv-parse hands each record with its info; its types miss that.
      on_record: ((entry: { record: string[] }) => {
        count += 1;
        // The header is a record too: a file of exactly the budget's rows is read.
        if (count > READ_BUDGETS.rows + 1) {
          throw new ReadBudgetExceeded(
            `it has more than ${READ_BUDGETS.rows.toLocaleString('en-US')} rows`,
          );
        }
        if (entry.record.length > READ_BUDGETS.columns) {
          throw new ReadBudgetExceeded(`a row has more than ${READ_BUDGETS.columns} columns`);
        }
        return entry;
      }) as unknown as (record: string[]) => string[],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new ReadBudgetExceeded(
        `a row is longer than ${READ_BUDGETS.recordCharacters / 1024} KB`,
      );
    }
    throw error;
  }
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
