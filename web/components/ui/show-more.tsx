/**
 * Below a list that pages, while more remain: how many are shown of how many, and 'Show more',
 * which asks for the next page by keyboard or pointer (the list also asks as its end nears).
 */
import { Button } from './button';

export function ShowMore({
  shown,
  total,
  isLoading,
  onShowMore,
}: {
  shown: number;
  total: number;
  isLoading: boolean;
  onShowMore: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-1 py-2">
      <p className="text-xs text-muted-foreground tabular-nums">
        Showing {shown} of {Math.max(total, shown)}
      </p>
      <Button
        variant="outline"
        onClick={onShowMore}
        disabled={isLoading}
        aria-busy={isLoading || undefined}
      >
        Show more
      </Button>
    </div>
  );
}
