/**
 * `GET /api/record-images/{type}/{recordId}` (001 §7, D30): a record's images, kept fresh for
 * 5 minutes.
 */
import type { RecordImage, RecordType } from '@contract/records';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { RECORD_PATHS } from './record-paths';

export const RECORD_IMAGES_STALE_MS = 5 * 60 * 1000;

export function recordImagesQueryOptions(type: RecordType, recordId: number) {
  const queryKey = RECORD_PATHS.images(type, recordId);
  return queryOptions<RecordImage[]>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<RecordImage[]>(queryKeyToPath(queryKey), signal),
    staleTime: RECORD_IMAGES_STALE_MS,
  });
}

export function useRecordImages(type: RecordType, recordId: number | null) {
  const { data, isLoading, isError } = useApiRead({
    ...recordImagesQueryOptions(type, recordId ?? 0),
    enabled: recordId !== null,
  });
  return { images: data ?? [], isLoading, isError };
}
