/**
 * The /records filters (001 §2, §8): the search box ('Search records...', the fields of decision 033),
 * the type filter with a count per type, and the vehicle filter, whose "every vehicle" choice has
 * a non-empty value since a select cannot hold an empty one.
 */
import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { vehicleTitle } from '@contract/vehicles';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Input } from '@web/components/ui/input';
import { Search } from 'lucide-react';
import { ALL_TYPES, ALL_VEHICLES, type TypeFilter } from '../lib/record-lists';
import { RECORDS_PAGE_TEXTS } from '../lib/record-texts';
import type { RecordFormVehicle } from './record-form-fields';

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
      <ChoiceSelect
        aria-label="Record type"
        value={type}
        onValueChange={(value) => onTypeChange(value as TypeFilter)}
        choices={[
          { value: ALL_TYPES, label: `${RECORDS_PAGE_TEXTS.allTypes} (${counts.all})` },
          ...RECORD_TYPES.map((recordType) => ({
            value: recordType,
            label: `${RECORD_KINDS[recordType].plural} (${counts[recordType]})`,
          })),
        ]}
      />
      <VehicleFilter
        label="Vehicle"
        vehicle={vehicle}
        onVehicleChange={onVehicleChange}
        vehicles={vehicles}
      />
    </div>
  );
}

/** A vehicle filter of the record lists: All Vehicles, then each vehicle of the garage. */
export function VehicleFilter({
  label,
  vehicle,
  onVehicleChange,
  vehicles,
}: {
  label: string;
  vehicle: string;
  onVehicleChange: (vehicle: string) => void;
  vehicles: readonly RecordFormVehicle[];
}) {
  return (
    <ChoiceSelect
      aria-label={label}
      value={vehicle}
      onValueChange={onVehicleChange}
      contentClassName="max-h-72"
      choices={[
        { value: ALL_VEHICLES, label: 'All Vehicles' },
        ...vehicles.map((candidate) => ({
          value: String(candidate.id),
          label: vehicleTitle(candidate),
        })),
      ]}
    />
  );
}

/**
 * The search box of both record lists: 'Search records...' (001 §2), over title, description,
 * category, vehicle, location, technician and notes (decision 033).
 */
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
