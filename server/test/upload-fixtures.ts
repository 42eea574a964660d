/**
 * Files and multipart bodies for the upload tests: bodies written byte by byte as a browser
 * sends them (so a test can also cut one short), real photos made with sharp, a small real PDF,
 * and a reader of the EXIF GPS latitude that proves what a photo carries.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

export type FieldPart = { name: string; value: string };
export type FilePart = { name: string; filename: string; contentType?: string; data: Buffer };
export type Part = FieldPart | FilePart;

/** A multipart/form-data body and its Content-Type, for `app.inject`. */
export function multipartBody(parts: readonly Part[]) {
  const boundary = `----GarageLedgerTest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; ` +
            `filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n` +
            `${part.value}\r\n`,
          'utf8',
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

type PhotoOptions = { width?: number; height?: number; noise?: boolean };

/** A plain blue picture, or grainy noise that compresses badly (a large file). */
function canvas({ width = 64, height = 48, noise = false }: PhotoOptions) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 90, b: 160 },
      ...(noise ? { noise: { type: 'gaussian', mean: 128, sigma: 60 } as const } : {}),
    },
  });
}

export const makeJpeg = (options: PhotoOptions = {}) => canvas(options).jpeg().toBuffer();
export const makePng = (options: PhotoOptions = {}) => canvas(options).png().toBuffer();
export const makeWebp = (options: PhotoOptions = {}) => canvas(options).webp().toBuffer();
export const makeGif = (options: PhotoOptions = {}) => canvas(options).gif().toBuffer();

/** The GPS position every test photo with a location carries: 51° 30′ N, 0° 7′ W (London). */
export const TEST_GPS_LATITUDE = '51/1 30/1 0/1';

/** A JPEG as a phone takes it: EXIF orientation 6 (turn 90° to view) and a GPS position. */
export function makeJpegWithGps(options: PhotoOptions = {}) {
  return canvas(options)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: TEST_GPS_LATITUDE,
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

/**
 * A PNG whose header claims `width` × `height` pixels while its data is a few bytes: a
 * decompression bomb, refused before any pixel is decoded.
 */
export async function makePngBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng({ width: 1, height: 1 }));
  // Signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), 5 more, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Colour types of a PNG's header by the channels of its pixels: grey, grey and alpha, RGB, RGBA. */
const PNG_COLOUR_TYPES = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A real PNG of one colour, written row by row: small as a file, as large as asked once decoded
 * (width × height × channels × bytes per channel). Every row after the first says "same as the row
 * above", so it compresses to almost nothing and costs the decoder the full size. A 9999 × 9999
 * RGBA image of 16 bits per channel is 800 MB decoded from about 3.5 MB.
 */
export async function makeSolidPng({
  width,
  height,
  channels = 4,
  bitDepth = 8,
}: {
  width: number;
  height: number;
  channels?: keyof typeof PNG_COLOUR_TYPES;
  bitDepth?: 8 | 16;
}): Promise<Buffer> {
  const rowBytes = width * channels * (bitDepth / 8);
  const deflate = zlib.createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  // Filter 0 (none): the colour's bytes; then filter 2 (up): zero differences.
  const firstRow = Buffer.alloc(1 + rowBytes, 0x5a);
  firstRow[0] = 0;
  deflate.write(firstRow);
  const sameAsAbove = Buffer.alloc(1 + rowBytes);
  sameAsAbove[0] = 2;
  const rowsPerWrite = 64;
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => sameAsAbove));
  for (let row = 1; row < height; row += rowsPerWrite) {
    const chunk =
      height - row >= rowsPerWrite ? block : block.subarray(0, (height - row) * sameAsAbove.length);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = PNG_COLOUR_TYPES[channels];
  // Compression, filter and interlace methods: 0 each.
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF showing `text`, with a correct cross-reference table. */
export function makePdf(text = 'Garage Ledger invoice'): Buffer {
  const stream = `BT /F1 24 Tf 30 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The GPS latitude in an EXIF block (as sharp's metadata gives it), as 'deg/1 min/1 sec/1', or
 * null when the block has no GPS directory. Walks the TIFF structure: IFD0's GPSInfo pointer
 * (tag 0x8825), then the GPS directory's GPSLatitude (tag 0x0002, three rationals).
 */
export function gpsLatitudeOf(exif: Buffer | undefined): string | null {
  if (!exif) return null;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const littleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) =>
    littleEndian ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset);
  const u32 = (offset: number) =>
    littleEndian ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset);
  const entries = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, index) => {
      const entry = offset + 2 + index * 12;
      return { tag: u16(entry), valueOffset: entry + 8 };
    });
  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  if (!gpsPointer) return null;
  const latitude = entries(u32(gpsPointer.valueOffset)).find((entry) => entry.tag === 0x0002);
  if (!latitude) return null;
  const data = u32(latitude.valueOffset);
  return [0, 1, 2]
    .map((index) => `${u32(data + index * 8)}/${u32(data + index * 8 + 4)}`)
    .join(' ');
}
