/**
 * The clean-up of unattached uploads: a file is uploaded first (`POST /api/upload`) and a form
 * then saves a row with its URL; a file no row ever pointed at is deleted once it is older than
 * the grace period (`UNATTACHED_UPLOAD_GRACE_HOURS`), long enough for a form left open. Run by
 * the background job `unattached-uploads-purge` (server/jobs/, decision 044).
 */
import type { Db } from '../../db/open';
import { deleteUnattachedFiles } from './uploads.repository';

/**
 * Files looked at per transaction: the table is gone through in short transactions, none of
 * which holds its locks for long, however large it is or however many files are unattached.
 */
export const UNATTACHED_UPLOADS_BATCH = 500;

const HOUR_MS = 60 * 60 * 1000;

export function createUnattachedUploadsService({ db, graceHours }: { db: Db; graceHours: number }) {
  return {
    /**
     * Deletes every unattached file older than the grace period; answers how many went. Stops
     * between two windows when `stopping` fires: the next run goes through the table again.
     */
    async purgeUnattached(stopping?: AbortSignal): Promise<number> {
      const storedBefore = new Date(Date.now() - graceHours * HOUR_MS);
      let deleted = 0;
      let afterId = '';
      for (;;) {
        const batch = await db.transaction((tx) =>
          deleteUnattachedFiles(tx, { storedBefore, afterId, limit: UNATTACHED_UPLOADS_BATCH }),
        );
        deleted += batch.deleted;
        // A short window is the end of the table.
        if (batch.examined < UNATTACHED_UPLOADS_BATCH || !batch.lastId) return deleted;
        if (stopping?.aborted) return deleted;
        afterId = batch.lastId;
      }
    },
  };
}
