/**
 * Queries of `binary_files` (D14): uploaded files with their owner. Every read and delete is
 * scoped by the owner's id, so a file of someone else is never found (D9).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { binaryFiles } from '../../db/schema';

/** The stored file id of an `/uploads/{id}` URL (or a bare id, D14), or null for anything else. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(?:\/uploads\/)?([A-Za-z0-9_-]{16,64})(?:\/thumbnail)?$/.exec(url);
  return match ? match[1]! : null;
}

/** Deletes the user's stored files behind these URLs; URLs that are not uploads are skipped. */
export async function deleteStoredFiles(
  tx: Executor,
  userId: number,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<number> {
  const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(binaryFiles)
    .where(and(eq(binaryFiles.userId, userId), inArray(binaryFiles.id, ids)))
    .returning({ id: binaryFiles.id });
  return deleted.length;
}
