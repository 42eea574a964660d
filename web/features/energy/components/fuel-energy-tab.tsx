/**
 * The vehicle page's Fuel & Energy tab (decision 050), loaded when it is first opened: the
 * summary tiles of the whole history, the charts of economy and price per unit (loaded after
 * the tab), the fill-ups and charges newest first with each span's economy or its reason, and
 * the odometer history with its flags. An empty history invites the first fill-up. Its reads
 * (entries, economy, odometer, the user's units) are made as it opens, never with the page.
 */
import type { EnergyEntry } from '@contract/energy';
import { DISTANCE_WORDS } from '@contract/units';
import type { Vehicle } from '@contract/vehicles';
import { DeleteConfirmation } from '@web/components/delete-confirmation';
import { Skeleton } from '@web/components/ui/skeleton';
import { lazyComponent } from '@web/lib/lazy-component';
import { useCurrency, usePreferences } from '@web/lib/preferences';
import { Fuel } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { useDeleteEnergyEntry } from '../api/delete-energy-entry';
import { useEconomy, useEconomyOfOlderPages } from '../api/get-economy';
import { useEnergyEntries } from '../api/get-energy-entries';
import { spansByEntry } from '../lib/economy-figures';
import { entryKindOf, logLabelFor } from '../lib/entry-kinds';
import { EconomyTiles } from './economy-tiles';
import { EnergyEntryList } from './energy-entry-list';
import { LogEnergyButton } from './log-energy-button';
import { OdometerHistory } from './odometer-history';

const EnergyCharts = lazyComponent(() => import('./energy-charts'), 'EnergyCharts');
const LogEnergyDialog = lazyComponent(() => import('./log-energy-dialog'), 'LogEnergyDialog');

type EntryDialog = { name: 'edit' | 'delete'; entry: EnergyEntry } | null;

export function FuelEnergyTab({ vehicle }: { vehicle: Vehicle }) {
  const { preferences } = usePreferences();
  const { economy, isLoading: isEconomyLoading } = useEconomy(vehicle.id);
  const entries = useEnergyEntries(vehicle.id);
  const olderPages = useEconomyOfOlderPages(vehicle.id, economy, entries.pages);
  const spans = useMemo(() => spansByEntry(economy, ...olderPages), [economy, olderPages]);
  const [dialog, setDialog] = useState<EntryDialog>(null);
  const deletion = useDeleteEnergyEntry({ onDeleted: () => setDialog(null) });
  const closeOnFalse = (open: boolean) => !open && setDialog(null);
  const currency = useCurrency();
  const isEmpty = !entries.isLoading && !entries.isError && entries.entries.length === 0;

  return (
    // A container: its tiles and charts are laid out by the width the page gives the tab.
    <div className="@container grid gap-6" data-testid="fuel-energy-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Fill-ups, charges and the odometer, all time.
        </p>
        <LogEnergyButton vehicles={[vehicle]} size="default" />
      </div>

      {entries.isLoading || !preferences ? (
        <Skeleton className="h-48 rounded-xl" />
      ) : entries.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The fill-ups could not be loaded. Please try again later.
        </p>
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
          <Fuel className="size-8 text-muted-foreground" aria-hidden />
          <h3 className="text-lg font-semibold">No fill-ups or charges yet</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            {logLabelFor(vehicle.energies)} after your next stop: from the second full one you see
            your economy, your cost per {DISTANCE_WORDS[preferences.distanceUnit].per} and what each
            unit cost.
          </p>
          <LogEnergyButton vehicles={[vehicle]} />
        </div>
      ) : (
        <>
          <EconomyTiles economy={economy} isLoading={isEconomyLoading} currency={currency} />
          {economy && (
            <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
              <EnergyCharts economy={economy} currency={currency} />
            </Suspense>
          )}
          <section aria-labelledby={`energy-entries-${vehicle.id}`} className="grid gap-3">
            <h3
              id={`energy-entries-${vehicle.id}`}
              className="text-lg font-semibold tracking-tight"
            >
              Fill-ups and charges
            </h3>
            <EnergyEntryList
              entries={entries.entries}
              vehicle={vehicle}
              preferences={preferences}
              spans={spans}
              actions={{
                onEdit: (entry) => setDialog({ name: 'edit', entry }),
                onDelete: (entry) => setDialog({ name: 'delete', entry }),
              }}
              hasMore={entries.hasMore}
              isLoadingMore={entries.isLoadingMore}
              onLoadMore={entries.loadMore}
            />
          </section>
        </>
      )}

      <OdometerHistory vehicleId={vehicle.id} />

      {dialog?.name === 'edit' && (
        <Suspense fallback={null}>
          <LogEnergyDialog
            open
            onOpenChange={closeOnFalse}
            vehicles={[vehicle]}
            entry={dialog.entry}
          />
        </Suspense>
      )}
      {dialog?.name === 'delete' && (
        <DeleteConfirmation
          open
          onOpenChange={closeOnFalse}
          title={entryKindOf(dialog.entry.energy).deleteTitle}
          description="Its odometer reading and receipt go with it, and the economy is worked out again."
          isPending={deletion.isPending}
          onDelete={() => deletion.mutate({ id: dialog.entry.id, vehicleId: vehicle.id })}
        />
      )}
    </div>
  );
}
