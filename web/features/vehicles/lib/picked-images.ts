/**
 * The add dialog's chosen images before they are sent (001 §2, §5): at most 5; the first one
 * added is primary; removing the primary promotes the first remaining one; any can be made
 * primary. Files beyond the room left are dropped and reported, so the dialog can say why; files
 * the server would refuse are never kept.
 */
import { judgeUpload, UPLOAD_RULES } from '@contract/uploads';
import { MAX_VEHICLE_IMAGES } from '@contract/vehicles';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

export type PickedImage = {
  id: string;
  file: File;
  /** An object URL for the preview; revoked when the image is removed or the dialog closes. */
  previewUrl: string;
  caption: string;
  isPrimary: boolean;
  /** Bytes sent of the upload's body, once it has started. */
  progress: { loaded: number; total: number } | null;
  uploadState: UploadState;
};

type NewImage = Pick<PickedImage, 'id' | 'file' | 'previewUrl'>;

/** Adds what fits; answers the new list and how many files were dropped for lack of room. */
export function addPickedImages(
  images: readonly PickedImage[],
  additions: readonly NewImage[],
  max = MAX_VEHICLE_IMAGES,
): { images: PickedImage[]; kept: NewImage[]; dropped: NewImage[] } {
  const room = Math.max(0, max - images.length);
  const kept = additions.slice(0, room);
  const dropped = additions.slice(room);
  const hasPrimary = images.some((image) => image.isPrimary);
  const added = kept.map<PickedImage>((image, index) => ({
    ...image,
    caption: '',
    isPrimary: !hasPrimary && index === 0,
    progress: null,
    uploadState: 'waiting',
  }));
  return { images: [...images, ...added], kept, dropped };
}

export function removePickedImage(images: readonly PickedImage[], id: string): PickedImage[] {
  const rest = images.filter((image) => image.id !== id);
  if (rest.length > 0 && !rest.some((image) => image.isPrimary)) {
    return rest.map((image, index) => (index === 0 ? { ...image, isPrimary: true } : image));
  }
  return rest;
}

export function setPrimaryPickedImage(images: readonly PickedImage[], id: string): PickedImage[] {
  if (!images.some((image) => image.id === id)) return [...images];
  return images.map((image) => ({ ...image, isPrimary: image.id === id }));
}

/**
 * The order of the uploads: the primary first, so that it is the vehicle's primary from its
 * first moment whatever the server does with later images, then the others as chosen.
 */
export function uploadOrder(images: readonly PickedImage[]): PickedImage[] {
  return [...images].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
}

/** 0–100 for a progress bar. */
export function uploadPercent(image: Pick<PickedImage, 'progress' | 'uploadState'>): number {
  if (image.uploadState === 'done') return 100;
  if (!image.progress || image.progress.total <= 0) return 0;
  return Math.min(100, Math.round((image.progress.loaded / image.progress.total) * 100));
}

/**
 * The chosen files a vehicle can take, judged by their bytes and size as the server judges them
 * (D15), and why each of the others was not kept ('front.jpg: Please upload a JPEG, PNG or WebP
 * image'), so that nothing the server would refuse is sent.
 */
export async function judgeVehicleImages(
  files: readonly File[],
): Promise<{ accepted: File[]; refusals: string[] }> {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const verdict = await judgeUpload(file, UPLOAD_RULES.vehicleImage);
    if (verdict.isAccepted) accepted.push(file);
    else refusals.push(`${file.name}: ${verdict.message}`);
  }
  return { accepted, refusals };
}
