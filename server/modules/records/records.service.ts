/**
 * The rules of records. For now the upcoming items of D18: the user's open records of every kind,
 * shaped as the contract's Upcoming item (001 §3).
 */
import type { UpcomingItem } from '@contract/records';
import type { Db } from '../../db/open';
import { findOpenRecords, type UpcomingRecordRow } from './records.repository';

/** D3: pg answers `numeric` as a string; the API answers numbers. */
function toMoney(value: string | null): number | null {
  if (value === null) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

export function toUpcomingItem(row: UpcomingRecordRow): UpcomingItem {
  return {
    id: row.id,
    type: row.type,
    // A maintenance title is copied from its category (001 §4); an empty one falls back to it.
    title: row.title?.trim() || row.category,
    vehicleId: row.vehicleId,
    vehicleName: `${row.vehicleYear} ${row.vehicleMake} ${row.vehicleModel}`,
    date: row.date,
    dueDate: row.dueDate,
    dueMileage: row.dueMileage,
    cost: toMoney(row.cost),
    description: row.description,
    imageUrl: row.imageUrl,
    fileUrl: row.fileUrl,
    isCompleted: row.isCompleted,
  };
}

export function createRecordsService({ db }: { db: Db }) {
  return {
    /** D18, in the order the repository sorts them. */
    async listUpcomingItems(userId: number): Promise<UpcomingItem[]> {
      const rows = await findOpenRecords(db, userId);
      return rows.map(toUpcomingItem);
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
