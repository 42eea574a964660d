/**
 * The vehicle page's Schedules tab (decision 054), loaded when it is first opened and reading the
 * vehicle's schedules only then: each schedule's card, the most urgent first, with Mark done,
 * Edit and Delete; "Add schedule" (after the plan allows a record, D50, else the upgrade dialog);
 * and, with none yet, what schedules do and the offer of the common ones. The dialogs are chunks
 * of their own, fetched on first intent.
 */
import type { Schedule } from '@contract/schedules';
import { DISTANCE_WORDS } from '@contract/units';
import type { Vehicle } from '@contract/vehicles';
import { DeleteConfirmation } from '@web/components/delete-confirmation';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { canAddRecordNow } from '@web/lib/subscription-status';
import { useToday } from '@web/lib/today';
import { CalendarClock, ListChecks, Plus } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useVehicleSchedules } from '../api/get-vehicle-schedules';
import { byUrgency } from '../lib/schedule-texts';
import { ScheduleList } from './schedule-list';

const ScheduleFormDialog = lazyComponent(
  () => import('./schedule-form-dialog'),
  'ScheduleFormDialog',
);
const MarkDoneDialog = lazyComponent(() => import('./mark-done-dialog'), 'MarkDoneDialog');
const StarterSchedulesDialog = lazyComponent(
  () => import('./starter-schedules-dialog'),
  'StarterSchedulesDialog',
);
const UpgradeDialog = lazyComponent(
  () => import('@web/components/upgrade-dialog'),
  'UpgradeDialog',
);

type TabDialog =
  | { name: 'add' | 'starter' | 'upgrade' }
  | { name: 'edit' | 'done' | 'delete'; schedule: Schedule }
  | null;

const preloadForm = () => void preloadAhead(ScheduleFormDialog);
const preloadStarter = () => void preloadAhead(StarterSchedulesDialog);

export function SchedulesTab({ vehicle }: { vehicle: Vehicle }) {
  const { schedules, isLoading, isError } = useVehicleSchedules(vehicle.id);
  const listed = useMemo(() => byUrgency(schedules), [schedules]);
  const [dialog, setDialog] = useState<TabDialog>(null);
  const [isChecking, setIsChecking] = useState(false);
  const deletion = useDeleteSchedule({ onDeleted: () => setDialog(null) });
  const closeOnFalse = (open: boolean) => !open && setDialog(null);
  const today = useToday();
  const showUpgrade = () => setDialog({ name: 'upgrade' });

  /** D50: a schedule counts as a record; the plan is asked first, as for a record. */
  const startAdding = async (name: 'add' | 'starter') => {
    setIsChecking(true);
    const [canAdd] = await Promise.all([
      canAddRecordNow(),
      preloadAhead(name === 'add' ? ScheduleFormDialog : StarterSchedulesDialog, UpgradeDialog),
    ]);
    setIsChecking(false);
    setDialog({ name: canAdd ? name : 'upgrade' });
  };

  const addButton = (
    <Button
      onClick={() => void startAdding('add')}
      onPointerEnter={preloadForm}
      onFocus={preloadForm}
      disabled={isChecking}
    >
      <Plus aria-hidden />
      Add schedule
    </Button>
  );

  return (
    <div className="grid gap-4" data-testid="schedules-tab">
      {isLoading ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          The schedules could not be loaded. Please try again later.
        </p>
      ) : listed.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
          <CalendarClock className="size-8 text-muted-foreground" aria-hidden />
          <h3 className="text-lg font-semibold">No service schedules yet</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            A schedule keeps a service coming back: every so many months or{' '}
            {DISTANCE_WORDS[vehicle.odometerUnit].other}, whichever comes first. You see when each
            is due, and Mark done adds the maintenance record.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {addButton}
            <Button
              variant="outline"
              onClick={() => void startAdding('starter')}
              onPointerEnter={preloadStarter}
              onFocus={preloadStarter}
              disabled={isChecking}
            >
              <ListChecks aria-hidden />
              Add common schedules
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              Services that come back, the most urgent first.
            </p>
            {addButton}
          </div>
          <ScheduleList
            schedules={listed}
            today={today}
            actions={{
              onMarkDone: (schedule) => setDialog({ name: 'done', schedule }),
              onEdit: (schedule) => setDialog({ name: 'edit', schedule }),
              onDelete: (schedule) => setDialog({ name: 'delete', schedule }),
            }}
          />
        </>
      )}

      <Suspense fallback={null}>
        {(dialog?.name === 'add' || dialog?.name === 'edit') && (
          <ScheduleFormDialog
            open
            onOpenChange={closeOnFalse}
            vehicle={vehicle}
            schedule={dialog.name === 'edit' ? dialog.schedule : undefined}
            onPlanLimit={showUpgrade}
          />
        )}
        {dialog?.name === 'done' && (
          <MarkDoneDialog
            open
            onOpenChange={closeOnFalse}
            schedule={dialog.schedule}
            onPlanLimit={showUpgrade}
          />
        )}
        {dialog?.name === 'starter' && (
          <StarterSchedulesDialog open onOpenChange={closeOnFalse} vehicle={vehicle} />
        )}
        {dialog?.name === 'upgrade' && <UpgradeDialog open onOpenChange={closeOnFalse} />}
      </Suspense>
      {dialog?.name === 'delete' && (
        <DeleteConfirmation
          open
          onOpenChange={closeOnFalse}
          title={`Delete ${dialog.schedule.title}?`}
          description="The schedule goes; the maintenance records of its past services stay."
          isPending={deletion.isPending}
          onDelete={() => deletion.mutate({ id: dialog.schedule.id })}
        />
      )}
    </div>
  );
}
