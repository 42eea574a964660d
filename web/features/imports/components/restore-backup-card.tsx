/**
 * Account Settings › Data › Restore a backup: a Garage Ledger backup zip uploaded with its
 * progress, then what it will add and what the garage already has, then Restore (everything in
 * one go) or Cancel (the preview discarded). Undo is in Past imports, like an import's.
 */
import {
  type ImportPreview,
  type ImportResult,
  IMPORT_TEXTS as TEXTS,
  totalOf,
} from '@contract/imports';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { UpgradeDialog } from '@web/components/upgrade-dialog';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatFigure } from '@web/lib/format-units';
import type { UploadProgress } from '@web/lib/upload-with-progress';
import { ArchiveRestore, Upload } from 'lucide-react';
import { useState } from 'react';
import { useApplyRestore } from '../api/apply-restore';
import { useChooseImport } from '../api/choose-import';
import { useDeleteImport } from '../api/delete-import';
import { useUploadBackup } from '../api/upload-backup';
import { FailureNote } from './failure-note';
import { FilePicker } from './file-picker';
import { CountList } from './import-counts';
import { ImportCurrency } from './import-currency';
import { ListedRows } from './listed-rows';
import { UploadProgressBar } from './upload-progress-bar';

const isZip = (file: File) => file.name.toLowerCase().endsWith('.zip');

/** Decision 062: which account settings the restore sets, and which stay the user's. */
function RestoreSettings({ settings }: { settings: NonNullable<ImportPreview['settings']> }) {
  return (
    <section className="grid gap-2 text-sm" aria-label={TEXTS.restoreSettingsApplied}>
      <dl className="grid gap-2" data-testid="restore-settings">
        <dt className="font-semibold">{TEXTS.restoreSettingsApplied}</dt>
        <dd className="text-muted-foreground">
          {settings.applied.length > 0 ? settings.applied.join(', ') : TEXTS.restoreSettingsNone}
        </dd>
        <dt className="font-semibold">{TEXTS.restoreSettingsLeft}</dt>
        <dd className="text-muted-foreground">{settings.leftToYou.join(', ')}</dd>
      </dl>
      <p className="text-muted-foreground">{TEXTS.restoreSettingsNote}</p>
    </section>
  );
}

function RestorePreview({
  preview,
  onChanged,
  onRestored,
  onDiscarded,
}: {
  preview: ImportPreview;
  onChanged: (preview: ImportPreview) => void;
  onRestored: (result: ImportResult) => void;
  onDiscarded: () => void;
}) {
  const apply = useApplyRestore();
  const choose = useChooseImport();
  const discard = useDeleteImport({ onDeleted: onDiscarded });
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const isBusy = apply.isPending || discard.isPending || choose.isPending;
  const failure = apply.error ?? discard.error;
  const addsNothing = totalOf(preview.counts) === 0;
  // Decision 070: a backup in another currency waits for a rate, or for its figures to be kept.
  const needsRate = preview.needsChoice.includes('currencyRates');
  const chooseRate = (code: string, rate: string) =>
    choose.mutate(
      { id: preview.id, choices: { currencyRates: { [code]: rate } } },
      { onSuccess: onChanged },
    );

  const restore = () =>
    apply.mutate(preview.id, {
      onSuccess: onRestored,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) setIsUpgradeOpen(true);
      },
    });

  return (
    <div className="grid gap-5" data-testid="restore-preview">
      <section className="grid gap-3" aria-labelledby="restore-adds">
        <h3 id="restore-adds" className="text-sm font-semibold">
          {TEXTS.restorePreviewTitle}
        </h3>
        {addsNothing ? (
          <p className="text-sm text-muted-foreground">{TEXTS.restoreAddsNothing}</p>
        ) : (
          <CountList counts={preview.counts} label={TEXTS.restorePreviewTitle} />
        )}
      </section>
      {totalOf(preview.existing) > 0 && (
        <section className="grid gap-3" aria-labelledby="restore-existing">
          <h3 id="restore-existing" className="text-sm font-semibold">
            {TEXTS.existingTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{TEXTS.existingNote}</p>
          <CountList counts={preview.existing} label={TEXTS.existingTitle} />
        </section>
      )}
      {preview.settings && <RestoreSettings settings={preview.settings} />}
      {preview.foreignCurrencies.length > 0 && (
        <ImportCurrency preview={preview} disabled={isBusy} onChoose={chooseRate} />
      )}
      {preview.problemCount > 0 && (
        <ListedRows
          testId="restore-problems"
          summary={TEXTS.problems(formatFigure(preview.problemCount, 0))}
          note={TEXTS.problemsNote}
          rows={preview.problems}
          total={preview.problemCount}
        />
      )}
      <FailureNote message={failure ? errorMessage(failure, TEXTS.failed) : null} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button disabled={isBusy || addsNothing || needsRate} onClick={restore}>
          <ArchiveRestore aria-hidden="true" />
          {apply.isPending ? TEXTS.restoring : TEXTS.restore}
        </Button>
        <Button variant="outline" disabled={isBusy} onClick={() => discard.mutate(preview.id)}>
          {discard.isPending ? TEXTS.discarding : TEXTS.cancel}
        </Button>
      </div>
      {/* Drawn only when needed: it reads the plan, which the page has no other use for. */}
      {isUpgradeOpen && <UpgradeDialog open onOpenChange={setIsUpgradeOpen} />}
    </div>
  );
}

function RestoreResult({ result, onDone }: { result: ImportResult; onDone: () => void }) {
  return (
    <div className="grid gap-4" data-testid="restore-result">
      <h3 className="text-sm font-semibold">{TEXTS.restoredTitle}</h3>
      {totalOf(result.added) === 0 ? (
        <p className="text-sm text-muted-foreground">{TEXTS.restoredNothing}</p>
      ) : (
        <CountList counts={result.added} label={TEXTS.restoredTitle} />
      )}
      <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" onClick={onDone}>
        {TEXTS.done}
      </Button>
    </div>
  );
}

export function RestoreBackupCard() {
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const upload = useUploadBackup({ onProgress: setProgress });

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setProgress(null);
    upload.reset();
  };

  const pick = ([picked]: File[]) => {
    upload.reset();
    if (!picked) return;
    if (!isZip(picked)) {
      setFile(null);
      setRefusal(TEXTS.notZip);
      return;
    }
    setRefusal(null);
    setFile(picked);
  };

  const send = () => {
    if (!file) return;
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(file, { onSuccess: setPreview });
  };

  return (
    <Card data-testid="restore-backup">
      <CardHeader>
        <CardTitle>{TEXTS.restoreTitle}</CardTitle>
        <CardDescription>{TEXTS.restoreDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result ? (
          <RestoreResult result={result} onDone={reset} />
        ) : preview ? (
          <RestorePreview
            preview={preview}
            onChanged={setPreview}
            onRestored={setResult}
            onDiscarded={reset}
          />
        ) : (
          <>
            <FilePicker
              label={TEXTS.backupLabel}
              buttonText={TEXTS.chooseBackup}
              accept=".zip,application/zip"
              files={file ? [file] : []}
              refusal={refusal}
              disabled={upload.isPending}
              onPick={pick}
            />
            {upload.isPending && <UploadProgressBar progress={progress} />}
            <FailureNote
              message={upload.isError ? errorMessage(upload.error, TEXTS.failed) : null}
            />
            <Button
              className="w-full sm:w-auto sm:justify-self-start"
              disabled={!file || upload.isPending}
              onClick={send}
            >
              <Upload aria-hidden="true" />
              {TEXTS.uploadBackup}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
