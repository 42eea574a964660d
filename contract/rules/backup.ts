/**
 * What the schemas check with of `backup.ts`: its constants and texts, below both (decision 071).
 * The schemas import them from here and `backup.ts` passes on those its readers use, so a file and
 * its schema never import each other.
 */

/** What `manifest.json` names the zip as. */
export const BACKUP_FORMAT = 'garage-ledger-backup';
/** Version 1: `manifest.json`, `data.json` (export document version 3) and `files/<id>`. */
export const BACKUP_VERSION = 1;

/** A whole account, or one vehicle with its history (a passport, for its next owner). */
export const BACKUP_SCOPES = ['account', 'vehicle'] as const;
