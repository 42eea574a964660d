/**
 * What the vehicle page's fullscreen gallery shows (001 §2): the vehicle's images, primary first
 * as the server orders them, stepped through with previous and next that wrap around. A vehicle
 * whose stored image predates its image list (001 §3's `imageUrl`) still shows that one image.
 */
import { imageSource } from '@contract/uploads';
import type { Vehicle, VehicleImage } from '@contract/vehicles';

export type GalleryItem = {
  key: string;
  /** The full image, never the thumbnail: the gallery fills the screen. */
  src: string;
  caption: string | null;
};

export function galleryItems(
  vehicle: Pick<Vehicle, 'imageUrl'>,
  images: readonly Pick<VehicleImage, 'id' | 'imageUrl' | 'caption'>[],
): GalleryItem[] {
  if (images.length > 0) {
    return images.map((image) => ({
      key: `image-${image.id}`,
      src: imageSource(image.imageUrl),
      caption: image.caption,
    }));
  }
  if (vehicle.imageUrl) {
    return [{ key: 'vehicle-image', src: imageSource(vehicle.imageUrl), caption: null }];
  }
  return [];
}

/** The index `step` places away from `index` among `count`, wrapping past either end. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** How far a finger must travel sideways, in CSS pixels, before the gallery steps. */
export const SWIPE_DISTANCE = 50;

/**
 * The step a swipe makes: leftwards (the next image comes in from the right) is +1, rightwards
 * -1; a short or mostly vertical movement is none, so scrolling and taps stay what they are.
 */
export function swipeStep(deltaX: number, deltaY: number): -1 | 0 | 1 {
  if (Math.abs(deltaX) <= SWIPE_DISTANCE || Math.abs(deltaX) <= Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** 'n / total', the gallery's counter. */
export function galleryCounter(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}

/**
 * How an image is named to people who cannot see it, and on its buttons: its caption, else its
 * place among the vehicle's images.
 */
export function vehicleImageName(
  image: Pick<VehicleImage, 'caption'>,
  index: number,
  count: number,
): string {
  const caption = image.caption?.trim();
  return caption ? caption : `Image ${index + 1} of ${count}`;
}
