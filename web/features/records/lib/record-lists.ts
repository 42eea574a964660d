/**
 * The record lists' rules (001 §3, §4): the search (decision 033: title, description,
 * category, vehicle, location, technician and notes), the type and vehicle filters with their
 * counts, and `?type=` read as a type (D27). A vehicle's history, in the same order, and its
 * totals come from the server a page at a time (get-vehicle-record-page.ts).
 */
import { type RecordType, recordTypeOf } from '@contract/records';

/** 001 §8: a select item cannot have an empty value, so "every vehicle" has its own. */
export const ALL_VEHICLES = 'all-vehicles';
export const ALL_TYPES = 'all';

export type TypeFilter = RecordType | typeof ALL_TYPES;

type Listed = {
  type: RecordType;
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
};

/** D27: `?type=` as the type filter's choice; anything unknown shows every type. */
export function typeFilterOf(param: string | null | undefined): TypeFilter {
  if (!param) return ALL_TYPES;
  return recordTypeOf(param) ?? ALL_TYPES;
}

/** D27: `?type=document` (or `documents`) shows the Documents view. */
export function isDocumentsType(param: string | null | undefined): boolean {
  return /^documents?$/i.test((param ?? '').trim());
}

export type RecordFilters = { query: string; type: TypeFilter; vehicle: string };

/**
 * Decision 033: the /records filters live in its query string, so a reload, Back and a shared
 * link show the same list: `q` the search text as typed, `type` the type filter (D27's values),
 * `vehicle` the vehicle's id. A filter at its default is left out.
 */
export const RECORD_FILTER_PARAMS = { query: 'q', type: 'type', vehicle: 'vehicle' } as const;

export function recordFiltersOf(search: string): RecordFilters {
  const params = new URLSearchParams(search);
  return {
    query: params.get(RECORD_FILTER_PARAMS.query) ?? '',
    type: typeFilterOf(params.get(RECORD_FILTER_PARAMS.type)),
    vehicle: params.get(RECORD_FILTER_PARAMS.vehicle)?.trim() || ALL_VEHICLES,
  };
}

/** The query string (with its `?`, or empty) that holds these filters. */
export function searchOfRecordFilters({ query, type, vehicle }: RecordFilters): string {
  const params = new URLSearchParams();
  if (query !== '') params.set(RECORD_FILTER_PARAMS.query, query);
  if (type !== ALL_TYPES) params.set(RECORD_FILTER_PARAMS.type, type);
  if (vehicle !== ALL_VEHICLES) params.set(RECORD_FILTER_PARAMS.vehicle, vehicle);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Decision 033: what the search box looks in, in the order a card shows it. */
const SEARCHED_FIELDS = [
  'title',
  'description',
  'category',
  'vehicleName',
  'location',
  'technician',
  'notes',
] as const satisfies readonly (keyof Listed)[];

/**
 * Lower case with every run of white space as one space, ends trimmed: 'oil  change ' finds
 * "Oil change", and a note's line break matches the space typed for it.
 */
function searchable(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function matchesSearch(record: Listed, query: string): boolean {
  const needle = searchable(query);
  if (needle === '') return true;
  return SEARCHED_FIELDS.some((field) => searchable(record[field]).includes(needle));
}

function matchesVehicle(record: Listed, vehicle: string): boolean {
  return vehicle === ALL_VEHICLES || String(record.vehicleId) === vehicle;
}

export function filterRecords<T extends Listed>(
  records: readonly T[],
  filters: RecordFilters,
): T[] {
  return records.filter(
    (record) =>
      (filters.type === ALL_TYPES || record.type === filters.type) &&
      matchesVehicle(record, filters.vehicle) &&
      matchesSearch(record, filters.query),
  );
}

/** The type filter's counts: what the search and the vehicle filter leave, per type. */
export function countByType(
  records: readonly Listed[],
  filters: Pick<RecordFilters, 'query' | 'vehicle'>,
): Record<TypeFilter, number> {
  const counts: Record<TypeFilter, number> = { all: 0, maintenance: 0, repair: 0, modification: 0 };
  for (const record of records) {
    if (!matchesVehicle(record, filters.vehicle) || !matchesSearch(record, filters.query)) continue;
    counts.all += 1;
    counts[record.type] += 1;
  }
  return counts;
}
