/**
 * The dashboard of an empty garage: an invitation to add the first vehicle, instead of tiles of
 * zeros and empty lists.
 */
import { DASHBOARD_TEXTS } from '@contract/dashboard';
import { Button } from '@web/components/ui/button';
import { CalendarClock, Car, Plus, Receipt, Wrench } from 'lucide-react';

const PROMISES = [
  { icon: Wrench, text: 'Log maintenance, repairs and modifications with their costs' },
  { icon: CalendarClock, text: 'See what is due next, by date or mileage' },
  { icon: Receipt, text: 'Keep receipts and photos with each record' },
] as const;

export function FirstVehiclePanel({
  onAdd,
  isChecking,
}: {
  onAdd: () => void;
  isChecking: boolean;
}) {
  return (
    <section
      data-testid="first-vehicle"
      aria-labelledby="first-vehicle-title"
      className="grid gap-6 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8 md:grid-cols-[auto_1fr] md:items-center"
    >
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Car className="size-8" aria-hidden />
      </div>
      <div className="grid gap-4">
        <div className="grid gap-1.5">
          <h2 id="first-vehicle-title" className="text-xl font-semibold tracking-tight">
            {DASHBOARD_TEXTS.firstVehicleTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXTS.firstVehicleText}</p>
        </div>
        <ul className="grid gap-2 text-sm">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2.5">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
        <Button
          onClick={onAdd}
          disabled={isChecking}
          aria-busy={isChecking || undefined}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <Plus aria-hidden />
          Add Vehicle
        </Button>
      </div>
    </section>
  );
}
