/**
 * "Log fuel" or "Log charge" (decision 050): the one-tap way to the log dialog, on the dashboard
 * (all the user's vehicles, the first chosen) and on the vehicle page (that vehicle). Its words
 * follow the vehicle's energies; the dialog's code (the form, zod) is fetched on first intent.
 */
import type { Vehicle } from '@contract/vehicles';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { Fuel, Zap } from 'lucide-react';
import { Suspense, useState } from 'react';
import { logLabelFor } from '../lib/entry-kinds';

const LogEnergyDialog = lazyComponent(() => import('./log-energy-dialog'), 'LogEnergyDialog');
const preloadDialog = () => void preloadAhead(LogEnergyDialog);

export function LogEnergyButton({
  vehicles,
  className,
  size = 'lg',
}: {
  /** The vehicles the entry may be for; the first is chosen. */
  vehicles: readonly Vehicle[];
  className?: string;
  size?: ButtonProps['size'];
}) {
  const [isOpen, setIsOpen] = useState(false);
  const label = logLabelFor(vehicles[0]?.energies ?? []);
  const Icon = label === logLabelFor(['electricity']) ? Zap : Fuel;
  if (vehicles.length === 0) return null;
  return (
    <>
      <Button
        size={size}
        className={className}
        onClick={() => setIsOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onTouchStart={preloadDialog}
      >
        <Icon aria-hidden />
        {label}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LogEnergyDialog open onOpenChange={setIsOpen} vehicles={vehicles} />
        </Suspense>
      )}
    </>
  );
}
