/**
 * Account Settings › Data › Past imports: the user's imports and restores, newest first, each
 * with its app, its files, its day, what it added and where it stands; an applied one can be
 * undone (after a question), a preview still within its hours can be taken up again.
 */
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportList,
  type ImportStatus,
  IMPORT_TEXTS as TEXTS,
  totalOf,
} from '@contract/imports';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDeleteImport } from '../api/delete-import';
import { useImports } from '../api/get-imports';
import { countsLine } from './import-counts';
import { UndoImportDialog } from './undo-import-dialog';

type PastImport = ImportList[number];

const BADGES: Record<ImportStatus, 'secondary' | 'success' | 'outline'> = {
  preview: 'secondary',
  applied: 'success',
  undone: 'outline',
};

/** How an undo names what it undoes: "the Fuelly import", "the restore". */
const undoneThing = (kind: ImportKind, formatLabel: string) =>
  kind === 'restore' ? 'restore' : `${formatLabel} import`;

function statusOf(item: PastImport): string {
  if (item.status === 'applied' && item.kind === 'restore') return TEXTS.restoredStatus;
  // A preview cancelled before Import is gone without having added anything.
  if (item.status === 'undone' && item.appliedAt === null) return TEXTS.cancelledStatus;
  return TEXTS.statusLabels[item.status];
}

/** What it added, and, once undone, that it was taken away again; nothing for a preview. */
function outcomeOf(item: PastImport): string | null {
  if (item.appliedAt === null) return null;
  const added = item.added ? countsLine(item.added) : null;
  if (!added) return TEXTS.addedNothing;
  return item.status === 'undone' ? TEXTS.removedLine(added) : TEXTS.addedLine(added);
}

/** A preview may be taken up again until it is forgotten, hours after its upload. */
function canContinue(item: PastImport, now: number): boolean {
  const age = now - new Date(item.createdAt).getTime();
  return (
    item.kind === 'import' &&
    item.status === 'preview' &&
    age < IMPORT_LIMITS.previewHours * 3_600_000
  );
}

function PastImportRow({ item, onUndo }: { item: PastImport; onUndo: (item: PastImport) => void }) {
  const outcome = outcomeOf(item);
  const title = item.kind === 'restore' ? TEXTS.restoreName : item.formatLabel;
  return (
    <li
      data-testid="past-import"
      className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{title}</span>
          <Badge variant={BADGES[item.status]}>{statusOf(item)}</Badge>
        </div>
        <p className="truncate text-sm text-muted-foreground">{item.fileNames.join(', ')}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={item.appliedAt ?? item.createdAt}>
            {formatDate(item.appliedAt ?? item.createdAt)}
          </time>
          {outcome && ` · ${outcome}`}
        </p>
      </div>
      {item.status === 'applied' && (
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          aria-label={TEXTS.undoLabel(
            undoneThing(item.kind, item.formatLabel),
            formatDate(item.appliedAt ?? item.createdAt),
          )}
          onClick={() => onUndo(item)}
        >
          <Undo2 aria-hidden="true" />
          {TEXTS.undo}
        </Button>
      )}
      {canContinue(item, Date.now()) && (
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
          <Link href={`/account/imports/${item.id}`}>{TEXTS.continuePreview}</Link>
        </Button>
      )}
    </li>
  );
}

export function PastImportsCard() {
  const { imports, isLoading, isError } = useImports();
  const [undoing, setUndoing] = useState<PastImport | null>(null);
  const undo = useDeleteImport({
    onDeleted: (result) => {
      setUndoing(null);
      // The row itself then says Undone, beside what the import had added.
      const wasRestore = imports.some((item) => item.id === result.id && item.kind === 'restore');
      toast({ title: wasRestore ? TEXTS.restoreUndoneToast : IMPORT_MESSAGES.undoneTitle });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{TEXTS.pastTitle}</CardTitle>
        <CardDescription>{TEXTS.pastDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div role="status" aria-label={TEXTS.pastLoading} className="grid gap-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-destructive">{TEXTS.pastFailed}</p>
        ) : imports.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXTS.pastEmpty}</p>
        ) : (
          <ul aria-label={TEXTS.pastTitle} className="grid divide-y divide-border">
            {imports.map((item) => (
              <PastImportRow
                key={item.id}
                item={item}
                onUndo={(chosen) => {
                  undo.reset();
                  setUndoing(chosen);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <UndoImportDialog
        open={undoing !== null}
        onOpenChange={(open) => (open ? undefined : setUndoing(null))}
        kind={undoing?.kind ?? 'import'}
        entries={undoing?.added ? totalOf(undoing.added) : 0}
        isPending={undo.isPending}
        failure={undo.isError ? errorMessage(undo.error, TEXTS.failed) : null}
        onUndo={() => undoing && undo.mutate(undoing.id)}
      />
    </Card>
  );
}
