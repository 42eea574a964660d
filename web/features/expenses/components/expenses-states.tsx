/**
 * The page's loading and failure states (001 §2): skeletons shaped like the overview, and the
 * fallback 'An error occurred loading expenses' with a button to try again.
 */
import { EXPENSES_TEXTS } from '@contract/expenses';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { CircleAlert, RotateCw } from 'lucide-react';

export function ExpensesSkeleton() {
  return (
    <div
      className="grid gap-6"
      role="status"
      aria-label="Loading expenses"
      data-testid="expenses-skeleton"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Skeleton className="col-span-2 h-24 rounded-xl lg:col-span-1" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}

export function ExpensesFailed({
  onRetry,
  isRetrying,
}: {
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-12 text-center"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">{EXPENSES_TEXTS.loadFailed}</p>
      <Button
        variant="outline"
        onClick={onRetry}
        disabled={isRetrying}
        aria-busy={isRetrying || undefined}
      >
        <RotateCw aria-hidden />
        {EXPENSES_TEXTS.tryAgain}
      </Button>
    </div>
  );
}
