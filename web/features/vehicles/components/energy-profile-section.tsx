/**
 * The vehicle form's "Fuel & energy" section (decision 050), closed by default so the spec's
 * form is unchanged: a button that folds it open and, once opened, its fields (a chunk of their
 * own, with the user's units read then), kept mounted when folded again so nothing typed is lost.
 */
import type { Vehicle } from '@contract/vehicles';
import { cn } from '@web/lib/class-names';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { ChevronDown, Fuel } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type {
  EnergyProfileUnits,
  VehicleFormMode,
  VehicleFormValues,
} from '../lib/vehicle-form-values';

const EnergyProfileFields = lazyComponent(
  () => import('./energy-profile-fields'),
  'EnergyProfileFields',
);
const preloadFields = () => void preloadAhead(EnergyProfileFields);

export function EnergyProfileSection({
  form,
  mode,
  vehicle,
  disabled,
  onOpened,
}: {
  form: UseFormReturn<VehicleFormValues>;
  mode: VehicleFormMode;
  vehicle?: Vehicle | undefined;
  disabled: boolean;
  /** The section's units once it is open: from then on the form sends the profile. */
  onOpened: (section: NonNullable<EnergyProfileUnits>) => void;
}) {
  const [state, setState] = useState<'closed' | 'open' | 'folded'>('closed');
  const contentId = useId();
  const isOpen = state === 'open';
  return (
    <div className="grid gap-4 rounded-lg border border-border sm:col-span-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={state === 'closed' ? undefined : contentId}
        onClick={() => setState(isOpen ? 'folded' : 'open')}
        onPointerEnter={preloadFields}
        onFocus={preloadFields}
        className="flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-lg px-4 py-3 text-left outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Fuel className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="grid flex-1 gap-0.5">
          <span className="text-sm font-medium">Fuel &amp; energy</span>
          <span className="text-xs text-muted-foreground">
            What it runs on, its tank and battery, and its odometer’s unit.
          </span>
        </span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')}
          aria-hidden
        />
      </button>
      {state !== 'closed' && (
        <div id={contentId} hidden={!isOpen} className="px-4 pb-4">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
            <EnergyProfileFields
              form={form}
              mode={mode}
              vehicle={vehicle}
              disabled={disabled}
              onOpened={onOpened}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
