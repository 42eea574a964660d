/**
 * What My Vehicles shows instead of the grid (001 §2): an invitation to add the first vehicle,
 * or, when a search finds nothing, a way back to the whole garage.
 */
import { Button } from '@web/components/ui/button';
import { Car, Plus, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

function EmptyPanel({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
  testId: string;
}) {
  return (
    <section
      data-testid={testId}
      className="flex flex-col items-center justify-center gap-4 rounded-2xl border border-dashed border-input bg-card px-6 py-14 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        {icon}
      </div>
      <div className="grid max-w-sm gap-1.5">
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {action}
    </section>
  );
}

export function VehiclesEmptyState({
  onAdd,
  isChecking,
}: {
  onAdd: () => void;
  isChecking: boolean;
}) {
  return (
    <EmptyPanel
      testId="vehicles-empty"
      icon={<Car className="size-7" aria-hidden />}
      title="Your garage is empty"
      text="Add your first vehicle to keep its maintenance, repairs, modifications and costs in one place."
      action={
        <Button onClick={onAdd} disabled={isChecking} aria-busy={isChecking || undefined}>
          <Plus aria-hidden />
          Add Vehicle
        </Button>
      }
    />
  );
}

export function VehiclesNoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <EmptyPanel
      testId="vehicles-no-match"
      icon={<SearchX className="size-7" aria-hidden />}
      title="No vehicle matches your search"
      text={`Nothing in your garage matches “${query.trim()}”. Try a year, make, model or trim.`}
      action={
        <Button variant="outline" onClick={onClear}>
          Clear search
        </Button>
      }
    />
  );
}
