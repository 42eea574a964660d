/**
 * The add dialog's chosen images before they are sent (001 §2, §5): at most 5; the first one
 * added is primary; removing the primary promotes the first remaining one; any can be made
 * primary. Files beyond the room left are dropped and reported, so the dialog can say why.
 */
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
 * Whether a file's first bytes are a JPEG, PNG or WebP (D15 judges files by their bytes). The
 * preview shows only such files: a browser fed anything else as an image reports errors, and
 * the server will refuse the file anyway, saying why.
 */
export function isPhotoHeader(bytes: Uint8Array): boolean {
  const startsWith = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  const jpeg = [0xff, 0xd8, 0xff];
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  return startsWith(jpeg) || startsWith(png) || (startsWith(riff) && startsWith(webp, 8));
}

/** How many leading bytes `isPhotoHeader` needs. */
export const PHOTO_HEADER_BYTES = 12;
