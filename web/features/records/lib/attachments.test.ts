import { describe, expect, it } from 'vitest';
import { attachmentUrls, checkAttachment, ONE_DOCUMENT_MESSAGE, uploadOrder } from './attachments';

const MB = 1024 * 1024;
const pdf = { name: 'invoice.pdf', type: 'application/pdf', size: MB };
const jpg = { name: 'front.jpg', type: 'image/jpeg', size: MB };
const png = { name: 'side.png', type: 'image/png', size: MB };

describe('attachment checks (001 §5, §9)', () => {
  it('takes a PDF as the document and an image as the photo', () => {
    expect(checkAttachment(pdf, 'document')).toBeNull();
    expect(checkAttachment(jpg, 'document')).toBe('Please upload a PDF');
    expect(checkAttachment(jpg, 'photo')).toBeNull();
    expect(checkAttachment(pdf, 'photo')).toBe('Please upload a JPEG, PNG or WebP image');
  });

  it('refuses files over 10 MB and, on the several-file form, a second PDF or a GIF', () => {
    expect(checkAttachment({ ...jpg, size: 10 * MB + 1 }, 'photo')).toBe(
      'File is too large. Files can be at most 10 MB.',
    );
    expect(checkAttachment({ ...jpg, size: 10 * MB }, 'several')).toBeNull();
    expect(checkAttachment(pdf, 'several', [pdf])).toBe(ONE_DOCUMENT_MESSAGE);
    expect(checkAttachment({ type: 'image/gif', size: 10 }, 'several')).toBe(
      'Please upload a PDF, or a JPEG, PNG or WebP image',
    );
  });
});

describe('upload order and URLs (001 §7)', () => {
  it('sends the PDF first and maps the answered URLs back', () => {
    const order = uploadOrder([jpg, png, pdf]);
    expect(order.map((file) => file.name)).toEqual(['invoice.pdf', 'front.jpg', 'side.png']);
    expect(attachmentUrls(order, ['/uploads/p', '/uploads/f', '/uploads/s'])).toEqual({
      fileUrl: '/uploads/p',
      imageUrl: '/uploads/f',
      morePhotos: [png],
    });
    expect(attachmentUrls([jpg], ['/uploads/f'])).toEqual({
      fileUrl: null,
      imageUrl: '/uploads/f',
      morePhotos: [],
    });
  });
});
