/**
 * A long list of record cards that stays responsive: the first cards render at once and more
 * follow as the end of the list comes into view (or on 'Show more'), so a garage with thousands
 * of records never renders them all up front.
 */
import { Button } from '@web/components/ui/button';
import { useEffect, useRef, useState } from 'react';
import { RecordCard, type RecordCardProps } from './record-card';
import type { RecordView } from './record-detail-dialog';

/** About two phone screens of cards: enough to scroll, little to render before the first paint. */
export const RECORDS_PER_PAGE = 20;

export type RecordListProps = Omit<RecordCardProps, 'record'> & {
  records: readonly RecordView[];
  label?: string;
};

export function RecordList({ records, label = 'Records', ...actions }: RecordListProps) {
  const [shown, setShown] = useState(RECORDS_PER_PAGE);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = shown < records.length;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setShown((count) => count + RECORDS_PER_PAGE);
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={label}>
        {records.slice(0, shown).map((record) => (
          <li key={`${record.type}-${record.id}`}>
            <RecordCard record={record} {...actions} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="flex flex-col items-center gap-1 py-2">
          <p className="text-xs text-muted-foreground tabular-nums">
            Showing {shown} of {records.length}
          </p>
          <Button variant="outline" onClick={() => setShown((count) => count + RECORDS_PER_PAGE)}>
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}
