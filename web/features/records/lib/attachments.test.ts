import { describe, expect, it } from 'vitest';
import { attachmentUrls, checkAttachment, ONE_DOCUMENT_MESSAGE, uploadOrder } from './attachments';

const MB = 1024 * 1024;
const pdf = { name: 'invoice.pdf', type: 'application/pdf', size: MB };
const jpg = { name: 'front.jpg', type: 'image/jpeg', size: MB };
const png = { name: 'side.png', type: 'image/png', size: MB };

/** Files as a browser hands them over: a name, a declared type, and bytes (D15 reads those). */
const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
function chosen(name: string, type: string, bytes: ArrayLike<number> | string, size?: number) {
  const head = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : Uint8Array.from(bytes);
  const body = new Uint8Array(size ?? head.length);
  body.set(head);
  return new File([body], name, { type });
}
const pdfFile = chosen('invoice.pdf', 'application/pdf', '%PDF-1.4\n');
const jpgFile = chosen('front.jpg', 'image/jpeg', JPEG_BYTES);

describe('attachment checks (001 §5, §9, D15)', () => {
  it('takes a PDF as the document and a photo as the photo, judged by their bytes', async () => {
    expect(await checkAttachment(pdfFile, 'document')).toEqual({ file: pdfFile });
    expect(await checkAttachment(jpgFile, 'document')).toEqual({ refusal: 'Please upload a PDF' });
    expect(await checkAttachment(jpgFile, 'photo')).toEqual({ file: jpgFile });
    expect(await checkAttachment(pdfFile, 'photo')).toEqual({
      refusal: 'Please upload a JPEG, PNG or WebP image',
    });
    // A text file renamed .jpg is declared image/jpeg by the browser and is still refused.
    const renamed = chosen('notes.jpg', 'image/jpeg', 'Oil change at 45,000 miles');
    expect(await checkAttachment(renamed, 'photo')).toEqual({
      refusal: 'Please upload a JPEG, PNG or WebP image',
    });
  });

  it('keeps a file as the type its bytes say', async () => {
    const misnamed = chosen('invoice.jpg', 'image/jpeg', '%PDF-1.7\n');
    const checked = await checkAttachment(misnamed, 'several');
    expect('file' in checked && checked.file.type).toBe('application/pdf');
  });

  it('refuses files over 10 MB and, on the several-file form, a second PDF or a GIF', async () => {
    expect(
      await checkAttachment(chosen('big.jpg', 'image/jpeg', JPEG_BYTES, 10 * MB + 1), 'photo'),
    ).toEqual({
      refusal: 'File is too large. Files can be at most 10 MB.',
    });
    const atLimit = chosen('big.jpg', 'image/jpeg', JPEG_BYTES, 10 * MB);
    expect(await checkAttachment(atLimit, 'several')).toEqual({ file: atLimit });
    expect(await checkAttachment(pdfFile, 'several', [pdf])).toEqual({
      refusal: ONE_DOCUMENT_MESSAGE,
    });
    expect(await checkAttachment(chosen('a.gif', 'image/gif', 'GIF89a'), 'several')).toEqual({
      refusal: 'Please upload a PDF, or a JPEG, PNG or WebP image',
    });
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
