/**
 * Where a chart's drawing goes. The drawings are recharts, about 100 KB of gzipped JavaScript:
 * they download after the page's first load (decision 010), and until they arrive a quiet block
 * of the drawing's own height holds its place, so nothing below moves when it appears.
 */
import { type ReactNode, Suspense } from 'react';

export function DrawingSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div
          aria-hidden="true"
          data-slot="chart-placeholder"
          className="animate-pulse rounded-md bg-muted/60"
          style={{ height }}
        />
      }
    >
      {children}
    </Suspense>
  );
}
