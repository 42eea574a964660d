/**
 * What reading one uploaded file may cost (decision 061). The worker's time and heap limits stop
 * anything; these budgets stop a hostile file sooner and with a message that says why, counted
 * while the file is decoded rather than after: bytes expanded from archives, entries, CSV rows,
 * columns and cell length, LiteDB blocks, the rows a reading hands back, a backup's document.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@contract/imports';

export const READ_BUDGETS = {
  /** A job's wall time in its worker; a file that takes longer is too complex. */
  timeMs: 10_000,
  /** A worker's heap: a few times what the largest real export needs. */
  heapMb: 512,
  /** Everything an upload's archives expand to, together. */
  expandedBytes: 5 * IMPORT_LIMITS.maxImportBytes,
  /** Entries of an archive: no tracker's export has that many files. */
  archiveEntries: 2000,
  /** Rows of one CSV file, and rows plus problems a reading answers. */
  rows: IMPORT_LIMITS.maxRows,
  /** Cells of one CSV record: the widest real export (Fuelio's) has about 40. */
  columns: 500,
  /** UTF-8 bytes of one CSV record: notes are the longest cells, and the API keeps them short. */
  recordCharacters: 256 * 1024,
  /** A backup's `data.json` once inflated. */
  backupDocumentBytes: 256 * 1024 * 1024,
} as const;

/** A budget passed: answered 422 with `IMPORT_MESSAGES.tooComplex`. */
export class ReadBudgetExceeded extends Error {
  readonly statusCode = 422;
  constructor(detail: string) {
    super(IMPORT_MESSAGES.tooComplex(detail));
  }
}

/** Counts what an archive expands to, across every archive of one upload. */
export function createExpansionBudget(limit: number = READ_BUDGETS.expandedBytes) {
  let used = 0;
  return {
    /** Adds `bytes` of output; throws past the budget. */
    spend(bytes: number) {
      used += bytes;
      if (used > limit) {
        throw new ReadBudgetExceeded(`it expands to more than ${Math.round(limit / 1024 ** 2)} MB`);
      }
    },
    get remaining() {
      return Math.max(0, limit - used);
    },
  };
}
export type ExpansionBudget = ReturnType<typeof createExpansionBudget>;

/** A catch that turns a reader's errors into its own words must let a budget through. */
export function rethrowIfBudget(error: unknown) {
  if (error instanceof ReadBudgetExceeded) throw error;
}
