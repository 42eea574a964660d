/**
 * The receipt of a fill-up or a charge (decision 050): a photo taken with the phone's camera
 * (`capture="environment"`) or a PDF, one at a time, judged by its bytes as the server judges it
 * (decision 039) before it is kept, and sent through the records' upload path. A refused file is
 * not kept: the reason shows under the field and Save stays disabled (`onRefusedChange`) until the
 * refusal is removed or another file chosen (decision 069). An edited entry's current receipt is
 * linked.
 */
import { DOCUMENT_TYPES, judgeUpload, UPLOAD_RULES, uploadHint } from '@contract/uploads';
import { Button } from '@web/components/ui/button';
import { FileRefusal } from '@web/components/ui/form-field';
import { cn } from '@web/lib/class-names';
import { Camera, FileText, ImageIcon, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';

/** What `POST /api/upload` takes: a PDF, JPEG, PNG or WebP, 10 MB at most. */
const RECEIPT_RULE = UPLOAD_RULES.recordFiles;

export const isDocument = (file: Pick<File, 'type'>) =>
  (DOCUMENT_TYPES as readonly string[]).includes(file.type);

const PICKERS = [
  { name: 'photo', label: 'Take photo', icon: Camera, accept: 'image/*', capture: 'environment' },
  {
    name: 'pdf',
    label: 'Attach PDF',
    icon: FileText,
    accept: 'application/pdf',
    capture: undefined,
  },
] as const;

export function ReceiptPicker({
  file,
  onChange,
  current,
  disabled,
  onRefusedChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** Whether a chosen file stands refused, so the form keeps Save disabled until it is removed. */
  onRefusedChange?: ((isRefused: boolean) => void) | undefined;
  /** The edited entry's receipt: its document or photo. */
  current?: { fileUrl: string | null; imageUrl: string | null } | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const [refusal, setRefusalState] = useState<string | null>(null);
  const setRefusal = (next: string | null) => {
    setRefusalState(next);
    onRefusedChange?.(next !== null);
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const verdict = await judgeUpload(picked, RECEIPT_RULE);
    if (!verdict.isAccepted) {
      setRefusal(`${picked.name}: ${verdict.message}`);
      return;
    }
    setRefusal(null);
    // Kept with the type its bytes say, so a PDF named .jpg goes up as the document it is.
    onChange(
      picked.type === verdict.type
        ? picked
        : new File([picked], picked.name, {
            type: verdict.type,
            lastModified: picked.lastModified,
          }),
    );
  };
  const currentUrl = current?.imageUrl ?? current?.fileUrl ?? null;
  const Icon = file && isDocument(file) ? FileText : ImageIcon;

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium leading-none">Receipt</legend>
      <div className="flex flex-wrap gap-2">
        {PICKERS.map(({ name, label, icon: PickerIcon, accept, capture }) => (
          <div key={name}>
            <input
              id={`${id}-${name}`}
              type="file"
              accept={accept}
              capture={capture}
              aria-label={label}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
              onChange={(event) => void pick(event)}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-${name}`}
              className={cn(
                'inline-flex h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-medium shadow-card',
                'transition-colors hover:bg-accent hover:text-accent-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
                'peer-disabled:pointer-events-none peer-disabled:opacity-50',
              )}
            >
              <PickerIcon className="size-4" aria-hidden />
              {label}
            </label>
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {uploadHint(RECEIPT_RULE)}
      </p>
      <FileRefusal
        id={`${id}-error`}
        refusals={refusal ? [refusal] : []}
        onRemove={() => setRefusal(null)}
      />
      {file && (
        <div className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-muted/40 py-1 pr-1 pl-2 text-sm">
          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 truncate" title={file.name}>
            {file.name}
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Remove ${file.name}`}
            onClick={() => onChange(null)}
          >
            <X className="size-3.5" aria-hidden />
          </Button>
        </div>
      )}
      {!file && currentUrl && (
        <p className="text-xs text-muted-foreground">
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={currentUrl}
            target="_blank"
            rel="noreferrer"
          >
            Current receipt
          </a>{' '}
          · choosing a new one replaces it.
        </p>
      )}
    </fieldset>
  );
}
