/**
 * The vehicle image manager (001 §2, §5, §8) inside the Edit Vehicle Image dialog: the grid of
 * the vehicle's images, each with its caption, a way to make it the primary and a delete; and
 * new photos, previewed before they are sent, then uploaded one call each with the bytes sent
 * shown as they go. A vehicle holds at most 5 images: files beyond the room left are dropped
 * with 'You can only upload up to 5 images'. A chosen file is judged by its bytes and size as the
 * server judges it (D15) and one it would refuse is not kept, the reason under the button; the
 * server passes the primary on when the primary is deleted; a refusal is shown with its reason.
 */
import { TEXT_LIMITS } from '@contract/common';
import { acceptAttribute, imageSource, UPLOAD_RULES, uploadHint } from '@contract/uploads';
import {
  MAX_VEHICLE_IMAGES,
  VEHICLE_MESSAGES,
  VEHICLE_TOASTS,
  type VehicleImage,
} from '@contract/vehicles';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FileRefusal } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { refreshRecordData } from '@web/lib/query-client';
import { CircleAlert, ImagePlus, Star, Trash2, Upload, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useDeleteVehicleImage } from '../api/delete-vehicle-image';
import { useVehicleImages } from '../api/get-vehicle-images';
import { useSetPrimaryVehicleImage } from '../api/set-primary-vehicle-image';
import { useUpdateVehicleImage } from '../api/update-vehicle-image';
import { uploadVehicleImage } from '../api/upload-vehicle-image';
import {
  addPickedImages,
  judgeVehicleImages,
  type PickedImage,
  removePickedImage,
} from '../lib/picked-images';
import { PickedPreview, PickedUploadProgress } from './image-picker';

/** Thumbnails are 480 px on their long side (D15); tiles show them at about half that. */
const TILE = { width: 240, height: 180 } as const;

export type VehicleImageManagerProps = {
  vehicleId: number;
  /** Told when uploads start and end, so the dialog is not closed halfway through them. */
  onUploadingChange?: (isUploading: boolean) => void;
};

export function VehicleImageManager({ vehicleId, onUploadingChange }: VehicleImageManagerProps) {
  const { images, isLoading } = useVehicleImages(vehicleId);
  const setPrimary = useSetPrimaryVehicleImage();
  const update = useUpdateVehicleImage();
  const deletion = useDeleteVehicleImage();
  const [deleting, setDeleting] = useState<{ image: VehicleImage; name: string } | null>(null);

  const [pending, setPending] = useState<PickedImage[]>([]);
  const [hasDroppedFiles, setHasDroppedFiles] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const nextPendingId = useRef(0);
  const previewUrls = useRef(new Set<string>());
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [refusals, setRefusals] = useState<string[]>([]);

  // Every preview URL still held is given back when the manager closes.
  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const room = MAX_VEHICLE_IMAGES - images.length;
  const isFull = images.length + pending.length >= MAX_VEHICLE_IMAGES;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    const { accepted: files, refusals } = await judgeVehicleImages(chosen);
    setRefusals(refusals);
    if (files.length === 0) return;
    const additions = files.map((file) => {
      nextPendingId.current += 1;
      return { id: `new-${nextPendingId.current}`, file, previewUrl: '' };
    });
    const result = addPickedImages(pending, additions, Math.max(0, room));
    const keptIds = new Set(result.kept.map((image) => image.id));
    setPending(
      result.images.map((image) => {
        if (!keptIds.has(image.id)) return image;
        const previewUrl = URL.createObjectURL(image.file);
        previewUrls.current.add(previewUrl);
        return { ...image, previewUrl };
      }),
    );
    setHasDroppedFiles(result.dropped.length > 0);
  };

  const forget = (image: PickedImage) => {
    URL.revokeObjectURL(image.previewUrl);
    previewUrls.current.delete(image.previewUrl);
  };

  const removePending = (id: string) => {
    const image = pending.find((candidate) => candidate.id === id);
    if (image) forget(image);
    setPending(removePickedImage(pending, id));
    setHasDroppedFiles(false);
  };

  const changePending = (id: string, change: Partial<PickedImage>) =>
    setPending((current) =>
      current.map((image) => (image.id === id ? { ...image, ...change } : image)),
    );

  /** One call per image, in the order chosen; the server makes the first image of a vehicle primary. */
  const upload = async () => {
    const batch = pending;
    setIsUploading(true);
    setHasDroppedFiles(false);
    onUploadingChange?.(true);
    for (const image of batch) changePending(image.id, { uploadState: 'waiting', progress: null });
    const uploaded = new Set<string>();
    const failures: string[] = [];
    for (const image of batch) {
      changePending(image.id, {
        uploadState: 'uploading',
        progress: { loaded: 0, total: image.file.size },
      });
      try {
        await uploadVehicleImage({
          vehicleId,
          file: image.file,
          caption: image.caption.trim(),
          onProgress: (progress) => changePending(image.id, { progress }),
        });
        changePending(image.id, { uploadState: 'done' });
        uploaded.add(image.id);
      } catch (error) {
        changePending(image.id, { uploadState: 'failed' });
        const reason = errorMessage(error, VEHICLE_TOASTS.uploadImageFailed);
        failures.push(batch.length > 1 ? `${image.file.name}: ${reason}` : reason);
      }
    }
    if (uploaded.size > 0) await refreshRecordData();
    // The uploaded ones now show in the grid; the failed ones stay to be removed or retried.
    for (const image of batch) if (uploaded.has(image.id)) forget(image);
    setPending((current) => current.filter((image) => !uploaded.has(image.id)));
    setIsUploading(false);
    onUploadingChange?.(false);
    if (failures.length === 0) {
      toast(VEHICLE_TOASTS.imageUploaded);
    } else {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.uploadFailed,
        description: (
          <span className="grid gap-1">
            {failures.map((failure) => (
              <span key={failure}>{failure}</span>
            ))}
          </span>
        ),
      });
    }
  };

  const isChanging = setPrimary.isPending || update.isPending || deletion.isPending;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold leading-none">Images</h3>
          <p id={hintId} className="text-xs text-muted-foreground tabular-nums">
            {images.length} of {MAX_VEHICLE_IMAGES} ·{' '}
            {uploadHint(UPLOAD_RULES.vehicleImage, { each: true })}
          </p>
        </div>
        <div>
          <input
            id={inputId}
            type="file"
            accept={acceptAttribute(UPLOAD_RULES.vehicleImage)}
            multiple
            disabled={isFull || isUploading || isLoading}
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
      </div>

      <FileRefusal id={errorId} refusals={refusals} />

      {hasDroppedFiles ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md border border-warn/40 bg-warn-soft px-3 py-2 text-sm text-foreground"
        >
          <CircleAlert className="size-4 shrink-0 text-warn" aria-hidden />
          {VEHICLE_MESSAGES.tooManyImages}
        </p>
      ) : (
        images.length >= MAX_VEHICLE_IMAGES && (
          <p className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            {VEHICLE_MESSAGES.tooManyImages}. Delete one to add another.
          </p>
        )
      )}

      {isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden>
          <Skeleton className="aspect-[4/3] w-full rounded-lg" />
          <Skeleton className="aspect-[4/3] w-full rounded-lg" />
        </div>
      ) : images.length === 0 && pending.length === 0 ? (
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border border-dashed border-input bg-muted/30 px-4 py-10 text-center text-sm text-muted-foreground transition-colors hover:bg-muted/60"
        >
          <ImagePlus className="size-6 text-muted-foreground/80" aria-hidden />
          <span>
            Add up to {MAX_VEHICLE_IMAGES} photos. The first one becomes the primary image.
          </span>
        </label>
      ) : (
        images.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Vehicle images">
            {images.map((image, index) => (
              <ManagedImage
                // A new caption from the server starts the field afresh.
                key={`${image.id}:${image.caption ?? ''}`}
                image={image}
                name={`Image ${index + 1}`}
                isBusy={isChanging || isUploading}
                onSetPrimary={() => setPrimary.mutate(image.id)}
                onSaveCaption={(caption) => update.mutate({ id: image.id, caption })}
                onDelete={() => setDeleting({ image, name: `Image ${index + 1}` })}
              />
            ))}
          </ul>
        )
      )}

      {pending.length > 0 && (
        <section aria-labelledby={`${inputId}-pending`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
            <h3 id={`${inputId}-pending`} className="text-sm font-semibold leading-none">
              Ready to upload
            </h3>
            <Button size="sm" onClick={upload} disabled={isUploading || isChanging}>
              <Upload aria-hidden />
              {isUploading
                ? 'Uploading...'
                : `Upload ${pending.length} ${pending.length === 1 ? 'image' : 'images'}`}
            </Button>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images to upload">
            {pending.map((image) => (
              <li
                key={image.id}
                data-testid="pending-image"
                className="grid content-start gap-2 rounded-lg border border-dashed border-input bg-card p-2"
              >
                <div className="relative overflow-hidden rounded-md">
                  <PickedPreview image={image} />
                  {!isUploading && (
                    <Button
                      variant="secondary"
                      size="icon"
                      className="absolute top-1.5 right-1.5 size-7 rounded-full bg-card/90 shadow-card hover:bg-card"
                      aria-label={`Remove ${image.file.name}`}
                      onClick={() => removePending(image.id)}
                    >
                      <X className="size-3.5" aria-hidden />
                    </Button>
                  )}
                </div>
                <p className="truncate text-xs text-muted-foreground" title={image.file.name}>
                  {image.file.name}
                </p>
                {isUploading || image.uploadState === 'failed' ? (
                  <PickedUploadProgress image={image} />
                ) : (
                  <Input
                    aria-label={`Caption for ${image.file.name}`}
                    placeholder="Caption (optional)"
                    maxLength={TEXT_LIMITS.caption}
                    value={image.caption}
                    onChange={(event) => changePending(image.id, { caption: event.target.value })}
                    className="h-8 text-xs"
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deletion.isPending) setDeleting(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete image?</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting?.image.isPrimary
                ? 'This is the primary image: the next image takes its place. This action cannot be undone.'
                : 'The image is removed from the vehicle. This action cannot be undone.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={deletion.isPending}
              onClick={() => {
                if (!deleting) return;
                deletion.mutate(deleting.image.id, { onSuccess: () => setDeleting(null) });
              }}
            >
              {deletion.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function ManagedImage({
  image,
  name,
  isBusy,
  onSetPrimary,
  onSaveCaption,
  onDelete,
}: {
  image: VehicleImage;
  /** 'Image 2': how its buttons name it, whatever its caption. */
  name: string;
  isBusy: boolean;
  onSetPrimary: () => void;
  onSaveCaption: (caption: string | null) => void;
  onDelete: () => void;
}) {
  const [caption, setCaption] = useState(image.caption ?? '');
  const isChanged = caption.trim() !== (image.caption ?? '');

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (isChanged) onSaveCaption(caption.trim() || null);
  };

  return (
    <li
      data-testid="managed-image"
      className={cn(
        'grid content-start gap-2 rounded-lg border bg-card p-2',
        image.isPrimary ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      <div className="relative overflow-hidden rounded-md">
        <img
          src={imageSource(image.thumbnailUrl ?? image.imageUrl)}
          alt={image.caption?.trim() || name}
          width={TILE.width}
          height={TILE.height}
          decoding="async"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
        {image.isPrimary && (
          <Badge className="absolute top-1.5 left-1.5 shadow-card">
            <Star className="fill-current" aria-hidden />
            Primary
          </Badge>
        )}
        <Button
          variant="secondary"
          size="icon"
          className="absolute top-1.5 right-1.5 size-7 rounded-full bg-card/90 text-destructive shadow-card hover:bg-card"
          aria-label={`Delete ${name}`}
          disabled={isBusy}
          onClick={onDelete}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </Button>
      </div>
      <form onSubmit={save} className="flex gap-1.5">
        <Input
          aria-label={`Caption for ${name}`}
          placeholder="Caption (optional)"
          maxLength={TEXT_LIMITS.caption}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          className="h-8 min-w-0 text-xs"
        />
        {isChanged && (
          <Button type="submit" size="sm" disabled={isBusy} aria-label={`Save caption of ${name}`}>
            Save
          </Button>
        )}
      </form>
      {image.isPrimary ? (
        <p className="flex h-8 items-center gap-1.5 px-2 text-xs font-medium text-accent-foreground">
          <Star className="size-3.5 fill-current" aria-hidden />
          Primary image
        </p>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="justify-start px-2"
          aria-label={`Set ${name} as primary`}
          disabled={isBusy}
          onClick={onSetPrimary}
        >
          <Star aria-hidden />
          Set as primary
        </Button>
      )}
    </li>
  );
}
