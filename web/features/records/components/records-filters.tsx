/**
 * The /records filters (001 §2, §8): the search box ('Search records...', title or description),
 * the type filter with a count per type, and the vehicle filter, whose "every vehicle" choice has
 * a non-empty value since a select cannot hold an empty one.
 */
import { RECORD_KINDS, RECORD_TYPES, RECORDS_PAGE_TEXTS } from '@contract/records';
import { vehicleTitle } from '@contract/vehicles';
import { Input } from '@web/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { Search } from 'lucide-react';
import { ALL_TYPES, ALL_VEHICLES, type TypeFilter } from '../lib/record-lists';
import type { RecordFormVehicle } from './record-form';

export type RecordsFiltersProps = {
  query: string;
  onQueryChange: (query: string) => void;
  type: TypeFilter;
  onTypeChange: (type: TypeFilter) => void;
  counts: Record<TypeFilter, number>;
  vehicle: string;
  onVehicleChange: (vehicle: string) => void;
  vehicles: readonly RecordFormVehicle[];
};

export function RecordsFilters({
  query,
  onQueryChange,
  type,
  onTypeChange,
  counts,
  vehicle,
  onVehicleChange,
  vehicles,
}: RecordsFiltersProps) {
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_13rem_13rem]">
      <RecordSearch query={query} onQueryChange={onQueryChange} />
      <Select value={type} onValueChange={(value) => onTypeChange(value as TypeFilter)}>
        <SelectTrigger aria-label="Record type">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_TYPES}>
            {RECORDS_PAGE_TEXTS.allTypes} ({counts.all})
          </SelectItem>
          {RECORD_TYPES.map((recordType) => (
            <SelectItem key={recordType} value={recordType}>
              {RECORD_KINDS[recordType].plural} ({counts[recordType]})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={vehicle} onValueChange={onVehicleChange}>
        <SelectTrigger aria-label="Vehicle">
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          <SelectItem value={ALL_VEHICLES}>All Vehicles</SelectItem>
          {vehicles.map((candidate) => (
            <SelectItem key={candidate.id} value={String(candidate.id)}>
              {vehicleTitle(candidate)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The search box of both record lists: 'Search records...', title or description (001 §2). */
export function RecordSearch({
  query,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (query: string) => void;
}) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder={RECORDS_PAGE_TEXTS.searchPlaceholder}
        aria-label="Search records"
        className="pl-9"
      />
    </div>
  );
}
