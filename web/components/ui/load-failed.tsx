/**
 * A list that could not be loaded: what failed, said in the list's own words, and a button that
 * asks for it again. One look for every page's list.
 */
import { CircleAlert } from 'lucide-react';
import { Button } from './button';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-12 text-center"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
