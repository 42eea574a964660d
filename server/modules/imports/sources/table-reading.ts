/**
 * What the readers of other apps' CSV files share (decision 055): the text of a file that is
 * text, its first records for a cheap `detect`, columns found through a table of header
 * spellings, a cell as the file spells it, the apps' yes/no words, and the reason a fill-up
 * cannot be kept for want of amounts.
 */
import { rethrowIfBudget } from '../read-budgets';
import { type CsvDelimiter, type CsvRow, headerKey, readCsv } from './csv';
import type { ImportFile, SourceProblem } from './source';

/** The problem of every expense row: they are not work on the car, and not a kind we keep. */
export const EXPENSE_NOT_IMPORTED = 'Expense records are not imported (insurance, tax, parking)';

/** Bytes looked at to tell text from binary, and at most read by a `detect`. */
const DETECT_BYTES = 64 * 1024;

/** The file's text, or null when its first bytes hold a NUL (a zip, an image, a database). */
export function textOf(file: ImportFile): string | null {
  if (file.bytes.subarray(0, DETECT_BYTES).includes(0)) return null;
  return file.text();
}

/**
 * The first records of a file, for a `detect`: only its first lines are parsed, so that a large
 * upload costs little, and garbage answers no records instead of throwing.
 */
export function leadingRows(
  file: ImportFile,
  lineCount: number,
  delimiter?: CsvDelimiter,
): CsvRow[] {
  const text = textOf(file);
  if (text === null) return [];
  const lines = text.slice(0, DETECT_BYTES).split(/\r\n?|\n/);
  // A quoted cell may hold a line break: a cut inside one must not make the sample unreadable.
  for (let kept = Math.min(lines.length, lineCount); kept > 0; kept -= 1) {
    try {
      return readCsv(lines.slice(0, kept).join('\n'), delimiter);
    } catch (error) {
      // A header wider than any export's is the file's answer, not a reason to try fewer lines.
      rethrowIfBudget(error);
      // An unclosed quote at the cut: try one line fewer.
    }
  }
  return [];
}

/** Every record of a file; a file that is not CSV at all is the one error a reader throws. */
export function readRows(file: ImportFile, delimiter?: CsvDelimiter): CsvRow[] {
  const text = textOf(file);
  if (text === null) throw new Error(`${file.name} is not a text file`);
  try {
    return readCsv(text, delimiter);
  } catch (error) {
    rethrowIfBudget(error);
    throw new Error(`${file.name} could not be read as CSV: a quote is never closed`);
  }
}

/** A header cell as the alias tables spell it: `fuelup_date`, `Fuelup Date` and ` fuelup date` alike. */
export function columnKey(cell: string): string {
  return headerKey(cell.replace(/_/g, ' '));
}

/** The header spellings of each field a reader takes, as `columnKey` writes them. */
export type ColumnAliases<Field extends string> = Readonly<Record<Field, readonly string[]>>;

/** Where each field's column is; a field whose column the header lacks is absent. */
export type Columns<Field extends string> = Partial<Record<Field, number>>;

/** The first column of `header` spelled as one of each field's aliases. */
export function findColumns<Field extends string>(
  header: readonly string[],
  aliases: ColumnAliases<Field>,
): Columns<Field> {
  const keys = header.map(columnKey);
  const columns: Columns<Field> = {};
  for (const field of Object.keys(aliases) as Field[]) {
    const index = keys.findIndex((key) => aliases[field].includes(key));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}

/** Whether every one of `fields` has a column. */
export function hasColumns<Field extends string>(
  columns: Columns<Field>,
  fields: readonly Field[],
): boolean {
  return fields.every((field) => columns[field] !== undefined);
}

/** The cell at `index`, trimmed (the only change a reader makes); undefined when empty. */
export function cellAt(cells: readonly string[], index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  const value = cells[index]?.trim();
  return value ? value : undefined;
}

/** The cell of a field's column; undefined when the header lacks it or the cell is empty. */
export function cellOf<Field extends string>(
  cells: readonly string[],
  columns: Columns<Field>,
  field: Field,
): string | undefined {
  return cellAt(cells, columns[field]);
}

/** Labelled extra: "Tags: work", or undefined when the value is. */
export function labelled(label: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : `${label}: ${value}`;
}

/** The row without the fields it has no value for: a row without an odometer has no `odometer`. */
export function definedOnly<Row extends object>(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as Row;
}

/** A problem of a row, where the preview lists it. */
export function problemAt(file: ImportFile, line: number, reason: string): SourceProblem {
  return { file: file.name, line, reason };
}

/** A file's name without its folders (an expanded zip's entry `SimplyAuto/Fuel_Log.csv`). */
export function baseName(file: ImportFile): string {
  return file.name.split(/[\\/]/).pop() ?? file.name;
}
