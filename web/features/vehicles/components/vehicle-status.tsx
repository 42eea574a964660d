/**
 * The vehicle's maintenance status line (001 §2, D33) as the card and the detail page show it:
 * a check when everything is up to date, a wrench for what is due, amber for what is overdue.
 */
import type { Vehicle } from '@contract/vehicles';
import { cn } from '@web/lib/class-names';
import { useUserNow } from '@web/lib/today';
import { CircleCheck, TriangleAlert, Wrench } from 'lucide-react';
import { type StatusLineWording, vehicleStatusLine } from '../lib/status-line';

export function VehicleStatus({
  vehicle,
  wording = 'card',
  className,
}: {
  vehicle: Pick<Vehicle, 'nextMaintenance' | 'mileage' | 'odometerUnit'>;
  wording?: StatusLineWording;
  className?: string;
}) {
  const status = vehicleStatusLine(vehicle, useUserNow(), wording);
  const Icon =
    status.tone === 'ok' ? CircleCheck : status.tone === 'overdue' ? TriangleAlert : Wrench;
  return (
    <p
      data-testid="vehicle-status"
      data-tone={status.tone}
      className={cn(
        'flex items-start gap-2 rounded-md px-2.5 py-2 text-sm',
        status.tone === 'overdue'
          ? 'bg-warn-soft font-medium text-foreground'
          : 'bg-muted/50 text-muted-foreground',
        className,
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          status.tone === 'ok' && 'text-success',
          status.tone === 'overdue' && 'text-warn',
          status.tone === 'due' && 'text-primary',
        )}
        aria-hidden
      />
      <span className="min-w-0">{status.text}</span>
    </p>
  );
}
