/**
 * The chart drawings, loaded on demand (decision 005): the charts library is the heaviest part of
 * the page, so the figures, lists and tables show first and the drawings follow, each keeping
 * its height meanwhile so nothing jumps.
 */
import { Skeleton } from '@web/components/ui/skeleton';
import { lazy, type ReactNode, Suspense } from 'react';

export const LazyDistributionDrawing = lazy(async () => ({
  default: (await import('./distribution-drawing')).DistributionDrawing,
}));

export const LazyVehicleBreakdownDrawing = lazy(async () => ({
  default: (await import('./vehicle-breakdown-drawing')).VehicleBreakdownDrawing,
}));

export const LazyMonthlySpendingDrawing = lazy(async () => ({
  default: (await import('./monthly-spending-drawing')).MonthlySpendingDrawing,
}));

export function DrawingSuspense({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton className="w-full rounded-lg" style={{ height }} />}>
      {children}
    </Suspense>
  );
}
