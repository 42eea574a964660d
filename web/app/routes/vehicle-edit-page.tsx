/**
 * `/vehicles/{id}/edit` (001 §2, §5): a Back link and the edit form, notes and the other stored
 * fields of 001 §3 included. A save navigates fully to `/vehicles/{id}` (001 §2), so the vehicle
 * page starts from fresh data; a failure keeps the form as typed. An id that is not a number is
 * 'Invalid Vehicle ID'; a vehicle that is missing or someone else's is 'Vehicle not found'.
 */

import { parseRouteId } from '@contract/pages';
import { type VehicleInput, vehicleTitle } from '@contract/vehicles';
import { Skeleton } from '@web/components/ui/skeleton';
import { useVehicle } from '@web/features/vehicles/api/get-vehicle';
import { useUpdateVehicle } from '@web/features/vehicles/api/update-vehicle';
import { VehicleForm } from '@web/features/vehicles/components/vehicle-form';
import { VehicleUnavailable } from '@web/features/vehicles/components/vehicle-unavailable';
import { usePageTitle } from '@web/lib/page-title';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';

export function VehicleEditPage() {
  const id = parseRouteId(useParams<{ id: string }>().id);
  if (id === null) return <VehicleUnavailable reason="invalid-id" />;
  return <VehicleEditor id={id} />;
}

function VehicleEditor({ id }: { id: number }) {
  const { vehicle, isLoading } = useVehicle(id);
  const [, navigate] = useLocation();
  const update = useUpdateVehicle({
    onUpdated: () => window.location.assign(`/vehicles/${id}`),
  });
  usePageTitle(vehicle ? `Edit ${vehicleTitle(vehicle)}` : 'Edit vehicle');

  if (isLoading) return <EditPageSkeleton />;
  if (!vehicle) return <VehicleUnavailable reason="not-found" />;

  const save = (input: VehicleInput) => update.mutate({ id, input });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        href={`/vehicles/${id}`}
        className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back
      </Link>
      <header className="mb-6 grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Edit Vehicle</h1>
        <p className="text-sm text-muted-foreground">{vehicleTitle(vehicle)}</p>
      </header>
      <div className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
        <VehicleForm
          mode="edit"
          vehicle={vehicle}
          // Stays pending through the full navigation that follows a save.
          isPending={update.isPending || update.isSuccess}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onSubmit={save}
          onCancel={() => navigate(`/vehicles/${id}`)}
        />
      </div>
    </div>
  );
}

function EditPageSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 lg:px-8"
      role="status"
      aria-busy="true"
      aria-label="Loading the vehicle"
    >
      <Skeleton className="h-5 w-16" />
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}
