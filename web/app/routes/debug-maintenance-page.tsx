/**
 * The maintenance debug pages (001 §2, D16, D17): `/debug/maintenance` and `/raw-maintenance`
 * read every maintenance record of the user (`GET /api/maintenance`); `/direct-maintenance` reads
 * one vehicle's (`GET /api/vehicles/{id}/maintenance`), the vehicle given by `?vehicleId=`, else
 * the first vehicle the user added. Only the signed-in user's own data is ever shown.
 */

import { type MaintenanceDebugSource, parseRouteId } from '@contract/pages';
import { useDebugJson } from '@web/features/debug/api/fetch-debug-json';
import { MaintenanceDebugView } from '@web/features/debug/components/maintenance-debug-view';
import { useVehicles } from '@web/features/vehicles/api/get-vehicles';
import { usePageTitle } from '@web/lib/page-title';
import { useSearch } from 'wouter';

const TITLES: Record<MaintenanceDebugSource, string> = {
  all: 'Maintenance debug',
  raw: 'Raw maintenance',
  direct: 'Direct maintenance',
};

/** Which view the route shows is stated in the contract's table of pages (`props.source`). */
export function DebugMaintenancePage({ source = 'all' }: { source?: MaintenanceDebugSource }) {
  usePageTitle(TITLES[source]);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{TITLES[source]}</h1>
        <p className="text-sm text-muted-foreground">
          Your maintenance records exactly as the server answers them.
        </p>
      </header>
      {source === 'direct' ? <DirectMaintenance /> : <AllMaintenance />}
    </div>
  );
}

function AllMaintenance() {
  const { data, isLoading } = useDebugJson('/api/maintenance');
  return <MaintenanceDebugView read={data} isLoading={isLoading} />;
}

function DirectMaintenance() {
  const requested = parseRouteId(new URLSearchParams(useSearch()).get('vehicleId') ?? undefined);
  const { vehicles, isLoading: isLoadingVehicles } = useVehicles();
  // The list is newest first: the first vehicle added is its last.
  const vehicleId = requested ?? vehicles.at(-1)?.id ?? null;
  const path = vehicleId === null ? null : `/api/vehicles/${vehicleId}/maintenance`;
  const { data, isLoading } = useDebugJson(path);
  if (vehicleId === null && !isLoadingVehicles) {
    return <MaintenanceDebugView read={{ ok: true, data: [] }} isLoading={false} />;
  }
  return (
    <div className="grid gap-3">
      {vehicleId !== null && (
        <p className="text-sm text-muted-foreground" data-testid="debug-vehicle-id">
          Vehicle ID {vehicleId}
        </p>
      )}
      <MaintenanceDebugView read={data} isLoading={isLoading || isLoadingVehicles} />
    </div>
  );
}
