import { describe, expect, it } from 'vitest';
import {
  galleryCounter,
  galleryItems,
  swipeStep,
  vehicleImageName,
  wrapIndex,
} from './vehicle-gallery';

const image = (id: number, imageUrl: string, caption: string | null = null) => ({
  id,
  imageUrl,
  caption,
});

describe('galleryItems (001 §2, §3)', () => {
  it('shows every image in the order the server gives, full size, from /uploads/', () => {
    const items = galleryItems({ imageUrl: '/uploads/b' }, [
      image(2, '/uploads/b', 'Side view'),
      image(1, 'a'),
    ]);
    expect(items).toEqual([
      { key: 'image-2', src: '/uploads/b', caption: 'Side view' },
      { key: 'image-1', src: '/uploads/a', caption: null },
    ]);
  });

  it("falls back to the vehicle's own stored image when it has no image list", () => {
    expect(galleryItems({ imageUrl: 'legacy.jpg' }, [])).toEqual([
      { key: 'vehicle-image', src: '/uploads/legacy.jpg', caption: null },
    ]);
  });

  it('is empty when the vehicle has no image at all', () => {
    expect(galleryItems({ imageUrl: null }, [])).toEqual([]);
  });
});

describe('wrapIndex', () => {
  it('steps forward and back within the images', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, -1, 3)).toBe(1);
  });

  it('wraps around past the last and before the first', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
  });

  it('stays at 0 when there is nothing to show', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('the gallery texts', () => {
  it("counts 'n / total' from one", () => {
    expect(galleryCounter(0, 2)).toBe('1 / 2');
    expect(galleryCounter(4, 5)).toBe('5 / 5');
  });

  it('names an image by its caption, else by its place', () => {
    expect(vehicleImageName({ caption: ' Side view ' }, 0, 2)).toBe('Side view');
    expect(vehicleImageName({ caption: null }, 1, 3)).toBe('Image 2 of 3');
    expect(vehicleImageName({ caption: '  ' }, 0, 1)).toBe('Image 1 of 1');
  });
});

describe('swipeStep', () => {
  it('steps to the next image on a swipe left and to the previous on a swipe right', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(90, -20)).toBe(-1);
  });

  it('ignores a movement of 50 px or less, and one more vertical than sideways', () => {
    expect(swipeStep(-50, 0)).toBe(0);
    expect(swipeStep(51, 0)).toBe(-1);
    expect(swipeStep(-80, 120)).toBe(0);
  });
});
