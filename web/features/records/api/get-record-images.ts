/**
 * `GET /api/record-images/{type}/{recordId}` (001 §7, D30): a record's images, kept fresh for
 * 5 minutes.
 */
import type { RecordImage, RecordType } from '@contract/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyToPath } from '@web/lib/api-client';
import { RECORD_PATHS, readOrThrow } from './record-paths';

export const RECORD_IMAGES_STALE_MS = 5 * 60 * 1000;

export function recordImagesQueryOptions(type: RecordType, recordId: number) {
  const queryKey = RECORD_PATHS.images(type, recordId);
  return queryOptions<RecordImage[]>({
    queryKey,
    queryFn: ({ signal }) => readOrThrow<RecordImage[]>(queryKeyToPath(queryKey), signal),
    staleTime: RECORD_IMAGES_STALE_MS,
  });
}

export function useRecordImages(type: RecordType, recordId: number | null) {
  const { data, isLoading, isError } = useQuery({
    ...recordImagesQueryOptions(type, recordId ?? 0),
    enabled: recordId !== null,
  });
  return { images: data ?? [], isLoading, hasFailed: isError };
}
