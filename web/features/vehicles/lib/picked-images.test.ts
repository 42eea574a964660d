import { describe, expect, it } from 'vitest';
import {
  addPickedImages,
  judgeVehicleImages,
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

describe('judgeVehicleImages (D15)', () => {
  it('keeps the photos and says why each other file is not kept', async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'front.jpg', {
      type: 'image/jpeg',
    });
    const renamed = new File(['not really a photo'], 'notes.jpg', { type: 'image/jpeg' });
    const large = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'large.jpg', {
      type: 'image/jpeg',
    });
    expect(await judgeVehicleImages([jpeg, renamed, large])).toEqual({
      accepted: [jpeg],
      refusals: [
        'notes.jpg: Please upload a JPEG, PNG or WebP image',
        'large.jpg: Image is too large. Images can be at most 10 MB.',
      ],
    });
  });
});
