import type { RecordType } from '@contract/records';
import { describe, expect, it } from 'vitest';
import {
  ALL_VEHICLES,
  countByType,
  filterRecords,
  isDocumentsType,
  recordFiltersOf,
  searchOfRecordFilters,
  typeFilterOf,
} from './record-lists';

const record = (
  id: number,
  type: RecordType,
  overrides: Partial<{
    title: string | null;
    description: string | null;
    category: string;
    vehicleName: string;
    location: string | null;
    technician: string | null;
    notes: string | null;
    vehicleId: number;
    date: string | null;
    cost: number | null;
  }> = {},
) => ({
  id,
  type,
  title: `Record ${id}`,
  description: null,
  category: 'Other',
  vehicleName: '2020 Toyota Camry',
  location: null,
  technician: null,
  notes: null,
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

describe('filters in the query string (decision 033)', () => {
  it('reads q, type and vehicle, each at its default when absent or unknown', () => {
    expect(recordFiltersOf('?q=oil%20%20change&type=repairs&vehicle=7')).toEqual({
      query: 'oil  change',
      type: 'repair',
      vehicle: '7',
    });
    expect(recordFiltersOf('')).toEqual({ query: '', type: 'all', vehicle: ALL_VEHICLES });
    expect(recordFiltersOf('?type=bogus&vehicle=')).toEqual({
      query: '',
      type: 'all',
      vehicle: ALL_VEHICLES,
    });
  });

  it('writes only the filters that are set, and reads back what it wrote', () => {
    expect(searchOfRecordFilters({ query: '', type: 'all', vehicle: ALL_VEHICLES })).toBe('');
    const filters = { query: "Joe's & Sons", type: 'modification' as const, vehicle: '12' };
    const search = searchOfRecordFilters(filters);
    expect(search).toBe('?q=Joe%27s+%26+Sons&type=modification&vehicle=12');
    expect(recordFiltersOf(search)).toEqual(filters);
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

  it('searches category, vehicle, location, technician and notes too (decision 033)', () => {
    const garage = [
      record(1, 'maintenance', { category: 'Fluid Service' }),
      record(2, 'repair', { vehicleName: '2018 Honda Civic', vehicleId: 2 }),
      record(3, 'repair', { location: "Joe's Garage, Main St" }),
      record(4, 'modification', { technician: 'Maria Lopez' }),
      record(5, 'maintenance', { notes: 'Used synthetic\n  5W-30 oil' }),
    ];
    const idsFor = (query: string) =>
      filterRecords(garage, { query, type: 'all', vehicle: ALL_VEHICLES }).map((r) => r.id);
    expect(idsFor('fluid')).toEqual([1]);
    expect(idsFor('HONDA civic')).toEqual([2]);
    expect(idsFor("joe's")).toEqual([3]);
    expect(idsFor('maria')).toEqual([4]);
    // The note's line break and indentation read as one space, and so does the typed double one.
    expect(idsFor('  synthetic  5w-30 ')).toEqual([5]);
    expect(idsFor('toyota')).toEqual([1, 3, 4, 5]);
    expect(idsFor('nothing like it')).toEqual([]);
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
