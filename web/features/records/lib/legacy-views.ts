/**
 * The rules of the three views the legacy pages had (001 §2, §4, D16, D27, D28), now shown in
 * /records for their `?type=`: Maintenance's groups Overdue, Due Soon and Upcoming and its
 * history; Modifications' In Progress and Completed; and the Documents list of every record
 * attachment and stored document. Dates are calendar days of the user's local calendar (D4).
 */
import {
  DUE_SOON_WINDOW_DAYS,
  isOverdue,
  isUpcomingItemOverdue,
  RECORD_KINDS,
  type RecordType,
  type StoredDocument,
  UNTITLED,
  type UpcomingItem,
  upcomingDueDate,
} from '@contract/records';
import { toCalendarDate } from '@web/lib/format';
import { addDays, parseISO } from 'date-fns';

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
  const soonLimit = toCalendarDate(addDays(parseISO(today), DUE_SOON_WINDOW_DAYS));
  const groups: MaintenanceGroups<T> = { overdue: [], dueSoon: [], upcoming: [], history: [] };
  for (const record of sortOpen(records.filter((candidate) => !candidate.isCompleted))) {
    const due = dueOf(record);
    // A record carries no odometer, so the one rule judges it here by its date alone.
    if (isOverdue({ dueDate: due, dueMileage: null }, null, today)) groups.overdue.push(record);
    else if (due !== null && due <= soonLimit) groups.dueSoon.push(record);
    else groups.upcoming.push(record);
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
  const soonLimit = toCalendarDate(addDays(parseISO(today), DUE_SOON_WINDOW_DAYS));
  const groups: ScheduledGroups = { overdue: [], dueSoon: [], upcoming: [] };
  for (const item of items) {
    if (item.scheduleId === null) continue;
    const due = upcomingDueDate(item);
    if (isUpcomingItemOverdue(item, today)) groups.overdue.push(item);
    else if (due !== null && due <= soonLimit) groups.dueSoon.push(item);
    else groups.upcoming.push(item);
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

/** D27: the Documents view's type for files attached to records. */
export const RECORD_ATTACHMENT = 'record-attachment';

export type DocumentEntry = {
  key: string;
  title: string;
  /** A stored document's type (001 §9), or RECORD_ATTACHMENT. */
  type: string;
  /** 'PDF' or 'Photo' for attachments; the stored document's type otherwise. */
  format: 'PDF' | 'Photo' | 'Document';
  /** What the file belongs to: 'Maintenance: Oil Change', or the document's notes. */
  source: string | null;
  vehicleId: number | null;
  vehicleName: string | null;
  date: string | null;
  url: string;
};

type Attached = {
  id: number;
  type: RecordType;
  title: string | null;
  vehicleId: number;
  vehicleName: string;
  date: string | null;
  fileUrl: string | null;
  imageUrl: string | null;
};

/**
 * D27: every record attachment (its PDF and its photo) and every stored document with a file,
 * newest first, undated last.
 */
export function documentEntries(
  records: readonly Attached[],
  documents: readonly StoredDocument[],
): DocumentEntry[] {
  const entries: DocumentEntry[] = [];
  for (const record of records) {
    const title = record.title || UNTITLED;
    const source = `${RECORD_KINDS[record.type].label}: ${title}`;
    const base = {
      type: RECORD_ATTACHMENT,
      source,
      vehicleId: record.vehicleId,
      vehicleName: record.vehicleName,
      date: record.date,
    };
    if (record.fileUrl) {
      entries.push({
        ...base,
        key: `${record.type}-${record.id}-file`,
        title: `${title} (PDF)`,
        format: 'PDF',
        url: record.fileUrl,
      });
    }
    if (record.imageUrl) {
      entries.push({
        ...base,
        key: `${record.type}-${record.id}-photo`,
        title: `${title} (Photo)`,
        format: 'Photo',
        url: record.imageUrl,
      });
    }
  }
  for (const document of documents) {
    if (!document.fileUrl) continue;
    entries.push({
      key: `document-${document.id}`,
      title: document.title,
      type: document.type,
      format: 'Document',
      source: document.notes,
      vehicleId: document.vehicleId,
      vehicleName: document.vehicleName,
      date: document.date,
      url: document.fileUrl,
    });
  }
  return entries.sort((a, b) => {
    if (a.date === b.date) return 0;
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? 1 : -1;
  });
}

export function filterDocuments(
  entries: readonly DocumentEntry[],
  { query, type, vehicle }: { query: string; type: string; vehicle: string },
  allTypes: string,
  allVehicles: string,
): DocumentEntry[] {
  const needle = query.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (type === allTypes || entry.type === type) &&
      (vehicle === allVehicles || String(entry.vehicleId) === vehicle) &&
      (needle === '' ||
        entry.title.toLowerCase().includes(needle) ||
        (entry.source ?? '').toLowerCase().includes(needle)),
  );
}
