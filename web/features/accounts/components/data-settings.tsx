/**
 * Account Settings › Data (000 §2, D21, D22, decision 055): export everything as JSON, download
 * a backup zip with every photo and document (its progress shown as it comes) or spreadsheets of
 * the records and the fill-ups, the cards of restore and imports, and deleting the account.
 */
import type { User } from '@contract/accounts';
import {
  BACKUP_TEXTS,
  SPREADSHEET_TEXTS,
  SPREADSHEETS,
  type SpreadsheetKind,
} from '@contract/backup';
import { DownloadProgressBar } from '@web/components/download-progress';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Download, FileArchive, Sheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDownloadBackup } from '../api/download-backup';
import { useDownloadSpreadsheet } from '../api/download-spreadsheet';
import { useExportData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** One way of taking the data away: what it is, and its button (beside it from sm up). */
function ExportOption({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
      {children && <div className="sm:col-span-2">{children}</div>}
    </div>
  );
}

function ExportDataCard() {
  const exportData = useExportData();
  const backup = useDownloadBackup();
  const spreadsheet = useDownloadSpreadsheet();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export Data</CardTitle>
        <CardDescription>
          Take a copy of your data with you whenever you like, to read it elsewhere or to keep it
          safe.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="divide-y divide-border">
          <ExportOption
            title="JSON file"
            description="Download a copy of everything in your garage as a JSON file: your vehicles, their maintenance, repair and modification records, and your documents."
            action={
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                disabled={exportData.isPending}
                onClick={() => exportData.mutate()}
              >
                <Download aria-hidden="true" />
                {exportData.isPending ? 'Exporting...' : 'Export Data'}
              </Button>
            }
          />
          <ExportOption
            title="Backup"
            description={BACKUP_TEXTS.backupExplanation}
            action={
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                disabled={backup.isPending}
                onClick={backup.download}
              >
                <FileArchive aria-hidden="true" />
                {backup.isPending ? BACKUP_TEXTS.downloading : BACKUP_TEXTS.backupButton}
              </Button>
            }
          >
            {backup.progress && (
              <DownloadProgressBar
                progress={backup.progress}
                label={BACKUP_TEXTS.backupProgressLabel}
              />
            )}
          </ExportOption>
          <ExportOption
            title={SPREADSHEET_TEXTS.title}
            description={SPREADSHEET_TEXTS.description}
            action={
              <div className="flex flex-col gap-2">
                {(Object.keys(SPREADSHEETS) as SpreadsheetKind[]).map((kind) => (
                  <Button
                    key={kind}
                    variant="outline"
                    className="w-full sm:w-auto"
                    disabled={spreadsheet.isPending && spreadsheet.variables === kind}
                    onClick={() => spreadsheet.mutate(kind)}
                  >
                    <Sheet aria-hidden="true" />
                    {SPREADSHEETS[kind].label}
                  </Button>
                ))}
              </div>
            }
          />
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          Prefer a script? The{' '}
          <Link
            href="/api-reference"
            className="rounded-sm font-medium text-primary underline decoration-primary/30 underline-offset-4 outline-none hover:decoration-primary focus-visible:ring-2 focus-visible:ring-ring"
          >
            API reference
          </Link>{' '}
          describes every call your garage answers.
        </p>
      </CardContent>
    </Card>
  );
}

function DeleteAccountCard({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const isExternallyManaged = user.authType === 'oidc';
  return (
    <Card className="border-destructive/30">
      <CardHeader>
        <CardTitle className="text-destructive">Delete Account</CardTitle>
        <CardDescription>
          {isExternallyManaged
            ? 'This action cannot be undone. Deleting your account removes only your Garage Ledger data: your vehicles, records and documents. Your sign-in provider account stays active.'
            : 'This action cannot be undone. This will permanently delete your account and remove all your data from our servers.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DeleteAccountDialog isExternallyManaged={isExternallyManaged} onDeleted={onDeleted} />
      </CardContent>
    </Card>
  );
}

export function DataSettings({
  user,
  onDeleted,
  addedSections,
}: {
  user: User;
  onDeleted: () => void;
  /** Cards of other features (restore, imports), composed by the page. */
  addedSections?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <ExportDataCard />
      {addedSections}
      {/* The one step that cannot be undone comes last. */}
      <DeleteAccountCard user={user} onDeleted={onDeleted} />
    </div>
  );
}
