/**
 * A vehicle's odometer history (decision 050): the current mileage (the latest accepted reading
 * by date, never the largest), today's estimate from recent driving, and every reading newest
 * first with where it came from. A flagged reading says why and offers Confirm (it is right) and
 * Fix (its date or figure); a reading entered alone can be deleted; one can be added alone.
 */
import {
  ODOMETER_FLAGS,
  ODOMETER_MESSAGES,
  ODOMETER_SOURCE_LABELS,
  type OdometerReading,
} from '@contract/odometer';
import { DeleteConfirmation } from '@web/components/delete-confirmation';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { formatDistance } from '@web/lib/format-units';
import { AlertTriangle, Check, Gauge, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteOdometerReading } from '../api/delete-odometer-reading';
import { refreshVehicleEnergy } from '../api/energy-reads';
import { useOdometerHistory } from '../api/get-odometer-history';
import { useUpdateOdometerReading } from '../api/update-odometer-reading';
import { OdometerReadingDialog } from './odometer-reading-dialog';

type ReadingDialog =
  | { name: 'add' }
  | { name: 'fix'; reading: OdometerReading }
  | { name: 'delete'; reading: OdometerReading }
  | null;

export function OdometerHistory({ vehicleId }: { vehicleId: number }) {
  const history = useOdometerHistory(vehicleId);
  const [dialog, setDialog] = useState<ReadingDialog>(null);
  const confirm = useUpdateOdometerReading();
  const deletion = useDeleteOdometerReading({ onDeleted: () => setDialog(null) });
  const summary = history.summary;
  const unit = summary?.unit ?? 'mi';
  const closeOnFalse = (open: boolean) => !open && setDialog(null);

  const confirmReading = async (reading: OdometerReading) => {
    try {
      await confirm.mutateAsync({ id: reading.id, payload: { isConfirmed: true } });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Not confirmed',
        description: errorMessage(error, 'Please try again.'),
      });
      return;
    }
    toast({ title: ODOMETER_MESSAGES.confirmed });
    await refreshVehicleEnergy(vehicleId);
  };

  return (
    <section
      aria-labelledby={`odometer-${vehicleId}`}
      className="grid gap-3"
      data-testid="odometer-history"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`odometer-${vehicleId}`}
          className="flex items-center gap-2 text-lg font-semibold tracking-tight"
        >
          <Gauge className="size-5 text-muted-foreground" aria-hidden />
          Odometer history
        </h3>
        <Button variant="outline" onClick={() => setDialog({ name: 'add' })}>
          <Plus aria-hidden />
          Add reading
        </Button>
      </div>

      {history.isLoading ? (
        <Skeleton className="h-32 rounded-xl" />
      ) : history.isError || !summary ? (
        <p role="alert" className="text-sm text-destructive">
          The odometer history could not be loaded. Please try again later.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2.5">
              <dt className="text-xs text-muted-foreground">Current mileage</dt>
              <dd className="font-semibold tabular-nums" data-testid="current-mileage">
                {summary.current ? formatDistance(summary.current.odometer, unit) : '—'}
              </dd>
              {summary.current && (
                <dd className="text-xs text-muted-foreground">
                  {formatDate(summary.current.date)}
                </dd>
              )}
            </div>
            <div className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2.5">
              <dt className="text-xs text-muted-foreground">Estimated today</dt>
              <dd className="font-semibold tabular-nums" data-testid="odometer-estimate">
                {summary.estimate === null
                  ? '—'
                  : formatDistance(Math.round(summary.estimate), unit)}
              </dd>
            </div>
            <div className="col-span-2 grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2.5 sm:col-span-1">
              <dt className="text-xs text-muted-foreground">Recent driving</dt>
              <dd className="font-semibold tabular-nums">
                {summary.distancePerDay === null
                  ? 'Not enough readings yet'
                  : `${formatDistance(summary.distancePerDay, unit)} a day`}
              </dd>
            </div>
          </dl>

          {summary.flaggedCount > 0 && (
            <p
              className="flex items-start gap-2 rounded-lg bg-warn-soft px-3 py-2 text-sm text-foreground"
              role="note"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden />
              {summary.flaggedCount === 1
                ? 'One reading is flagged: it is kept out of economy and the current mileage until you confirm or fix it.'
                : `${summary.flaggedCount} readings are flagged: they are kept out of economy and the current mileage until you confirm or fix them.`}
            </p>
          )}

          {history.readings.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
              No readings yet. Each fill-up with an odometer adds one, or add one alone.
            </p>
          ) : (
            <ul
              aria-label="Odometer readings"
              className="divide-y divide-border rounded-xl border border-border bg-card shadow-card"
            >
              {history.readings.map((reading) => (
                <ReadingRow
                  key={reading.id}
                  reading={reading}
                  unit={unit}
                  isConfirming={confirm.isPending && confirm.variables?.id === reading.id}
                  onConfirm={() => void confirmReading(reading)}
                  onFix={() => setDialog({ name: 'fix', reading })}
                  onDelete={() => setDialog({ name: 'delete', reading })}
                />
              ))}
            </ul>
          )}
          {history.hasMore && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={history.loadMore}
              disabled={history.isLoadingMore}
            >
              {history.isLoadingMore ? 'Loading...' : 'Load more readings'}
            </Button>
          )}
        </>
      )}

      {dialog?.name === 'add' && (
        <OdometerReadingDialog open onOpenChange={closeOnFalse} vehicleId={vehicleId} unit={unit} />
      )}
      {dialog?.name === 'fix' && (
        <OdometerReadingDialog
          open
          onOpenChange={closeOnFalse}
          vehicleId={vehicleId}
          unit={unit}
          reading={dialog.reading}
        />
      )}
      {dialog?.name === 'delete' && (
        <DeleteConfirmation
          open
          onOpenChange={closeOnFalse}
          title="Delete this reading?"
          description={`The reading of ${formatDistance(dialog.reading.odometer, unit)} on ${formatDate(dialog.reading.date)} will be deleted.`}
          isPending={deletion.isPending}
          onDelete={() => deletion.mutate({ id: dialog.reading.id, vehicleId })}
        />
      )}
    </section>
  );
}

function ReadingRow({
  reading,
  unit,
  isConfirming,
  onConfirm,
  onFix,
  onDelete,
}: {
  reading: OdometerReading;
  unit: 'mi' | 'km';
  isConfirming: boolean;
  onConfirm: () => void;
  onFix: () => void;
  onDelete: () => void;
}) {
  const figure = formatDistance(reading.odometer, unit);
  const date = formatDate(reading.date);
  return (
    <li
      data-testid="odometer-reading"
      aria-label={`${figure} on ${date}`}
      className={cn('grid gap-2 px-4 py-3', reading.isFlagged && 'bg-warn-soft/60')}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          {reading.isFlagged && <AlertTriangle className="size-4 shrink-0 text-warn" aria-hidden />}
          <span className="font-semibold tabular-nums">{figure}</span>
          <span className="text-sm text-muted-foreground">{date}</span>
        </div>
        <div className="flex items-center gap-1.5">
          <Badge variant="outline">{ODOMETER_SOURCE_LABELS[reading.source]}</Badge>
          {reading.isConfirmed && (
            <Badge variant="secondary">
              <Check className="size-3" aria-hidden />
              Confirmed
            </Badge>
          )}
        </div>
      </div>
      {reading.isFlagged && reading.flag && (
        <p className="text-sm text-foreground" data-testid="reading-flag">
          Flagged: {ODOMETER_FLAGS[reading.flag]}. Kept out of economy and the current mileage.
        </p>
      )}
      {(reading.isFlagged || reading.source === 'manual') && (
        <div className="flex flex-wrap gap-2">
          {reading.isFlagged && (
            <>
              <Button size="sm" onClick={onConfirm} disabled={isConfirming}>
                <Check aria-hidden />
                {isConfirming ? 'Confirming...' : 'Confirm'}
              </Button>
              <Button size="sm" variant="outline" onClick={onFix}>
                <Pencil aria-hidden />
                Fix
              </Button>
            </>
          )}
          {reading.source === 'manual' && (
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-danger-soft hover:text-destructive"
              onClick={onDelete}
              aria-label={`Delete the reading of ${figure} on ${date}`}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
