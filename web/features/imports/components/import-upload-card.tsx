/**
 * Account Settings › Data › Import from another app: the apps Garage Ledger reads, up to five
 * export files and, if the user knows it, the app they come from; uploaded with their progress,
 * then the preview opens on a page of its own, where nothing is added until Import.
 */
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportFormat,
  IMPORT_TEXTS as TEXTS,
} from '@contract/imports';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ChoiceSelect } from '@web/components/ui/choice-select';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import type { UploadProgress } from '@web/lib/upload-with-progress';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useUploadImport } from '../api/upload-import';
import { FailureNote } from './failure-note';
import { FilePicker } from './file-picker';
import { UploadProgressBar } from './upload-progress-bar';

/** What the server takes in one import (its route's limit). */
const MAX_FILES = 5;
const MAX_MEGABYTES = IMPORT_LIMITS.maxImportBytes / 1024 ** 2;
const ACCEPT = '.csv,.json,.zip,.gz,.tgz,.txt,text/csv,application/json,application/zip';
const DETECT = 'detect';

const APPS = new Intl.ListFormat('en', { type: 'conjunction' }).format([
  ...new Set(Object.values(IMPORT_FORMAT_LABELS)),
]);

const SOURCE_CHOICES = [
  { value: DETECT, label: TEXTS.detect },
  ...IMPORT_FORMATS.map((format) => ({ value: format, label: IMPORT_FORMAT_LABELS[format] })),
];

/** Why these files cannot go up together, or null: the server's own limits, said before sending. */
function refusalOf(files: readonly File[]): string | null {
  if (files.length > MAX_FILES) return TEXTS.tooManyFiles;
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > IMPORT_LIMITS.maxImportBytes) return IMPORT_MESSAGES.tooLarge(MAX_MEGABYTES);
  return null;
}

export function ImportUploadCard() {
  const [files, setFiles] = useState<File[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [source, setSource] = useState<string>(DETECT);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [, navigate] = useLocation();
  const sourceId = useId();
  const upload = useUploadImport({
    onProgress: setProgress,
    onPreview: (preview) => navigate(`/account/imports/${preview.id}`),
  });

  const pick = (picked: File[]) => {
    upload.reset();
    if (picked.length === 0) return;
    const problem = refusalOf(picked);
    setRefusal(problem);
    setFiles(problem ? [] : picked);
  };

  const send = () => {
    if (files.length === 0) return;
    setProgress({ loaded: 0, total: files.reduce((sum, file) => sum + file.size, 0) });
    upload.mutate({ files, source: source === DETECT ? null : (source as ImportFormat) });
  };

  return (
    <Card data-testid="import-upload">
      <CardHeader>
        <CardTitle>{TEXTS.importTitle}</CardTitle>
        <CardDescription>{TEXTS.importDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="text-sm" data-testid="import-apps">
          {TEXTS.readsApps(APPS)}
        </p>
        <FilePicker
          label={TEXTS.filesLabel}
          buttonText={files.length > 0 ? TEXTS.chooseOtherFiles : TEXTS.chooseFiles}
          accept={ACCEPT}
          multiple
          hint={TEXTS.filesHint}
          files={files}
          refusal={refusal}
          disabled={upload.isPending}
          onPick={pick}
        />
        <div className="grid gap-2">
          <Label htmlFor={sourceId}>{TEXTS.sourceLabel}</Label>
          <ChoiceSelect
            id={sourceId}
            choices={SOURCE_CHOICES}
            value={source}
            onValueChange={setSource}
            disabled={upload.isPending}
            className="w-full sm:w-72"
            contentClassName="max-h-72"
          />
        </div>
        {upload.isPending && <UploadProgressBar progress={progress} />}
        <FailureNote message={upload.isError ? errorMessage(upload.error, TEXTS.failed) : null} />
        <Button
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={files.length === 0 || upload.isPending}
          onClick={send}
        >
          <Upload aria-hidden="true" />
          {TEXTS.uploadImport}
        </Button>
      </CardContent>
    </Card>
  );
}
