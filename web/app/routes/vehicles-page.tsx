/**
 * `/vehicles`, My Vehicles (001 §2, §4): the search box, the grid of cards, the empty states,
 * and Add Vehicle, which asks the subscription status first (fresh, else cached, else allowed)
 * and opens the add dialog or, past the plan's limit, the upgrade dialog (add-vehicle-flow).
 */
import { VEHICLES_PAGE_HEADING } from '@contract/page-headings';
import { Button } from '@web/components/ui/button';
import { LoadFailed } from '@web/components/ui/load-failed';
import { useVehicles, VEHICLES_QUERY_KEY } from '@web/features/vehicles/api/get-vehicles';
import { VehicleSearch } from '@web/features/vehicles/components/vehicle-search';
import {
  VehiclesEmptyState,
  VehiclesNoMatch,
} from '@web/features/vehicles/components/vehicles-empty-state';
import {
  VehiclesGrid,
  VehiclesGridSkeleton,
} from '@web/features/vehicles/components/vehicles-grid';
import { searchVehicles } from '@web/features/vehicles/lib/search-vehicles';
import { usePageTitle } from '@web/lib/page-title';
import { queryClient } from '@web/lib/query-client';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAddVehicleFlow } from '../add-vehicle-flow';

export function VehiclesPage() {
  usePageTitle(VEHICLES_PAGE_HEADING.title);
  const { vehicles, isLoading, isError } = useVehicles();
  const [query, setQuery] = useState('');
  const { startAdding, isChecking, dialogs } = useAddVehicleFlow();
  const shown = useMemo(() => searchVehicles(vehicles, query), [vehicles, query]);

  const hasVehicles = vehicles.length > 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{VEHICLES_PAGE_HEADING.title}</h1>
          <p className="text-sm text-muted-foreground">{VEHICLES_PAGE_HEADING.description}</p>
        </div>
        <Button
          onClick={startAdding}
          disabled={isChecking}
          aria-busy={isChecking || undefined}
          className="w-full sm:w-auto"
        >
          <Plus aria-hidden />
          Add Vehicle
        </Button>
      </header>

      {hasVehicles && (
        <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <VehicleSearch value={query} onChange={setQuery} />
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {query.trim()
              ? `${shown.length} of ${vehicles.length} ${vehicles.length === 1 ? 'vehicle' : 'vehicles'}`
              : `${vehicles.length} ${vehicles.length === 1 ? 'vehicle' : 'vehicles'}`}
          </p>
        </div>
      )}

      {isLoading ? (
        <VehiclesGridSkeleton />
      ) : isError ? (
        <LoadFailed
          message="Your vehicles could not be loaded."
          onRetry={() => queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY })}
        />
      ) : !hasVehicles ? (
        <VehiclesEmptyState onAdd={startAdding} isChecking={isChecking} />
      ) : shown.length === 0 ? (
        <VehiclesNoMatch query={query} onClear={() => setQuery('')} />
      ) : (
        <VehiclesGrid vehicles={shown} />
      )}

      {dialogs}
    </div>
  );
}
