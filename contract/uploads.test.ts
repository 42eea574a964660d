import { describe, expect, it } from 'vitest';
import {
  DISPLAY_WIDTH,
  detectUploadType,
  fileIdFromUrl,
  formatStorageSize,
  isFileId,
  largeImageSources,
  PHOTO_MAX_EDGE,
  UPLOAD_RULES,
  uploadHint,
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

describe('detectUploadType (D15)', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('recognises JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(detectUploadType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(
      detectUploadType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)),
    ).toBe('image/png');
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    expect(detectUploadType(webp)).toBe('image/webp');
    expect(detectUploadType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses anything else, whatever its name', () => {
    expect(detectUploadType(new TextEncoder().encode('not really a photo'))).toBeNull();
    expect(detectUploadType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(detectUploadType(new TextEncoder().encode('RIFF....WAVE'))).toBeNull();
    expect(detectUploadType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectUploadType(bytes())).toBeNull();
  });
});

describe('uploadHint', () => {
  it('names the types and the size of each rule', () => {
    expect(uploadHint(UPLOAD_RULES.recordPhoto)).toBe('JPEG, PNG or WebP · up to 10 MB');
    expect(uploadHint(UPLOAD_RULES.recordDocument)).toBe('PDF · up to 10 MB');
    expect(uploadHint(UPLOAD_RULES.recordFiles, { each: true })).toBe(
      'PDF, JPEG, PNG or WebP · up to 10 MB each',
    );
    expect(uploadHint(UPLOAD_RULES.recordImage)).toBe('JPEG, PNG or WebP · up to 5 MB');
  });
});

describe('storage figures (decision 041)', () => {
  it('reads as people read them, in the units of the upload limits', () => {
    const MB = 1024 * 1024;
    expect(formatStorageSize(0)).toBe('0 MB');
    expect(formatStorageSize(1)).toBe('1 KB');
    expect(formatStorageSize(820 * 1024)).toBe('820 KB');
    expect(formatStorageSize(12.44 * MB)).toBe('12.4 MB');
    expect(formatStorageSize(10 * MB)).toBe('10 MB');
    expect(formatStorageSize(245.26 * MB)).toBe('245 MB');
    expect(formatStorageSize(250 * MB)).toBe('250 MB');
    expect(formatStorageSize(5120 * MB)).toBe('5 GB');
    expect(formatStorageSize(1.5 * 1024 * MB)).toBe('1.5 GB');
  });
});
