/**
 * The add-vehicle dialog (001 §2, §4, §8): the vehicle form plus up to 5 images. Saving creates
 * the vehicle ('Adding Vehicle...'), then sends one upload per image ('Uploading Images...'),
 * the primary first, with each image's bytes sent shown as it goes. A failed create keeps the
 * dialog and its input; a 402 (the plan's limit, D12) hands over to the upgrade dialog. A failed
 * image does not undo the vehicle: the other images still go, one 'Upload failed' toast names
 * each failed file with the server's reason, and the dialog closes, since the vehicle exists and
 * its page can take the missing images. Its opener hears of the vehicle added (to offer its
 * starter schedules, decision 054).
 */
import type { Vehicle, VehicleInput } from '@contract/vehicles';
import { VEHICLE_TEXTS, VEHICLE_TOASTS } from '@contract/vehicles';
import { Dialog } from '@web/components/ui/dialog';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';
import { useSaveForm } from '@web/lib/use-save-form';
import { useEffect, useRef, useState } from 'react';
import { useCreateVehicle } from '../api/create-vehicle';
import { uploadVehicleImage } from '../api/upload-vehicle-image';
import {
  addPickedImages,
  type PickedImage,
  removePickedImage,
  setPrimaryPickedImage,
  uploadOrder,
} from '../lib/picked-images';
import { ImagePicker } from './image-picker';
import { VehicleForm } from './vehicle-form';

export type AddVehicleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server refused the vehicle for the plan's limit (402): show the upgrade dialog. */
  onPlanLimit: () => void;
  /** The vehicle was added (its images sent or not) and the dialog is closing. */
  onAdded?: (vehicle: Vehicle) => void;
};

type Phase = 'idle' | 'creating' | 'uploading';

export function AddVehicleDialog({
  open,
  onOpenChange,
  onPlanLimit,
  onAdded,
}: AddVehicleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open && (
        <AddVehicleDialogContent
          onClose={() => onOpenChange(false)}
          onPlanLimit={onPlanLimit}
          onAdded={onAdded}
        />
      )}
    </Dialog>
  );
}

function AddVehicleDialogContent({
  onClose,
  onPlanLimit,
  onAdded,
}: {
  onClose: () => void;
  onPlanLimit: () => void;
  onAdded: ((vehicle: Vehicle) => void) | undefined;
}) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [hasDroppedFiles, setHasDroppedFiles] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const creation = useCreateVehicle();
  const isBusy = phase !== 'idle';
  // The vehicle's own form judges its fields; the dialog's phase says what is pending.
  const saving = useSaveForm({
    onPlanLimit,
    failedToast: { title: VEHICLE_TOASTS.addFailed, fallback: VEHICLE_TOASTS.addFailed },
  });
  const nextImageId = useRef(0);
  const previewUrls = useRef(new Set<string>());

  // Every preview URL still held is given back when the dialog closes.
  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const addImages = (files: File[]) => {
    const additions = files.map((file) => {
      nextImageId.current += 1;
      return { id: `image-${nextImageId.current}`, file, previewUrl: '' };
    });
    const result = addPickedImages(images, additions);
    const keptIds = new Set(result.kept.map((image) => image.id));
    setImages(
      result.images.map((image) => {
        if (!keptIds.has(image.id)) return image;
        const previewUrl = URL.createObjectURL(image.file);
        previewUrls.current.add(previewUrl);
        return { ...image, previewUrl };
      }),
    );
    setHasDroppedFiles(result.dropped.length > 0);
  };

  const removeImage = (id: string) => {
    const image = images.find((candidate) => candidate.id === id);
    if (image) {
      URL.revokeObjectURL(image.previewUrl);
      previewUrls.current.delete(image.previewUrl);
    }
    setImages(removePickedImage(images, id));
    setHasDroppedFiles(false);
  };

  const changeImage = (id: string, change: Partial<PickedImage>) =>
    setImages((current) =>
      current.map((image) => (image.id === id ? { ...image, ...change } : image)),
    );

  /** One call per image, the primary first; answers 'name: reason' for each that failed. */
  const uploadImages = async (vehicle: Vehicle): Promise<string[]> => {
    const failures: string[] = [];
    for (const image of uploadOrder(images)) {
      changeImage(image.id, {
        uploadState: 'uploading',
        progress: { loaded: 0, total: image.file.size },
      });
      try {
        await uploadVehicleImage({
          vehicleId: vehicle.id,
          file: image.file,
          caption: image.caption.trim(),
          isPrimary: image.isPrimary,
          onProgress: (progress) => changeImage(image.id, { progress }),
        });
        changeImage(image.id, { uploadState: 'done' });
      } catch (error) {
        changeImage(image.id, { uploadState: 'failed' });
        failures.push(
          `${image.file.name}: ${errorMessage(error, VEHICLE_TOASTS.uploadImageFailed)}`,
        );
      }
    }
    return failures;
  };

  const save = async (input: VehicleInput) => {
    setPhase('creating');
    const outcome = await saving.run(() => creation.mutateAsync(input));
    if (!outcome.saved) {
      setPhase('idle');
      return;
    }
    const vehicle = outcome.answer;

    let failures: string[] = [];
    if (images.length > 0) {
      setPhase('uploading');
      failures = await uploadImages(vehicle);
    }
    void refreshRecordData();
    if (failures.length === 0) {
      toast(VEHICLE_TOASTS.added);
    } else {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.uploadFailed,
        description: (
          <span className="grid gap-1">
            {failures.map((failure) => (
              <span key={failure}>{failure}</span>
            ))}
            <span>The vehicle was added; add the missing images from its page.</span>
          </span>
        ),
      });
    }
    setPhase('idle');
    onClose();
    onAdded?.(vehicle);
  };

  return (
    <FormDialogContent
      title="Add Vehicle"
      description="Year, make and model are required; everything else can be added later."
      isBusy={isBusy}
    >
      <VehicleForm
        mode="add"
        isPending={isBusy}
        submitLabel="Add Vehicle"
        pendingLabel={
          phase === 'uploading' ? VEHICLE_TEXTS.uploadingImages : VEHICLE_TEXTS.addingVehicle
        }
        onSubmit={save}
        onCancel={onClose}
        hasExtraInput={images.length > 0}
        extraFields={
          <ImagePicker
            images={images}
            onAdd={addImages}
            onRemove={removeImage}
            onSetPrimary={(id) => setImages(setPrimaryPickedImage(images, id))}
            onCaptionChange={(id, caption) => changeImage(id, { caption })}
            hasDroppedFiles={hasDroppedFiles}
            isUploading={phase === 'uploading'}
          />
        }
      />
    </FormDialogContent>
  );
}
