import type { RecordType } from '@contract/records';
import { describe, expect, it } from 'vitest';
import {
  ALL_VEHICLES,
  combineHistory,
  countByType,
  filterRecords,
  isDocumentsType,
  sortByDate,
  totalCost,
  typeFilterOf,
} from './record-lists';

const record = (
  id: number,
  type: RecordType,
  overrides: Partial<{
    title: string | null;
    description: string | null;
    vehicleId: number;
    date: string | null;
    cost: number | null;
  }> = {},
) => ({
  id,
  type,
  title: `Record ${id}`,
  description: null,
  vehicleId: 1,
  date: null,
  cost: null,
  ...overrides,
});

const records = [
  record(1, 'maintenance', { title: 'Oil Change', date: '2026-01-10', cost: 89.5 }),
  record(2, 'repair', { title: 'Brake pads', description: 'Front axle', vehicleId: 2, cost: 240 }),
  record(3, 'modification', { title: 'Cold air intake', date: '2026-03-01', cost: 310.25 }),
  record(4, 'maintenance', { title: 'Tire Rotation', vehicleId: 2, date: '2025-12-01' }),
];

describe('?type= (D27)', () => {
  it('reads kinds, plurals and legacy maint… values; anything else is every type', () => {
    expect(typeFilterOf('maintenance')).toBe('maintenance');
    expect(typeFilterOf('repairs')).toBe('repair');
    expect(typeFilterOf('modification')).toBe('modification');
    expect(typeFilterOf('Modifications')).toBe('modification');
    expect(typeFilterOf('maint')).toBe('maintenance');
    expect(typeFilterOf('bogus')).toBe('all');
    expect(typeFilterOf(null)).toBe('all');
  });

  it('reads document and documents as the Documents view', () => {
    expect(isDocumentsType('document')).toBe(true);
    expect(isDocumentsType('Documents')).toBe(true);
    expect(isDocumentsType('maintenance')).toBe(false);
    expect(isDocumentsType(null)).toBe(false);
  });
});

describe('filters (001 §2)', () => {
  it('searches title or description, case-insensitively', () => {
    const found = filterRecords(records, { query: 'FRONT', type: 'all', vehicle: ALL_VEHICLES });
    expect(found.map((r) => r.id)).toEqual([2]);
    expect(
      filterRecords(records, { query: 'tire', type: 'all', vehicle: ALL_VEHICLES }).map(
        (r) => r.id,
      ),
    ).toEqual([4]);
  });

  it('combines type and vehicle filters', () => {
    expect(
      filterRecords(records, { query: '', type: 'maintenance', vehicle: '2' }).map((r) => r.id),
    ).toEqual([4]);
  });

  it('counts each type among what the search and vehicle filter leave', () => {
    expect(countByType(records, { query: '', vehicle: ALL_VEHICLES })).toEqual({
      all: 4,
      maintenance: 2,
      repair: 1,
      modification: 1,
    });
    expect(countByType(records, { query: '', vehicle: '1' })).toEqual({
      all: 2,
      maintenance: 1,
      repair: 0,
      modification: 1,
    });
  });
});

describe('history (001 §2, §4)', () => {
  it('sorts newest first with undated records last', () => {
    expect(sortByDate(records).map((r) => r.id)).toEqual([3, 1, 4, 2]);
  });

  it('combines the three lists and totals the costs exactly', () => {
    const history = combineHistory({
      maintenance: [records[0]!, records[3]!],
      repair: [records[1]!],
      modification: [records[2]!],
    });
    expect(history.map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(totalCost(history)).toBe(639.75);
    expect(totalCost([{ cost: 0.1 }, { cost: 0.2 }])).toBe(0.3);
  });
});
