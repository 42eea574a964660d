/**
 * Record cards of a list the server pages: the loaded pages' cards, and the next page asked for
 * as the end of the list comes near the viewport (or on 'Show more', for a keyboard or a reader
 * that does not scroll), so a vehicle with hundreds of records renders only what is read.
 */
import { Button } from '@web/components/ui/button';
import { useEffect, useRef } from 'react';
import { RecordCard, type RecordCardProps } from './record-card';
import type { RecordView } from './record-detail-dialog';

export type GrowingRecordListProps = Omit<RecordCardProps, 'record'> & {
  records: readonly RecordView[];
  label: string;
  /** How many records the whole list holds, read or not. */
  total: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  onShowMore: () => void;
};

/** How far below the viewport the end of the list starts the next page: about a screen ahead. */
const AHEAD = '800px';

export function GrowingRecordList({
  records,
  label,
  total,
  hasMore,
  isLoadingMore,
  onShowMore,
  ...actions
}: GrowingRecordListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const showMore = useRef(onShowMore);
  showMore.current = onShowMore;

  // Observed afresh after each page, so an end still in view asks for the next one too.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || isLoadingMore || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore.current();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore]);

  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={label}>
        {records.map((record) => (
          <li key={`${record.type}-${record.id}`}>
            <RecordCard record={record} {...actions} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="flex flex-col items-center gap-1 py-2">
          <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            Showing {records.length} of {total}
          </p>
          <Button variant="outline" onClick={onShowMore} disabled={isLoadingMore}>
            {isLoadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
