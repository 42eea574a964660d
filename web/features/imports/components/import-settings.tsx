/**
 * The Data section's imports (Account Settings › Data): restoring a backup, importing another
 * app's export, and the past imports with their undo. Loaded when the section is first opened.
 */
import { ImportUploadCard } from './import-upload-card';
import { PastImportsCard } from './past-imports-card';
import { RestoreBackupCard } from './restore-backup-card';

export function ImportSettings() {
  return (
    <>
      <RestoreBackupCard />
      <ImportUploadCard />
      <PastImportsCard />
    </>
  );
}
