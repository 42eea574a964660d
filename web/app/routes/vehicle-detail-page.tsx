/**
 * `/vehicles/{id}`, the vehicle page (001 §2, §8, D9, D33, D34): the primary image with its
 * fullscreen gallery and the Edit Vehicle Image dialog, the title with make, model and project
 * badges, the Vehicle Details card, Edit Vehicle and Delete Vehicle, and the records section.
 * A missing vehicle, someone else's (the server answers 404 for both, D9) and an id that is not
 * a number all show 'Vehicle not found'. The page reads the vehicle, its images, its three record
 * lists, the upcoming items and the vehicles for the record forms' picker: the same calls
 * whatever the vehicle holds. Each dialog is a chunk of its own, fetched on first intent.
 * "Log fuel" (or "Log charge") stands first in the header, one tap away on a phone; the Fuel &
 * Energy tab after the record tabs is a chunk of its own, and reads only once opened (decision
 * 050); so is the Schedules tab after it (decision 054). "Vehicle passport" opens the download
 * of the vehicle's history as a zip for its next owner (docs/data-formats.md).
 */

import { BACKUP_TEXTS } from '@contract/backup';
import { parseRouteId } from '@contract/pages';
import {
  projectBadge,
  VEHICLE_MESSAGES,
  VEHICLE_TEXTS,
  VEHICLE_TOASTS,
  type Vehicle,
  vehicleTitle,
} from '@contract/vehicles';
import { ListPanel, type PanelState } from '@web/components/list-panel';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { LogEnergyButton } from '@web/features/energy/components/log-energy-button';
import { upcomingMaintenanceQueryOptions } from '@web/features/records/api/get-upcoming-maintenance';
import { UpcomingItemList } from '@web/features/records/components/upcoming-item-list';
import { VehicleRecordTabs } from '@web/features/records/components/vehicle-record-tabs';
import { RECORD_STATE_TEXTS } from '@web/features/records/lib/record-texts';
import { overdueFirst } from '@web/features/records/lib/upcoming-due';
import { useVehicle } from '@web/features/vehicles/api/get-vehicle';
import { useVehicleImages } from '@web/features/vehicles/api/get-vehicle-images';
import { VehicleDetailsCard } from '@web/features/vehicles/components/vehicle-details-card';
import { VehicleShowcase } from '@web/features/vehicles/components/vehicle-showcase';
import { VehicleUnavailable } from '@web/features/vehicles/components/vehicle-unavailable';
import { galleryItems } from '@web/features/vehicles/lib/vehicle-gallery';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/page-title';
import { useMoney } from '@web/lib/preferences';
import { useUserNow } from '@web/lib/today';
import { useApiRead } from '@web/lib/use-api-read';
import { ArrowLeft, FileArchive, Pencil, Trash2 } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';

const VehicleGalleryDialog = lazyComponent(
  () => import('@web/features/vehicles/components/vehicle-gallery-dialog'),
  'VehicleGalleryDialog',
);
const EditVehicleImageDialog = lazyComponent(
  () => import('@web/features/vehicles/components/edit-vehicle-image-dialog'),
  'EditVehicleImageDialog',
);
const EditVehicleDialog = lazyComponent(
  () => import('@web/features/vehicles/components/edit-vehicle-dialog'),
  'EditVehicleDialog',
);
const DeleteVehicleDialog = lazyComponent(
  () => import('@web/features/vehicles/components/delete-vehicle-dialog'),
  'DeleteVehicleDialog',
);

const FuelEnergyTab = lazyComponent(
  () => import('@web/features/energy/components/fuel-energy-tab'),
  'FuelEnergyTab',
);

const SchedulesTab = lazyComponent(
  () => import('@web/features/schedules/components/schedules-tab'),
  'SchedulesTab',
);

const VehiclePassportDialog = lazyComponent(
  () => import('@web/features/vehicles/components/vehicle-passport-dialog'),
  'VehiclePassportDialog',
);

const preloadImageDialogs = () => void preloadAhead(VehicleGalleryDialog, EditVehicleImageDialog);
const preloadEditDialog = () => void preloadAhead(EditVehicleDialog);
const preloadDeleteDialog = () => void preloadAhead(DeleteVehicleDialog);
const preloadPassportDialog = () => void preloadAhead(VehiclePassportDialog);

type OpenDialog = 'gallery' | 'images' | 'edit' | 'delete' | 'passport' | null;

export function VehicleDetailPage() {
  const id = parseRouteId(useParams<{ id: string }>().id);
  if (id === null) return <VehicleNotFound />;
  return <VehicleDetail id={id} />;
}

function VehicleNotFound() {
  usePageTitle(VEHICLE_MESSAGES.notFound);
  return <VehicleUnavailable reason="not-found" />;
}

function VehicleDetail({ id }: { id: number }) {
  const { vehicle, isLoading } = useVehicle(id);
  const { images } = useVehicleImages(id);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [galleryStart, setGalleryStart] = useState(0);
  const [, navigate] = useLocation();
  const gallery = useMemo(() => (vehicle ? galleryItems(vehicle, images) : []), [vehicle, images]);
  usePageTitle(vehicle ? vehicleTitle(vehicle) : isLoading ? 'Vehicle' : VEHICLE_MESSAGES.notFound);

  if (isLoading) return <VehicleDetailSkeleton />;
  if (!vehicle) return <VehicleUnavailable reason="not-found" />;

  const title = vehicleTitle(vehicle);
  const closeDialog = (open: boolean) => {
    if (!open) setOpenDialog(null);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Link
        href="/vehicles"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My Vehicles
      </Link>

      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2.5">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <div className="flex flex-wrap items-center gap-2" data-testid="vehicle-badges">
            <Badge variant="pill">
              <span className="sr-only">Make: </span>
              {vehicle.make}
            </Badge>
            <Badge variant="outline">
              <span className="sr-only">Model: </span>
              {vehicle.model}
            </Badge>
            <Badge variant={vehicle.isProject ? 'default' : 'secondary'}>
              {projectBadge(vehicle)}
            </Badge>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
          <LogEnergyButton
            vehicles={[vehicle]}
            size="default"
            className="col-span-2 h-12 sm:h-10"
          />
          <Button
            variant="outline"
            onClick={() => setOpenDialog('edit')}
            onPointerEnter={preloadEditDialog}
            onFocus={preloadEditDialog}
          >
            <Pencil aria-hidden />
            {VEHICLE_TEXTS.editTitle}
          </Button>
          {/* Last on a phone, across its two columns; before Delete from sm up. */}
          <Button
            variant="outline"
            className="order-last col-span-2 sm:order-none"
            onClick={() => setOpenDialog('passport')}
            onPointerEnter={preloadPassportDialog}
            onFocus={preloadPassportDialog}
          >
            <FileArchive aria-hidden />
            {BACKUP_TEXTS.passportAction}
          </Button>
          <Button
            variant="outline"
            className="text-destructive hover:bg-danger-soft hover:text-destructive"
            onClick={() => setOpenDialog('delete')}
            onPointerEnter={preloadDeleteDialog}
            onFocus={preloadDeleteDialog}
          >
            <Trash2 aria-hidden />
            {VEHICLE_TEXTS.deleteTitle}
          </Button>
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <VehicleShowcase
          vehicle={vehicle}
          title={title}
          images={images}
          onOpenGallery={(index) => {
            setGalleryStart(index);
            setOpenDialog('gallery');
          }}
          onEditImages={() => setOpenDialog('images')}
          onIntent={preloadImageDialogs}
        />
        <VehicleDetailsCard vehicle={vehicle} />
      </div>

      <VehicleRecordsSection vehicle={vehicle} />

      <Suspense fallback={null}>
        {openDialog === 'gallery' && (
          <VehicleGalleryDialog
            open
            onOpenChange={closeDialog}
            title={title}
            items={gallery}
            startIndex={galleryStart}
          />
        )}
        {openDialog === 'images' && (
          <EditVehicleImageDialog open onOpenChange={closeDialog} vehicleId={vehicle.id} />
        )}
        {openDialog === 'edit' && (
          <EditVehicleDialog open onOpenChange={closeDialog} vehicle={vehicle} />
        )}
        {openDialog === 'passport' && (
          <VehiclePassportDialog open onOpenChange={closeDialog} vehicle={vehicle} />
        )}
        {openDialog === 'delete' && (
          <DeleteVehicleDialog
            open
            onOpenChange={closeDialog}
            vehicle={vehicle}
            text={VEHICLE_TEXTS.deleteDetailText}
            failureText={VEHICLE_TOASTS.deleteFailedDetail}
            onDeleted={() => navigate('/vehicles')}
          />
        )}
      </Suspense>
    </div>
  );
}

/**
 * The vehicle's records (001 §2): the record tabs (All Records, Maintenance, Repairs, Mods) and,
 * beside them, its upcoming maintenance: its open records from the user's upcoming list (D18),
 * overdue first (D47), then soonest due first.
 */
function VehicleRecordsSection({ vehicle }: { vehicle: Vehicle }) {
  const headingId = `vehicle-${vehicle.id}-records`;
  const money = useMoney();
  const upcomingRead = useApiRead(upcomingMaintenanceQueryOptions);
  const upcoming = (upcomingRead.data ?? []).filter((item) => item.vehicleId === vehicle.id);
  const now = useUserNow();
  const upcomingState: PanelState = upcomingRead.isLoading
    ? { kind: 'loading' }
    : upcomingRead.isError
      ? { kind: 'failed', title: RECORD_STATE_TEXTS.upcomingLoadFailed }
      : upcoming.length === 0
        ? { kind: 'empty', text: RECORD_STATE_TEXTS.noUpcoming }
        : { kind: 'ready' };
  return (
    <section aria-labelledby={headingId} className="mt-10 grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-border pb-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          Records
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums">
          {vehicle.recordCount} {vehicle.recordCount === 1 ? 'record' : 'records'} ·{' '}
          {money.format(vehicle.totalExpenses)}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="order-2 min-w-0 lg:order-1">
          <VehicleRecordTabs
            vehicleId={vehicle.id}
            extraTabs={[
              {
                value: 'energy',
                label: 'Fuel & Energy',
                content: (
                  <Suspense fallback={<Skeleton className="h-48 rounded-xl" />}>
                    <FuelEnergyTab vehicle={vehicle} />
                  </Suspense>
                ),
              },
              {
                value: 'schedules',
                label: 'Schedules',
                content: (
                  <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
                    <SchedulesTab vehicle={vehicle} />
                  </Suspense>
                ),
              },
            ]}
          />
        </div>
        <div className="order-1 lg:order-2">
          <ListPanel title="Upcoming Maintenance" state={upcomingState} testId="vehicle-upcoming">
            <UpcomingItemList items={overdueFirst(upcoming, now)} />
          </ListPanel>
        </div>
      </div>
    </section>
  );
}

function VehicleDetailSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8"
      role="status"
      aria-busy="true"
      aria-label="Loading the vehicle"
    >
      <Skeleton className="h-5 w-28" />
      <div className="grid gap-2.5">
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-5 w-48" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </div>
  );
}
