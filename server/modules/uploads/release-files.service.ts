/**
 * A stored file goes only when no row of its owner uses it any more. Any row may point at any of
 * its owner's files (a record's photo may be a vehicle image's file, D9), so every path that
 * drops or replaces a reference calls `releaseFiles` after its rows have changed, in the same
 * transaction, and the file stays while anything else still shows it.
 */
import { fileIdFromUrl, fileUrl, thumbnailUrl } from '@contract/uploads';
import type { Executor } from '../../db/open';
import { deleteStoredFiles, findUrlsInUse } from './uploads.repository';

/**
 * Deletes the stored files behind these URLs that no row of the user still points at, in any of
 * the forms a row may store (`/uploads/{id}`, a bare id, its thumbnail). URLs that are not
 * uploads are skipped.
 */
export async function releaseFiles(
  tx: Executor,
  userId: number,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const forms = ids.flatMap((id) => [id, fileUrl(id), thumbnailUrl(id), `${id}/thumbnail`]);
  const inUse = new Set((await findUrlsInUse(tx, userId, forms)).map(fileIdFromUrl));
  await deleteStoredFiles(
    tx,
    userId,
    ids.filter((id) => !inUse.has(id)),
  );
}
