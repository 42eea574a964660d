import { describe, expect, it } from 'vitest';
import {
  addPickedImages,
  isPhotoHeader,
  type PickedImage,
  removePickedImage,
  setPrimaryPickedImage,
  uploadOrder,
  uploadPercent,
} from './picked-images';

const newImage = (id: string) => ({
  id,
  file: new File([new Uint8Array([1, 2, 3])], `${id}.jpg`, { type: 'image/jpeg' }),
  previewUrl: `blob:${id}`,
});

function pick(...ids: string[]): PickedImage[] {
  return addPickedImages([], ids.map(newImage)).images;
}

const primaryId = (images: PickedImage[]) => images.find((image) => image.isPrimary)?.id;

describe('the add dialog images (001 §2, §5)', () => {
  it('makes the first image added the primary one, and only it', () => {
    const images = pick('a', 'b');
    expect(primaryId(images)).toBe('a');
    const more = addPickedImages(images, [newImage('c')]).images;
    expect(more.filter((image) => image.isPrimary).map((image) => image.id)).toEqual(['a']);
  });

  it('keeps at most 5 and reports the files beyond the room left as dropped', () => {
    const images = pick('a', 'b', 'c');
    const result = addPickedImages(images, ['d', 'e', 'f', 'g'].map(newImage));
    expect(result.images.map((image) => image.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.kept.map((image) => image.id)).toEqual(['d', 'e']);
    expect(result.dropped.map((image) => image.id)).toEqual(['f', 'g']);
    const full = addPickedImages(result.images, [newImage('h')]);
    expect(full.images).toHaveLength(5);
    expect(full.dropped.map((image) => image.id)).toEqual(['h']);
  });

  it('promotes the first remaining image when the primary is removed', () => {
    const images = setPrimaryPickedImage(pick('a', 'b', 'c'), 'b');
    const rest = removePickedImage(images, 'b');
    expect(rest.map((image) => image.id)).toEqual(['a', 'c']);
    expect(primaryId(rest)).toBe('a');
  });

  it('keeps the primary when another image is removed', () => {
    const rest = removePickedImage(pick('a', 'b', 'c'), 'c');
    expect(primaryId(rest)).toBe('a');
    expect(removePickedImage(pick('a'), 'a')).toEqual([]);
  });

  it('lets any image become the primary one', () => {
    const images = setPrimaryPickedImage(pick('a', 'b', 'c'), 'c');
    expect(images.filter((image) => image.isPrimary).map((image) => image.id)).toEqual(['c']);
    expect(primaryId(setPrimaryPickedImage(images, 'missing'))).toBe('c');
  });

  it('uploads the primary first, then the others in the order chosen', () => {
    const images = setPrimaryPickedImage(pick('a', 'b', 'c'), 'b');
    expect(uploadOrder(images).map((image) => image.id)).toEqual(['b', 'a', 'c']);
  });

  it('turns bytes sent into a percentage', () => {
    const [image] = pick('a') as [PickedImage];
    expect(uploadPercent(image)).toBe(0);
    expect(uploadPercent({ ...image, progress: { loaded: 512, total: 2048 } })).toBe(25);
    expect(uploadPercent({ ...image, progress: { loaded: 0, total: 0 } })).toBe(0);
    expect(uploadPercent({ ...image, uploadState: 'done' })).toBe(100);
  });
});

describe('isPhotoHeader (D15)', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(isPhotoHeader(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe(true);
    expect(
      isPhotoHeader(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)),
    ).toBe(true);
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    expect(isPhotoHeader(webp)).toBe(true);
  });

  it('refuses anything else, whatever its name', () => {
    expect(isPhotoHeader(new TextEncoder().encode('not really a photo'))).toBe(false);
    expect(isPhotoHeader(new TextEncoder().encode('GIF89a......'))).toBe(false);
    expect(isPhotoHeader(new TextEncoder().encode('RIFF....WAVE'))).toBe(false);
    expect(isPhotoHeader(bytes(0xff, 0xd8))).toBe(false);
    expect(isPhotoHeader(bytes())).toBe(false);
  });
});
