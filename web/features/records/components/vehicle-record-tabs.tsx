/**
 * A vehicle's records in four tabs (001 §2 /vehicles/{id}): All Records (the three kinds as one
 * history, newest first, undated last, with the total cost), Maintenance, Repairs and Mods, each
 * with its add button and its empty state ('No Records', 'No Maintenance Records', 'No Repair
 * Records', 'No Modifications'). Adding opens Add New Record with this vehicle chosen, after the
 * plan allows it (001 §4). Reads the chosen tab a page at a time, its cards drawn only near the
 * viewport (decision 057).
 * The page may add tabs after the four (Fuel & Energy, decision 050; Schedules, decision 054); on
 * a phone the tab row then takes two rows rather than squeezing every label into one.
 */
import { ALL_RECORDS_EMPTY_TITLE, RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useMoney } from '@web/lib/preferences';
import { ClipboardList, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useRecordVehicles } from '../api/get-record-vehicles';
import { useVehicleRecordPage, type VehicleRecordTab } from '../api/get-vehicle-record-page';
import { MAIN_ADD_KIND } from '../lib/record-kinds';
import { RECORDS_PAGE_TEXTS } from '../lib/record-texts';
import { PagedRecordList } from './paged-record-list';
import { RecordDialogs, useRecordDialogs } from './record-dialogs';
import type { RecordFormVehicle } from './record-form-fields';

const ALL = 'all';

const isRecordTab = (value: string): value is VehicleRecordTab =>
  value === ALL || (RECORD_TYPES as readonly string[]).includes(value);

export type VehicleRecordTabsProps = {
  vehicleId: number;
  /** The vehicles the forms' picker offers; read from `GET /api/vehicles` when not given. */
  vehicles?: readonly RecordFormVehicle[];
  /** Tabs after the spec's four, composed by the page; each panel renders only when chosen. */
  extraTabs?: readonly ExtraTab[];
};

export type ExtraTab = { value: string; label: string; content: ReactNode };

function EmptyTab({ title }: { title: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <ClipboardList className="size-8 text-muted-foreground" aria-hidden />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{RECORDS_PAGE_TEXTS.addFirstRecord}</p>
    </div>
  );
}

/** The list's classes, and each tab's. */
type TabLayout = { list: string; cell?: string };

/**
 * The tab row: the four record tabs alone share a row at any width. With the page's own tabs
 * (Fuel & Energy, Schedules) there are six, too many for one row on a phone: they sit in two rows
 * of three until the tabs' own width holds all six in a row (36.5rem, the six labels' width): from
 * `sm` up, except beside the upcoming list at `lg`, where the column is narrower again.
 */
const TAB_LAYOUTS = {
  recordsOnly: { list: 'grid w-full grid-cols-4 sm:w-fit' },
  withPageTabs: {
    list: 'grid h-auto w-full grid-cols-3 gap-1 @[36.5rem]:flex @[36.5rem]:h-10 @[36.5rem]:w-fit',
    cell: 'h-8 @[36.5rem]:h-full',
  },
} as const satisfies Record<string, TabLayout>;

export function VehicleRecordTabs({ vehicleId, vehicles, extraTabs = [] }: VehicleRecordTabsProps) {
  // The record tab last chosen: the page's own tabs (Fuel & Energy, Schedules) leave it read.
  const [recordTab, setRecordTab] = useState<VehicleRecordTab>(ALL);
  const list = useVehicleRecordPage(vehicleId, recordTab);
  const { vehicles: readVehicles } = useRecordVehicles();
  const pickerVehicles = vehicles ?? readVehicles;
  const dialogs = useRecordDialogs();
  const money = useMoney();

  const actions = { onOpen: dialogs.open, onEdit: dialogs.edit, onDelete: dialogs.remove };
  const layout: TabLayout =
    extraTabs.length > 0 ? TAB_LAYOUTS.withPageTabs : TAB_LAYOUTS.recordsOnly;

  /** The chosen record tab's figures, add button and cards. */
  const tabBody = (tab: VehicleRecordTab) => {
    const isAll = tab === ALL;
    const label = isAll ? RECORDS_PAGE_TEXTS.allRecords : RECORD_KINDS[tab].plural;
    const count = list.counts?.[tab];
    const totalCost = list.totalCosts?.[tab];
    return (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            Total cost{' '}
            <span
              className="font-semibold text-foreground tabular-nums"
              data-testid="records-total-cost"
            >
              {/* Until the first page answers, no figure rather than a wrong one. */}
              {totalCost === undefined ? '…' : money.format(totalCost)}
            </span>
            {count !== undefined && count > 0 && (
              <span className="tabular-nums" data-testid="records-count">
                {' '}
                · {count} {count === 1 ? 'record' : 'records'}
              </span>
            )}
          </p>
          <Button
            onClick={() => dialogs.startAdding(isAll ? MAIN_ADD_KIND : tab, vehicleId)}
            disabled={dialogs.isChecking}
          >
            <Plus aria-hidden />
            {isAll ? 'Add Record' : `Add ${RECORD_KINDS[tab].label}`}
          </Button>
        </div>
        {list.isLoading ? (
          <Skeleton className="h-32 rounded-xl" />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            These records could not be loaded. Please try again later.
          </p>
        ) : list.items.length === 0 ? (
          <EmptyTab title={isAll ? ALL_RECORDS_EMPTY_TITLE : RECORD_KINDS[tab].emptyTitle} />
        ) : (
          <PagedRecordList
            pages={list}
            label={label}
            total={count ?? list.items.length}
            {...actions}
          />
        )}
      </>
    );
  };

  return (
    // The page around the tabs gives them their heading.
    <div data-testid="vehicle-record-tabs" className="@container">
      <Tabs
        defaultValue={ALL}
        onValueChange={(value) => {
          if (isRecordTab(value)) setRecordTab(value);
        }}
      >
        <TabsList className={layout.list}>
          <TabsTrigger value={ALL} className={layout.cell}>
            {RECORDS_PAGE_TEXTS.allRecords}
          </TabsTrigger>
          {RECORD_TYPES.map((type) => (
            <TabsTrigger key={type} value={type} className={layout.cell}>
              {RECORD_KINDS[type].badge}
            </TabsTrigger>
          ))}
          {extraTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className={layout.cell}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>

        {([ALL, ...RECORD_TYPES] as const).map((tab) => (
          <TabsContent key={tab} value={tab} className="grid gap-3 pt-4">
            {/* Only the chosen tab's panel is drawn, and its records are the ones read. */}
            {tab === recordTab && tabBody(tab)}
          </TabsContent>
        ))}

        {extraTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="pt-4">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>

      <RecordDialogs dialogs={dialogs} records={list.items} vehicles={pickerVehicles} />
    </div>
  );
}
