/**
 * Account Settings › Data (000 §2, D21, D22): export everything as JSON, or delete the account.
 */
import type { User } from '@contract/accounts';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useExportData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';

function ExportDataCard() {
  const exportData = useExportData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export Data</CardTitle>
        <CardDescription>
          Download a copy of everything in your garage as a JSON file: your vehicles, their
          maintenance, repair and modification records, and your documents.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          <Download aria-hidden="true" />
          {exportData.isPending ? 'Exporting...' : 'Export Data'}
        </Button>
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
      <DeleteAccountCard user={user} onDeleted={onDeleted} />
      {addedSections}
    </div>
  );
}
