/**
 * The table of each record kind (architecture convention 12), once for every repository that
 * reaches the records: the record repositories, a vehicle's figures and deletion (D20, D22), and
 * the stored files' references. The kind is also the name `record_images.record_type` stores.
 */
import type { RecordType } from '@contract/records';
import { maintenance, modifications, repairs } from './schema';

export type RecordTable = typeof maintenance | typeof repairs | typeof modifications;

export const RECORD_TABLES = {
  maintenance,
  repair: repairs,
  modification: modifications,
} as const satisfies Record<RecordType, RecordTable>;

/** The kinds with their tables, for queries that span them all. */
export const RECORD_KIND_TABLES = Object.entries(RECORD_TABLES) as ReadonlyArray<
  [RecordType, RecordTable]
>;

/**
 * The due fields (001 §3) of the kinds that have them, and the schedule such a record completed
 * (decision 054); a kind without has none.
 */
export const DUE_COLUMNS = {
  maintenance: {
    dueDate: maintenance.dueDate,
    dueMileage: maintenance.dueMileage,
    scheduleId: maintenance.scheduleId,
  },
  repair: null,
  modification: null,
} as const satisfies Record<
  RecordType,
  {
    dueDate: typeof maintenance.dueDate;
    dueMileage: typeof maintenance.dueMileage;
    scheduleId: typeof maintenance.scheduleId;
  } | null
>;
