/**
 * The toaster, downloaded with the first toast: Radix's toast parts are about 10 KB of gzipped
 * JavaScript that most page loads never show (decision 010). The toast store (use-toast.ts) is
 * tiny and always there, so a toast raised before the parts arrive waits in it and appears a
 * moment later. Once loaded, the toaster stays mounted (its F8 region with it).
 */
import { lazyComponent } from '@web/lib/lazy-component';
import { Suspense, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazyComponent(() => import('./toaster'), 'Toaster');

export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
