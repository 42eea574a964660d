import { describe, expect, it } from 'vitest';
import {
  DISPLAY_WIDTH,
  fileIdFromUrl,
  isFileId,
  largeImageSources,
  PHOTO_MAX_EDGE,
} from './uploads';

const ID = 'Ph0t0-of-the-car_0123456789abcdefghijklmno';

describe('stored file URLs (D14)', () => {
  it('finds the file behind its URL, a copy of it, or its bare id', () => {
    for (const url of [
      ID,
      `/uploads/${ID}`,
      `/uploads/${ID}/thumbnail`,
      `/uploads/${ID}/display`,
    ]) {
      expect(fileIdFromUrl(url), url).toBe(ID);
    }
    for (const url of [null, '', '/uploads/short', `/uploads/${ID}/other`, `https://x/${ID}`]) {
      expect(fileIdFromUrl(url), String(url)).toBeNull();
    }
  });

  it('knows a file id from anything else', () => {
    expect(isFileId(ID)).toBe(true);
    expect(isFileId('short')).toBe(false);
    expect(isFileId('..%2Fetc%2Fpasswd')).toBe(false);
  });

  it('offers an uploaded photo with its display copy, and a path as it is', () => {
    expect(largeImageSources(ID)).toEqual({
      src: `/uploads/${ID}`,
      srcSet: `/uploads/${ID}/display ${DISPLAY_WIDTH}w, /uploads/${ID} ${PHOTO_MAX_EDGE}w`,
    });
    expect(largeImageSources('/images/civic.jpg')).toEqual({ src: '/images/civic.jpg' });
    expect(largeImageSources(`/uploads/${ID}/thumbnail`)).toEqual({
      src: `/uploads/${ID}/thumbnail`,
    });
  });
});
