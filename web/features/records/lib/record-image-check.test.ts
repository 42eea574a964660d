import { describe, expect, it } from 'vitest';
import { checkRecordImage, recordImageCaption } from './record-image-check';

describe('Add Image (001 §5)', () => {
  it('takes an image of at most 5 MB', () => {
    expect(checkRecordImage({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkRecordImage({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file (JPEG, PNG, etc.)',
    });
    expect(checkRecordImage({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });

  it("captions the image 'Added on' with the date and time", () => {
    expect(recordImageCaption(new Date(2026, 2, 4, 15, 7))).toBe('Added on Mar 4, 2026 3:07 PM');
  });
});
