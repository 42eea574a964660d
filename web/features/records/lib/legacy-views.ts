/**
 * The rules of the legacy pages' views (001 §2, §4, D16, D28), now shown in /records for their
 * `?type=`: Maintenance's groups Overdue, Due Soon and Upcoming and its history; Modifications'
 * In Progress and Completed. (The Documents view's entries come from the server a page at a time:
 * get-document-page.ts.) Dates are calendar days of the user's local calendar (D4).
 */
import { dueStateOn } from '@contract/due-state';
import { DUE_WINDOWS, type UpcomingItem, upcomingItemState } from '@contract/records';

type Open = {
  isCompleted: boolean;
  date: string | null;
  dueDate: string | null;
  dueMileage: number | null;
};

/** D18: when an open item is due: its due date, else its date. */
function dueOf(record: Pick<Open, 'date' | 'dueDate'>): string | null {
  return record.dueDate ?? record.date;
}

/**
 * 001 §4: open items sort by due date ascending, then due mileage ascending, those without a
 * date last.
 */
export function sortOpen<T extends Open>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => {
    const dueA = dueOf(a);
    const dueB = dueOf(b);
    if (dueA !== dueB) {
      if (dueA === null) return 1;
      if (dueB === null) return -1;
      return dueA < dueB ? -1 : 1;
    }
    const mileA = a.dueMileage ?? Number.POSITIVE_INFINITY;
    const mileB = b.dueMileage ?? Number.POSITIVE_INFINITY;
    return mileA - mileB;
  });
}

export type MaintenanceGroups<T> = { overdue: T[]; dueSoon: T[]; upcoming: T[]; history: T[] };

/**
 * 001 §4: open maintenance is Overdue when due before today, Due Soon when due within 14 days
 * from today, otherwise (or without a due date) Upcoming; completed items are the history,
 * newest first.
 */
export function groupMaintenance<T extends Open>(
  records: readonly T[],
  today: string,
): MaintenanceGroups<T> {
  const groups: MaintenanceGroups<T> = { overdue: [], dueSoon: [], upcoming: [], history: [] };
  const groupOf = { overdue: groups.overdue, dueSoon: groups.dueSoon, ok: groups.upcoming };
  for (const record of sortOpen(records.filter((candidate) => !candidate.isCompleted))) {
    // A record carries no odometer, so the one due state judges it here by its date alone.
    const at = { date: dueOf(record), odometer: null };
    groupOf[dueStateOn(at, null, null, today, DUE_WINDOWS.maintenanceView)].push(record);
  }
  groups.history = records
    .filter((record) => record.isCompleted)
    .sort((a, b) => {
      if (a.date === b.date) return 0;
      if (a.date === null) return 1;
      if (b.date === null) return -1;
      return a.date < b.date ? 1 : -1;
    });
  return groups;
}

export type ScheduledGroups = Omit<MaintenanceGroups<UpcomingItem>, 'history'>;

/**
 * Decision 054: the service schedules' next occurrences in the same groups: Overdue when past
 * their date or their due mileage is reached, Due Soon when their date or predicted date is
 * within 14 days, Upcoming otherwise; each group in the upcoming read's order (soonest first).
 */
export function groupScheduleOccurrences(
  items: readonly UpcomingItem[],
  today: string,
): ScheduledGroups {
  const groups: ScheduledGroups = { overdue: [], dueSoon: [], upcoming: [] };
  const groupOf = { overdue: groups.overdue, dueSoon: groups.dueSoon, ok: groups.upcoming };
  for (const item of items) {
    if (item.scheduleId === null) continue;
    groupOf[upcomingItemState(item, today, DUE_WINDOWS.maintenanceView)].push(item);
  }
  return groups;
}

/** 001 §4: modifications not completed are In Progress. */
export function groupModifications<T extends Pick<Open, 'isCompleted'>>(records: readonly T[]) {
  return {
    inProgress: records.filter((record) => !record.isCompleted),
    completed: records.filter((record) => record.isCompleted),
  };
}
