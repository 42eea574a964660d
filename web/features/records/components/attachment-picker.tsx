/**
 * The record form's attachments (001 §5, §9): a PDF and a photo, or several files on the
 * maintenance edit form. Chosen files are checked at once by their bytes and size, as the server
 * checks them (D15), and a refused one is not kept: the reason shows under the field, and Save
 * stays disabled (`onRefusedChange`) until the refused file is removed or another chosen; while
 * the form uploads them one bar shows the bytes sent. The record's current files are listed with a
 * link each.
 */

import { acceptAttribute, uploadHint } from '@contract/uploads';
import { Button } from '@web/components/ui/button';
import { FileRefusal } from '@web/components/ui/form-field';
import { cn } from '@web/lib/class-names';
import type { UploadProgress } from '@web/lib/upload-with-progress';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import {
  ATTACHMENT_RULES,
  type AttachmentSlot,
  checkAttachment,
  isDocument,
} from '../lib/attachments';

export type AttachmentPickerProps = {
  /** 'slots': one PDF and one photo; 'several': the maintenance edit form's list. */
  layout: 'slots' | 'several';
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The record's current files (edit forms). */
  current?: { fileUrl: string | null; imageUrl: string | null };
  /** Bytes sent while uploading; null when not uploading. */
  progress: UploadProgress | null;
  disabled?: boolean;
  /** Whether a chosen file stands refused, so the form keeps Save disabled until it is removed. */
  onRefusedChange?: ((hasRefusedFile: boolean) => void) | undefined;
};

function FileChip({
  file,
  onRemove,
  disabled,
}: {
  file: File;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const Icon = isDocument(file) ? FileText : ImageIcon;
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-muted/40 py-1 pr-1 pl-2 text-sm">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate" title={file.name}>
        {file.name}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        <X className="size-3.5" aria-hidden />
      </Button>
    </li>
  );
}

function FileInput({
  slot,
  label,
  hint,
  multiple,
  chosen,
  onPick,
  onRefused,
  disabled,
}: {
  slot: AttachmentSlot;
  label: string;
  /** What the field adds to its rule's hint (types and size come from the rule). */
  hint?: string;
  multiple?: boolean;
  chosen: readonly File[];
  onPick: (files: File[]) => void;
  onRefused: (slot: AttachmentSlot, isRefused: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [refusals, setRefusalsState] = useState<string[]>([]);
  const setRefusals = (next: string[]) => {
    setRefusalsState(next);
    onRefused(slot, next.length > 0);
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of picked) {
      const checked = await checkAttachment(file, slot, [...chosen, ...accepted]);
      if ('refusal' in checked) refused.push(`${file.name}: ${checked.refusal}`);
      else accepted.push(checked.file);
    }
    setRefusals(refused);
    if (accepted.length > 0) onPick(accepted);
  };
  return (
    <div className="grid gap-1.5">
      <input
        id={id}
        type="file"
        accept={acceptAttribute(ATTACHMENT_RULES[slot])}
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        aria-invalid={refusals.length > 0 ? true : undefined}
        aria-describedby={`${id}-hint${refusals.length > 0 ? ` ${id}-error` : ''}`}
        onChange={(event) => void pick(event)}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={cn(
          'inline-flex h-9 w-fit cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-card',
          'transition-colors hover:bg-accent hover:text-accent-foreground',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
          'peer-disabled:pointer-events-none peer-disabled:opacity-50',
        )}
      >
        <Paperclip className="size-4" aria-hidden />
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {uploadHint(ATTACHMENT_RULES[slot], { each: multiple ?? false })}
        {hint && ` · ${hint}`}
      </p>
      <FileRefusal id={`${id}-error`} refusals={refusals} onRemove={() => setRefusals([])} />
    </div>
  );
}

export function AttachmentPicker({
  layout,
  files,
  onChange,
  current,
  progress,
  disabled,
  onRefusedChange,
}: AttachmentPickerProps) {
  const refusedSlots = useRef(new Set<AttachmentSlot>());
  const onRefused = (slot: AttachmentSlot, isRefused: boolean) => {
    if (isRefused) refusedSlots.current.add(slot);
    else refusedSlots.current.delete(slot);
    onRefusedChange?.(refusedSlots.current.size > 0);
  };
  const document = files.find(isDocument);
  const photos = files.filter((file) => !isDocument(file));
  const remove = (file: File) => onChange(files.filter((candidate) => candidate !== file));
  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium leading-none">Attachments</legend>
      {layout === 'slots' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <FileInput
              slot="document"
              label={document ? 'Replace PDF' : 'Attach PDF'}
              chosen={[]}
              onPick={([file]) => onChange([...photos, ...(file ? [file] : [])])}
              onRefused={onRefused}
              disabled={disabled}
            />
            {document && (
              <ul>
                <FileChip file={document} onRemove={() => remove(document)} disabled={disabled} />
              </ul>
            )}
          </div>
          <div className="grid content-start gap-2">
            <FileInput
              slot="photo"
              label={photos.length > 0 ? 'Replace photo' : 'Attach photo'}
              chosen={[]}
              onPick={([file]) =>
                onChange([...(document ? [document] : []), ...(file ? [file] : [])])
              }
              onRefused={onRefused}
              disabled={disabled}
            />
            {photos[0] && (
              <ul>
                <FileChip
                  file={photos[0]}
                  onRemove={() => remove(photos[0]!)}
                  disabled={disabled}
                />
              </ul>
            )}
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          <FileInput
            slot="several"
            label="Attach files"
            hint="one PDF per record"
            multiple
            chosen={files}
            onPick={(picked) => onChange([...files, ...picked])}
            onRefused={onRefused}
            disabled={disabled}
          />
          {files.length > 0 && (
            <ul className="grid gap-1.5 sm:grid-cols-2" aria-label="Chosen files">
              {files.map((file) => (
                <FileChip
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  file={file}
                  onRemove={() => remove(file)}
                  disabled={disabled}
                />
              ))}
            </ul>
          )}
        </div>
      )}

      {current && (current.fileUrl || current.imageUrl) && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>On this record:</span>
          {current.fileUrl && (
            <a
              className="font-medium text-primary underline-offset-4 hover:underline"
              href={current.fileUrl}
              target="_blank"
              rel="noreferrer"
            >
              Current document
            </a>
          )}
          {current.imageUrl && (
            <a
              className="font-medium text-primary underline-offset-4 hover:underline"
              href={current.imageUrl}
              target="_blank"
              rel="noreferrer"
            >
              Current photo
            </a>
          )}
          <span>Choosing a new file replaces it.</span>
        </p>
      )}

      {progress && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label="Upload of attachments"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-150 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-muted-foreground tabular-nums">
            Uploading attachments… {percent}%
          </p>
        </div>
      )}
    </fieldset>
  );
}
