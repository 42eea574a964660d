/**
 * `/dashboard` and `/home` (000 §2, D24, D38): the welcome line, then the user's sections in the
 * order and visibility they chose: the summary tiles, My Vehicles, and Recent Activity beside
 * Upcoming Services. The page costs the same five requests whatever the size of the garage
 * (D20): the session, the user's units and currency (D49), the vehicles with their figures, the
 * upcoming items and the activity. An
 * empty garage sees its summary at zero above the invitation to add its first vehicle. "Log fuel"
 * stands first in the header, one tap away on a phone, for any of the vehicles (decision 050).
 */

import { displayName } from '@contract/accounts';
import { DASHBOARD_TEXTS, type DashboardSectionId } from '@contract/dashboard';
import { dashboardGreeting } from '@contract/page-headings';
import { DUE_WINDOW_TEXTS } from '@contract/records';
import { ListPanel, type PanelState } from '@web/components/list-panel';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/features/accounts/api/get-user';
import { useSaveDashboardLayout } from '@web/features/accounts/api/save-dashboard-layout';
import { useRecentActivity } from '@web/features/dashboard/api/get-recent-activity';
import { FirstVehiclePanel } from '@web/features/dashboard/components/first-vehicle-panel';
import { RecentActivityList } from '@web/features/dashboard/components/recent-activity-list';
import { SummaryTiles } from '@web/features/dashboard/components/summary-tiles';
import {
  dashboardRows,
  PHONE_WIDTH,
  shownDashboardLayout,
} from '@web/features/dashboard/lib/layout-rows';
import {
  totalInvested,
  totalPlanned,
  totalSpentOnTop,
} from '@web/features/dashboard/lib/total-invested';
import { LogEnergyButton } from '@web/features/energy/components/log-energy-button';
import { upcomingMaintenanceQueryOptions } from '@web/features/records/api/get-upcoming-maintenance';
import { UpcomingItemList } from '@web/features/records/components/upcoming-item-list';
import { RECORD_STATE_TEXTS, RECORDS_PAGE_TEXTS } from '@web/features/records/lib/record-texts';
import { overdueFirst } from '@web/features/records/lib/upcoming-due';
import { useVehicles } from '@web/features/vehicles/api/get-vehicles';
import {
  VehiclesGrid,
  VehiclesGridSkeleton,
} from '@web/features/vehicles/components/vehicles-grid';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { usePageTitle } from '@web/lib/page-title';
import { useUserNow } from '@web/lib/today';
import { useApiRead } from '@web/lib/use-api-read';
import { useMediaQuery } from '@web/lib/use-media-query';
import { ArrowRight, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { useAddVehicleFlow } from '../add-vehicle-flow';

// Opened on demand: its code (Radix Dialog, the drag and drop) is fetched when the Customize
// button is pointed at or focused, not with the page.
const CustomizeDashboardDialog = lazyComponent(
  () => import('@web/features/dashboard/components/customize-dashboard-dialog'),
  'CustomizeDashboardDialog',
);
const preloadCustomizeDialog = () => void preloadAhead(CustomizeDashboardDialog);

/** The dashboard shows the first vehicles; the whole garage is one link away. */
const DASHBOARD_VEHICLES = 6;
/** The upcoming services listed: the overdue ones, then the soonest due (D47). */
const DASHBOARD_UPCOMING = 5;

function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
      <ArrowRight className="size-4" aria-hidden />
    </Link>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  const vehiclesRead = useVehicles();
  const upcomingRead = useApiRead(upcomingMaintenanceQueryOptions);
  const activity = useRecentActivity();
  const saveLayout = useSaveDashboardLayout();
  const addVehicle = useAddVehicleFlow();
  const [isCustomizing, setIsCustomizing] = useState(false);

  const { vehicles } = vehiclesRead;
  const upcoming = upcomingRead.data ?? [];
  const now = useUserNow();
  // Decided at render from the media query, so a phone's first frame is already in its order.
  const isPhone = useMediaQuery(PHONE_WIDTH);
  const layout = user ? shownDashboardLayout(user, isPhone) : [];
  const isEmptyGarage = !vehiclesRead.isLoading && !vehiclesRead.isError && vehicles.length === 0;

  const activityState: PanelState = activity.isLoading
    ? { kind: 'loading' }
    : activity.isError
      ? {
          kind: 'failed',
          title: RECORD_STATE_TEXTS.activityLoadFailed,
          text: RECORD_STATE_TEXTS.tryAgainLater,
        }
      : activity.items.length === 0
        ? { kind: 'empty', text: RECORD_STATE_TEXTS.noActivity }
        : { kind: 'ready' };
  const upcomingState: PanelState = upcomingRead.isLoading
    ? { kind: 'loading' }
    : upcomingRead.isError
      ? { kind: 'failed', title: RECORD_STATE_TEXTS.upcomingLoadFailed }
      : upcoming.length === 0
        ? { kind: 'empty', text: RECORD_STATE_TEXTS.noUpcoming }
        : { kind: 'ready' };

  const sections: Record<DashboardSectionId, ReactNode> = {
    summary: (
      <SummaryTiles
        isLoading={vehiclesRead.isLoading}
        figures={{
          totalVehicles: vehicles.length,
          upcomingServices: upcomingRead.isError ? null : upcoming.length,
          totalInvested: totalInvested(vehicles),
          plannedInvested: totalPlanned(vehicles),
          spentOnTop: totalSpentOnTop(vehicles),
        }}
      />
    ),
    vehicles: (
      <section aria-labelledby="dashboard-vehicles" className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="dashboard-vehicles" className="text-lg font-semibold tracking-tight">
            {DASHBOARD_TEXTS.myVehicles}
          </h2>
          <SectionLink href="/vehicles">{DASHBOARD_TEXTS.viewAllVehicles}</SectionLink>
        </div>
        {vehiclesRead.isLoading ? (
          <VehiclesGridSkeleton />
        ) : vehiclesRead.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your vehicles could not be loaded. {RECORD_STATE_TEXTS.tryAgainLater}
          </p>
        ) : (
          <VehiclesGrid vehicles={vehicles.slice(0, DASHBOARD_VEHICLES)} />
        )}
      </section>
    ),
    recentActivity: (
      <ListPanel
        title={DASHBOARD_TEXTS.recentActivity}
        state={activityState}
        testId="recent-activity"
      >
        <RecentActivityList items={activity.items} />
      </ListPanel>
    ),
    upcomingServices: (
      <ListPanel
        title={DASHBOARD_TEXTS.upcomingServices}
        description={DUE_WINDOW_TEXTS.dashboard}
        state={upcomingState}
        testId="upcoming-services"
        action={<SectionLink href="/records">{RECORDS_PAGE_TEXTS.viewAllServices}</SectionLink>}
      >
        <UpcomingItemList items={overdueFirst(upcoming, now).slice(0, DASHBOARD_UPCOMING)} />
      </ListPanel>
    ),
  };
  const rows = dashboardRows(layout);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">
            {dashboardGreeting(user ? displayName(user) : null)}
          </h1>
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXTS.subtitle}</p>
        </div>
        {!isEmptyGarage && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <LogEnergyButton
              vehicles={vehicles}
              className="h-12 w-full sm:h-10 sm:w-auto sm:rounded-md sm:px-4 sm:text-sm"
            />
            <Button
              variant="outline"
              onClick={() => setIsCustomizing(true)}
              onPointerEnter={preloadCustomizeDialog}
              onFocus={preloadCustomizeDialog}
              className="w-full sm:w-auto"
            >
              <SlidersHorizontal aria-hidden />
              {DASHBOARD_TEXTS.customize}
            </Button>
          </div>
        )}
      </header>

      {vehiclesRead.isLoading && layout.length === 0 ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : isEmptyGarage ? (
        <>
          {sections.summary}
          <FirstVehiclePanel onAdd={addVehicle.startAdding} isChecking={addVehicle.isChecking} />
        </>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input bg-card px-6 py-10 text-center text-sm text-muted-foreground">
          {DASHBOARD_TEXTS.allHidden}
        </p>
      ) : (
        rows.map((row) => (
          <div
            key={row.join('+')}
            data-testid={`dashboard-row-${row.join('+')}`}
            className={row.length === 2 ? 'grid gap-6 lg:grid-cols-2' : 'grid'}
          >
            {row.map((id) => (
              <div key={id} data-section={id} className="min-w-0">
                {sections[id]}
              </div>
            ))}
          </div>
        ))
      )}

      {isCustomizing && (
        <Suspense fallback={null}>
          <CustomizeDashboardDialog
            open
            onOpenChange={setIsCustomizing}
            layout={layout}
            onChange={saveLayout}
          />
        </Suspense>
      )}
      {addVehicle.dialogs}
    </div>
  );
}
