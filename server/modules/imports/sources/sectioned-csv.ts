/**
 * Files made of blocks, each opened by a marker line and holding its own header and column count
 * (Drivvo's `##Refuelling`, Fuelio's `"## Log"`): the blocks, read with the one CSV reader, and
 * the small judgements the readers of such files share.
 */
import { type CsvDelimiter, type CsvRow, readCsv, sniffDelimiter } from './csv';

export type CsvSection = {
  /** The marker's words without its hashes ("Refuelling", "Log"). */
  name: string;
  /** The marker as written ("##Refuelling", "## Log"), for the words a user reads. */
  marker: string;
  /** The marker's line; 0 for the rows before any marker. */
  line: number;
  /** The first non-empty row after the marker. */
  header?: CsvRow;
  rows: CsvRow[];
};

/**
 * A marker line as written: `#` or `##`, the section's words, maybe quoted (Fuelio), maybe
 * followed by nothing but delimiters (Drivvo pads it to the width of the header below).
 */
const MARKER_LINE = /^\uFEFF?\s*"?\s*(#{1,2}\s*[^#,;\t"\s][^,;\t"]*?)\s*"?\s*[,;\t]*\s*$/;

/** The marker of a line of text, or null: cheap enough to scan a whole file when detecting. */
export function markerOfLine(line: string): string | null {
  return MARKER_LINE.exec(line)?.[1] ?? null;
}

/** The words of a marker: `##Refuelling` → `Refuelling`, `## Log` → `Log`. */
export function markerName(marker: string): string {
  return marker.replace(/^#+\s*/, '').trim();
}

/** Every marker of a text, in order, with its 1-based line. */
export function markersOf(text: string): { marker: string; line: number }[] {
  const found: { marker: string; line: number }[] = [];
  text.split(/\r\n?|\n/).forEach((line, index) => {
    if (!line.includes('#')) return;
    const marker = markerOfLine(line);
    if (marker !== null) found.push({ marker, line: index + 1 });
  });
  return found;
}

/**
 * The delimiter of a sectioned file. Marker lines say nothing of it (`##Refuelling` alone, or
 * padded with the very delimiter), so only the lines between them are sniffed.
 */
export function sniffSectionedDelimiter(text: string): CsvDelimiter {
  const lines = text
    .split(/\r\n?|\n/)
    .filter((line) => line.trim() !== '' && markerOfLine(line) === null)
    .slice(0, 5);
  return sniffDelimiter(lines.join('\n'));
}

function rowMarker(cells: string[]): string | null {
  const [first = '', ...rest] = cells;
  if (!/^\s*#/.test(first) || rest.some((cell) => cell.trim() !== '')) return null;
  return markerOfLine(first);
}

/** Whether a row has no cell with anything in it (a line of bare delimiters). */
function isBlankRow(row: CsvRow): boolean {
  return row.cells.every((cell) => cell.trim() === '');
}

/** The file's sections in order; rows before the first marker form a section named ''. */
export function readSections(
  text: string,
  delimiter = sniffSectionedDelimiter(text),
): CsvSection[] {
  const sections: CsvSection[] = [];
  let current: CsvSection = { name: '', marker: '', line: 0, rows: [] };
  for (const row of readCsv(text, delimiter)) {
    const marker = rowMarker(row.cells);
    if (marker !== null) {
      if (current.header || current.line > 0) sections.push(current);
      current = { name: markerName(marker), marker, line: row.line, rows: [] };
    } else if (isBlankRow(row)) {
      // A line of delimiters only: nothing to read, neither a header nor a record.
    } else if (current.header) {
      current.rows.push(row);
    } else {
      current.header = row;
    }
  }
  if (current.header || current.line > 0) sections.push(current);
  return sections;
}

/** A cell by index, trimmed; '' when the row is shorter (ragged rows are allowed). */
export function cellAt(row: CsvRow, index: number | undefined): string {
  return index === undefined ? '' : (row.cells[index] ?? '').trim();
}

/**
 * Whether a number as spelled is zero ("0", "0.0", "0,00"). Not a parse: the readers only need
 * to tell "none" from a value where the apps write zero for nothing (Drivvo's odometer `0.0`,
 * its empty second fuel `0`).
 */
export function isZeroSpelling(raw: string): boolean {
  return /^[+-]?0+(?:[.,]0*)?$/.test(raw.trim());
}
