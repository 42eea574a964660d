/**
 * A card holding a short list (the dashboard's Recent Activity and Upcoming Services, a
 * vehicle's upcoming maintenance): its heading and action, then either the list, a loading
 * shape, the failure text or the empty text (000 §8).
 */
import { Skeleton } from '@web/components/ui/skeleton';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export type PanelState =
  | { kind: 'loading' }
  | { kind: 'failed'; title: string; text?: string }
  | { kind: 'empty'; text: string }
  | { kind: 'ready' };

export function ListPanel({
  title,
  description,
  action,
  state,
  children,
  testId,
}: {
  title: string;
  /** A line under the heading saying what the list holds. */
  description?: string;
  action?: ReactNode;
  state: PanelState;
  children: ReactNode;
  testId: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex h-full min-w-0 flex-col rounded-xl border border-border bg-card shadow-card"
    >
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="text-xs text-muted-foreground">{description}</p>}
        </div>
        {action}
      </header>
      <div className="flex-1">
        {state.kind === 'loading' && (
          <ul aria-label={`Loading ${title}`} className="grid gap-4 p-4 sm:p-5">
            {[0, 1, 2].map((row) => (
              <li key={row} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-lg" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        )}
        {state.kind === 'failed' && (
          <div role="alert" className="flex items-start gap-3 p-4 sm:p-5">
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">{state.title}</p>
              {state.text && <p className="text-sm text-muted-foreground">{state.text}</p>}
            </div>
          </div>
        )}
        {state.kind === 'empty' && (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground sm:px-5">
            {state.text}
          </p>
        )}
        {state.kind === 'ready' && children}
      </div>
    </section>
  );
}
