/**
 * The add dialog's image chooser (001 §2, §5): up to 5 photos with previews, an optional caption
 * each, and a choice of primary; picking more than the room left drops the rest with the alert
 * 'You can only upload up to 5 images'; a file the server would refuse (D15) is not kept and the
 * reason shows under the button. While the dialog uploads, each preview shows the bytes
 * sent as a progress bar. The list itself is kept by the dialog (lib/picked-images.ts). The
 * preview and the progress bar also serve the vehicle page's image manager.
 */
import { TEXT_LIMITS } from '@contract/common';
import { acceptAttribute, UPLOAD_RULES, uploadHint } from '@contract/uploads';
import { MAX_VEHICLE_IMAGES, VEHICLE_MESSAGES } from '@contract/vehicles';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FileRefusal } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/class-names';
import { CircleAlert, CircleCheck, ImageOff, ImagePlus, Star, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { judgeVehicleImages, type PickedImage, uploadPercent } from '../lib/picked-images';

export type ImagePickerProps = {
  images: readonly PickedImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onSetPrimary: (id: string) => void;
  onCaptionChange: (id: string, caption: string) => void;
  /** Shown when files were dropped for lack of room. */
  hasDroppedFiles: boolean;
  /** True while the dialog saves: the choice is frozen and progress shows. */
  isUploading: boolean;
};

/**
 * The preview of a chosen file. Only files whose bytes are a photo are kept (D15); one that
 * still cannot be decoded gets 'No preview' (the server will refuse it and the toast says why).
 */
export function PickedPreview({ image }: { image: PickedImage }) {
  const [state, setState] = useState<'photo' | 'other'>('photo');
  if (state === 'other') {
    return (
      <div
        role="img"
        aria-label={`No preview of ${image.file.name}`}
        className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-muted text-xs text-muted-foreground"
      >
        <ImageOff className="size-5" aria-hidden />
        No preview
      </div>
    );
  }
  return (
    <img
      src={image.previewUrl}
      alt={`Preview of ${image.file.name}`}
      width={240}
      height={180}
      decoding="async"
      onError={() => setState('other')}
      className="aspect-[4/3] w-full bg-muted object-cover"
    />
  );
}

/** The bytes sent of a chosen image's upload, as a bar and a label. */
export function PickedUploadProgress({ image }: { image: PickedImage }) {
  const percent = uploadPercent(image);
  const isFailed = image.uploadState === 'failed';
  const label =
    image.uploadState === 'done'
      ? 'Uploaded'
      : isFailed
        ? 'Failed'
        : image.uploadState === 'waiting'
          ? 'Waiting'
          : `${percent}%`;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Upload of ${image.file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-150 motion-reduce:transition-none',
            isFailed
              ? 'bg-destructive'
              : image.uploadState === 'done'
                ? 'bg-success'
                : 'bg-primary',
          )}
          style={{ width: `${isFailed ? 100 : percent}%` }}
        />
      </div>
      <p
        className={cn(
          'flex items-center gap-1 text-xs tabular-nums',
          isFailed ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {image.uploadState === 'done' && (
          <CircleCheck className="size-3 text-success" aria-hidden />
        )}
        {isFailed && <CircleAlert className="size-3" aria-hidden />}
        {label}
      </p>
    </div>
  );
}

export function ImagePicker({
  images,
  onAdd,
  onRemove,
  onSetPrimary,
  onCaptionChange,
  hasDroppedFiles,
  isUploading,
}: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const isFull = images.length >= MAX_VEHICLE_IMAGES;
  const [refusals, setRefusals] = useState<string[]>([]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    const { accepted, refusals } = await judgeVehicleImages(files);
    setRefusals(refusals);
    if (accepted.length > 0) onAdd(accepted);
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-1">
          <span className="text-sm font-medium leading-none">Images</span>
          <p id={hintId} className="text-xs text-muted-foreground">
            {uploadHint(UPLOAD_RULES.vehicleImage, { each: true })} · optional · {images.length} of{' '}
            {MAX_VEHICLE_IMAGES}
          </p>
        </div>
        {!isUploading && (
          <div>
            <input
              id={inputId}
              type="file"
              accept={acceptAttribute(UPLOAD_RULES.vehicleImage)}
              multiple
              disabled={isFull}
              aria-invalid={refusals.length > 0 ? true : undefined}
              aria-describedby={refusals.length > 0 ? `${hintId} ${errorId}` : hintId}
              onChange={(event) => void choose(event)}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-card',
                'transition-colors hover:bg-accent hover:text-accent-foreground',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
                'peer-disabled:pointer-events-none peer-disabled:opacity-50',
              )}
            >
              <ImagePlus className="size-4" aria-hidden />
              Add images
            </label>
          </div>
        )}
      </div>

      <FileRefusal id={errorId} refusals={refusals} />

      {hasDroppedFiles && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md border border-warn/40 bg-warn-soft px-3 py-2 text-sm text-foreground"
        >
          <CircleAlert className="size-4 shrink-0 text-warn" aria-hidden />
          {VEHICLE_MESSAGES.tooManyImages}
        </p>
      )}

      {images.length === 0 ? (
        <label
          htmlFor={isUploading ? undefined : inputId}
          className="flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed border-input bg-muted/30 px-4 py-6 text-center text-sm text-muted-foreground transition-colors hover:bg-muted/60"
        >
          <ImagePlus className="size-6 text-muted-foreground/80" aria-hidden />
          <span>
            Add up to {MAX_VEHICLE_IMAGES} photos. The first one becomes the primary image.
          </span>
        </label>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen images">
          {images.map((image) => (
            <li
              key={image.id}
              data-testid="picked-image"
              className={cn(
                'grid content-start gap-2 rounded-lg border bg-card p-2',
                image.isPrimary ? 'border-primary ring-1 ring-primary' : 'border-border',
              )}
            >
              <div className="relative overflow-hidden rounded-md">
                <PickedPreview image={image} />
                {image.isPrimary && (
                  <Badge className="absolute top-1.5 left-1.5 shadow-card">
                    <Star className="fill-current" aria-hidden />
                    Primary
                  </Badge>
                )}
                {!isUploading && (
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-1.5 right-1.5 size-7 rounded-full bg-card/90 shadow-card hover:bg-card"
                    aria-label={`Remove ${image.file.name}`}
                    onClick={() => onRemove(image.id)}
                  >
                    <X className="size-3.5" aria-hidden />
                  </Button>
                )}
              </div>
              <p className="truncate text-xs text-muted-foreground" title={image.file.name}>
                {image.file.name}
              </p>
              {isUploading ? (
                <PickedUploadProgress image={image} />
              ) : (
                <>
                  <Input
                    aria-label={`Caption for ${image.file.name}`}
                    placeholder="Caption (optional)"
                    maxLength={TEXT_LIMITS.caption}
                    value={image.caption}
                    onChange={(event) => onCaptionChange(image.id, event.target.value)}
                    className="h-8 text-xs"
                  />
                  {image.isPrimary ? (
                    <p className="flex h-8 items-center gap-1.5 px-2 text-xs font-medium text-accent-foreground">
                      <Star className="size-3.5 fill-current" aria-hidden />
                      Shown on the card
                    </p>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="justify-start px-2"
                      aria-label={`Set as primary: ${image.file.name}`}
                      onClick={() => onSetPrimary(image.id)}
                    >
                      <Star aria-hidden />
                      Set as primary
                    </Button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
