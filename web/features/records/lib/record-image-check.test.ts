import { describe, expect, it } from 'vitest';
import { checkRecordImage, recordImageCaption } from './record-image-check';

/** A file of `size` bytes starting with `head`. */
function bytesOf(head: number[], size: number, type: string): Blob {
  const body = new Uint8Array(size);
  body.set(head);
  return new Blob([body], { type });
}

describe('Add Image (001 §5)', () => {
  it('takes an image of at most 5 MB, judged by its bytes (D15)', async () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    expect(await checkRecordImage(bytesOf(png, 5 * 1024 * 1024, 'image/png'))).toBeNull();
    const invalid = {
      title: 'Invalid file type',
      description: 'Please select an image file (JPEG, PNG, etc.)',
    };
    expect(
      await checkRecordImage(bytesOf([0x25, 0x50, 0x44, 0x46], 10, 'application/pdf')),
    ).toEqual(invalid);
    // A GIF declares image/gif and the server keeps no GIF: refused here too.
    expect(await checkRecordImage(bytesOf([0x47, 0x49, 0x46, 0x38], 10, 'image/gif'))).toEqual(
      invalid,
    );
    expect(
      await checkRecordImage(bytesOf([0xff, 0xd8, 0xff], 5 * 1024 * 1024 + 1, 'image/jpeg')),
    ).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });

  it("captions the image 'Added on' with the date and time", () => {
    expect(recordImageCaption(new Date(2026, 2, 4, 15, 7))).toBe('Added on Mar 4, 2026 3:07 PM');
  });
});
