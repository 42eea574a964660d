/**
 * A file chooser drawn as a button (the native input stays for keyboards and screen readers),
 * with the chosen files' names under it and a hint or the reason a choice was refused.
 */
import { FileRefusal } from '@web/components/ui/form-field';
import { cn } from '@web/lib/class-names';
import { FileUp } from 'lucide-react';
import { useId } from 'react';

export function FilePicker({
  label,
  buttonText,
  accept,
  multiple = false,
  hint,
  files,
  refusal,
  disabled,
  onPick,
}: {
  label: string;
  buttonText: string;
  accept: string;
  multiple?: boolean;
  hint?: string;
  files: readonly File[];
  refusal: string | null;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, refusal ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={cn(
          'inline-flex h-10 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-medium shadow-card sm:w-fit',
          'transition-colors hover:bg-accent hover:text-accent-foreground',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
          'peer-disabled:pointer-events-none peer-disabled:opacity-50',
        )}
      >
        <FileUp className="size-4" aria-hidden />
        {buttonText}
      </label>
      {files.length > 0 && (
        <ul aria-label="Chosen files" className="grid gap-1 text-sm">
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`} className="truncate font-medium">
              {file.name}
            </li>
          ))}
        </ul>
      )}
      {hint && !refusal && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FileRefusal id={`${id}-error`} refusals={refusal ? [refusal] : []} />
    </div>
  );
}
