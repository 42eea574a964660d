/**
 * Record cards of a list that pages (decision 057): the loaded records, drawn only near the
 * viewport (VirtualList), and the next page asked for as the end of the loaded ones comes near.
 * Below the list, while more remain, ShowMore.
 */
import { ShowMore } from '@web/components/ui/show-more';
import { VirtualList } from '@web/components/ui/virtual-list';
import type { LoadedPages } from '@web/lib/use-paged-list';
import { RecordCard, type RecordCardProps } from './record-card';
import type { RecordView } from './record-detail-dialog';

export type PagedRecordListProps = Omit<RecordCardProps, 'record'> & {
  /** The records loaded so far, and the next page on demand. */
  pages: LoadedPages<RecordView>;
  /** How many records the whole list holds, loaded or not. */
  total: number;
  label?: string;
};

export function PagedRecordList({
  pages: { items: records, hasMore, isLoadingMore, loadMore: onLoadMore },
  total,
  label = 'Records',
  ...actions
}: PagedRecordListProps) {
  return (
    <div className="grid gap-3">
      <VirtualList
        items={records}
        itemKey={(record) => `${record.type}-${record.id}`}
        renderItem={(record) => <RecordCard record={record} {...actions} />}
        label={label}
        setSize={Math.max(total, records.length)}
        onNearEnd={hasMore ? onLoadMore : undefined}
      />
      {hasMore && (
        <ShowMore
          shown={records.length}
          total={total}
          isLoading={isLoadingMore}
          onShowMore={onLoadMore}
        />
      )}
    </div>
  );
}
