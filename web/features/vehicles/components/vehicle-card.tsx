/**
 * One vehicle on My Vehicles (001 §2, D33, D34): its picture, the Project or Daily Driver badge,
 * '{year} {make} {model}', mileage in the unit its odometer shows, 'Added: {Month yyyy}', Money
 * Invested (with its planned part, D48, and the running costs spent on top of it, D51) and Planned
 * Expenses in the user's currency, the maintenance status line, a Details
 * link and a menu with Edit and Delete.
 */
import { projectBadge, type Vehicle, vehicleTitle } from '@contract/vehicles';
import { PlannedNote } from '@web/components/planned-note';
import { SpentOnTopNote } from '@web/components/spent-on-top-note';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMonthYear } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { lazyComponent } from '@web/lib/lazy-component';
import { useMoney } from '@web/lib/preferences';
import { usePopupOnDemand } from '@web/lib/use-popup-on-demand';
import { ArrowRight, EllipsisVertical, Gauge } from 'lucide-react';
import type * as React from 'react';
import { Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { VehiclePicture } from './vehicle-picture';
import { VehicleStatus } from './vehicle-status';

const VehicleCardMenu = lazyComponent(() => import('./vehicle-card-menu'), 'VehicleCardMenu');

/** The menu's trigger: the stand-in before the menu's code has loaded, and the real one after. */
export function VehicleCardMenuButton({
  title,
  ...props
}: { title: string } & React.ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="-mt-1.5 -mr-2 size-9 text-muted-foreground"
      aria-label={`Actions for ${title}`}
      {...props}
    >
      <EllipsisVertical aria-hidden />
    </Button>
  );
}

/** The card picture's box; thumbnails are 480 px on their long side (D15). */
const PICTURE = { width: 480, height: 320 } as const;

export type VehicleCardProps = {
  vehicle: Vehicle;
  /** Cards in the first row load their picture at once; the rest when scrolled near. */
  isAboveFold: boolean;
  onDelete: (vehicle: Vehicle) => void;
};

export function VehicleCard({ vehicle, isAboveFold, onDelete }: VehicleCardProps) {
  const [, navigate] = useLocation();
  const title = vehicleTitle(vehicle);
  const headingId = `vehicle-${vehicle.id}-title`;
  const { hasOpened, isOpen, setIsOpen, standInProps } = usePopupOnDemand(VehicleCardMenu, 'menu');
  const menuStandIn = <VehicleCardMenuButton title={title} {...standInProps} />;
  const money = useMoney();

  return (
    <article
      aria-labelledby={headingId}
      data-testid="vehicle-card"
      className="flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-card transition-shadow hover:shadow-raised"
    >
      <div className="relative">
        <VehiclePicture
          src={vehicle.thumbnailUrl ?? vehicle.imageUrl}
          alt={title}
          width={PICTURE.width}
          height={PICTURE.height}
          loading={isAboveFold ? 'eager' : 'lazy'}
          className="aspect-[3/2] w-full"
        />
        <Badge
          variant={vehicle.isProject ? 'default' : 'secondary'}
          className="absolute top-3 left-3 shadow-card"
        >
          {projectBadge(vehicle)}
        </Badge>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold leading-tight tracking-tight">
              {title}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              {vehicle.trim && <span className="truncate">{vehicle.trim}</span>}
              {vehicle.mileage !== null && (
                <span className="inline-flex items-center gap-1 tabular-nums">
                  <Gauge className="size-3.5" aria-hidden />
                  {formatDistance(vehicle.mileage, vehicle.odometerUnit)}
                </span>
              )}
            </p>
          </div>
          {hasOpened ? (
            <Suspense fallback={menuStandIn}>
              <VehicleCardMenu
                title={title}
                isOpen={isOpen}
                onOpenChange={setIsOpen}
                onEdit={() => navigate(`/vehicles/${vehicle.id}/edit`)}
                onDelete={() => onDelete(vehicle)}
              />
            </Suspense>
          ) : (
            menuStandIn
          )}
        </div>

        <dl className="grid grid-cols-2 gap-3">
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">Money Invested</dt>
            <dd className="font-semibold tabular-nums">{money.format(vehicle.moneyInvested)}</dd>
            <PlannedNote planned={vehicle.plannedExpenses} as="dd" />
            <SpentOnTopNote spentOnTop={vehicle.spentOnTop} as="dd" />
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">Planned Expenses</dt>
            <dd className="font-semibold tabular-nums">{money.format(vehicle.plannedExpenses)}</dd>
          </div>
        </dl>

        <VehicleStatus vehicle={vehicle} />

        <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-4">
          <p className="text-xs text-muted-foreground">Added: {formatMonthYear(vehicle.addedAt)}</p>
          <Button asChild variant="outline" size="sm">
            <Link href={`/vehicles/${vehicle.id}`} aria-label={`Details for ${title}`}>
              Details
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
