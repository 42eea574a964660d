/**
 * What imports and restores share between their preview and their apply (decision 055): a
 * preview is applied only while it waits and within its hours, and what it adds counts against
 * the free plan as the creates it stands for do.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportCounts } from '@contract/imports';
import { AppError } from '../../app-error';
import type { ImportRow } from './imports.repository';

/** A preview still waiting and within its hours, or why it is not (409 done, 410 expired). */
export function requireFreshPreview(row: Pick<ImportRow, 'status' | 'createdAt'>) {
  if (row.status === 'applied') throw new AppError(409, IMPORT_MESSAGES.alreadyApplied);
  if (row.status === 'undone') throw new AppError(409, IMPORT_MESSAGES.undone);
  const age = Date.now() - row.createdAt.getTime();
  if (age > IMPORT_LIMITS.previewHours * 3_600_000) {
    throw new AppError(410, IMPORT_MESSAGES.expired);
  }
}

/** The waiting preview's input, or why it cannot be applied (409 done, 410 expired). */
export function requireWaitingSource<Source>(
  row: ImportRow,
  isWaiting: (source: unknown) => source is Source,
): Source {
  requireFreshPreview(row);
  if (!isWaiting(row.source)) throw new AppError(410, IMPORT_MESSAGES.expired);
  return row.source;
}

/** What the free plan counts of an import (D12, D50): vehicles, and every row but readings. */
export function planRoomOf(counts: ImportCounts) {
  return {
    vehicles: counts.vehicles,
    records:
      counts.energy + counts.maintenance + counts.repairs + counts.modifications + counts.schedules,
  };
}
