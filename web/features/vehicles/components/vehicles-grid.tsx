/**
 * The grid of vehicle cards (001 §2): one column on small screens, two on medium, three on large.
 * It owns the delete confirmation, so the dialog outlives the card it came from.
 */
import { VEHICLE_TEXTS, VEHICLE_TOASTS, type Vehicle } from '@contract/vehicles';
import { Skeleton } from '@web/components/ui/skeleton';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { Suspense, useState } from 'react';
import { VehicleCard } from './vehicle-card';

// Only opened on demand: its code is fetched when a card is pointed at or focused, not with
// the page (the dashboard and the garage list both show this grid).
const DeleteVehicleDialog = lazyComponent(
  () => import('./delete-vehicle-dialog'),
  'DeleteVehicleDialog',
);
const preloadDeleteDialog = () => void preloadAhead(DeleteVehicleDialog);

const GRID = 'grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3';
/** The first row at the widest layout: their pictures load eagerly. */
const ABOVE_FOLD = 3;

export function VehiclesGrid({ vehicles }: { vehicles: readonly Vehicle[] }) {
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  return (
    <>
      <ul
        className={GRID}
        aria-label="Vehicles"
        onPointerOver={preloadDeleteDialog}
        onFocus={preloadDeleteDialog}
      >
        {vehicles.map((vehicle, index) => (
          <li key={vehicle.id} className="flex">
            <VehicleCard
              vehicle={vehicle}
              isAboveFold={index < ABOVE_FOLD}
              onDelete={(chosen) => {
                setDeleting(chosen);
                setIsDeleteOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteVehicleDialog
            vehicle={deleting}
            open={isDeleteOpen}
            onOpenChange={setIsDeleteOpen}
            text={VEHICLE_TEXTS.deleteListText}
            failureText={VEHICLE_TOASTS.deleteFailed}
          />
        </Suspense>
      )}
    </>
  );
}

/** The grid's shape while the vehicles load, so nothing jumps when they arrive. */
export function VehiclesGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="vehicles-loading">
      <span className="sr-only">Loading your vehicles</span>
      <div className={GRID}>
        {Array.from({ length: count }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else
            key={index}
            className="overflow-hidden rounded-xl border border-border bg-card shadow-card"
          >
            <Skeleton className="aspect-[3/2] w-full rounded-none" />
            <div className="grid gap-4 p-5">
              <div className="grid gap-2">
                <Skeleton className="h-5 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
              </div>
              <div className="grid grid-cols-2 gap-3">
                <Skeleton className="h-9" />
                <Skeleton className="h-9" />
              </div>
              <Skeleton className="h-9" />
              <div className="flex justify-between border-t border-border pt-4">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-8 w-20" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
