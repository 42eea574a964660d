/**
 * The browser's check of a chosen file (`judgeUpload`, contract/uploads.ts) and the server's
 * (D15: `file-type` on the bytes, the multipart size limit) give the same verdict on the same
 * files, for each upload a form offers: a record form's files, a record image, a vehicle image.
 * Each file goes through the real call on a real database and through the browser's check as a
 * Blob; an accepted file must be accepted by both, a refused one refused with the same message.
 */
import { judgeUpload, UPLOAD_RULES, type UploadRule } from '@contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newRecord, newUser, newVehicle } from '../../test/factory';
import {
  makeGif,
  makeJpeg,
  makePdf,
  makePng,
  makeWebp,
  multipartBody,
  type Part,
} from '../../test/upload-fixtures';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ada: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  ada = await newUser(testApp);
});

afterAll(async () => {
  await testApp?.close();
});

/** An animated PNG: a PNG with an animation control chunk (`acTL`) right after its header. */
async function makeApng(): Promise<Buffer> {
  const png = await makePng();
  // Signature (8) + IHDR (4 length, 4 type, 13 data, 4 CRC) = 33 bytes; acTL holds 8 bytes.
  const acTL = Buffer.alloc(20);
  acTL.writeUInt32BE(8, 0);
  acTL.write('acTL', 4, 'latin1');
  acTL.writeUInt32BE(1, 8);
  return Buffer.concat([png.subarray(0, 33), acTL, png.subarray(33)]);
}

/** A real JPEG followed by zeros up to `size` bytes: a photo too large for the rule. */
async function paddedJpeg(size: number): Promise<Buffer> {
  const jpeg = await makeJpeg();
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
}

type Fixture = { name: string; bytes: () => Promise<Buffer> | Buffer };

const FIXTURES: Fixture[] = [
  { name: 'photo.jpg', bytes: () => makeJpeg() },
  { name: 'photo.png', bytes: () => makePng() },
  { name: 'photo.webp', bytes: () => makeWebp() },
  { name: 'invoice.pdf', bytes: () => makePdf() },
  { name: 'animation.gif', bytes: () => makeGif() },
  { name: 'animated.png', bytes: () => makeApng() },
  { name: 'notes-renamed.jpg', bytes: () => Buffer.from('Oil change at 45,000 miles\n', 'utf8') },
  {
    name: 'drawing.svg',
    bytes: () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        'utf8',
      ),
  },
  // JPEG-LS starts as JPEG does (FF D8 FF) and is not a photo the server keeps.
  { name: 'scan.jls', bytes: () => Buffer.from([0xff, 0xd8, 0xff, 0xf7, 0, 0x0b, 0x08, 0]) },
  { name: 'empty.jpg', bytes: () => Buffer.alloc(0) },
];

type Verdict = { isAccepted: boolean; message?: string };

/** The server's verdict on one file through the call a form makes for this rule. */
async function serverVerdict(rule: keyof typeof UPLOAD_RULES, name: string, data: Buffer) {
  let url = '/api/upload';
  const parts: Part[] = [];
  if (rule === 'recordFiles') {
    parts.push({ name: 'files', filename: name, contentType: 'image/jpeg', data });
  } else if (rule === 'vehicleImage') {
    // A vehicle of its own each time: a vehicle holds at most 5 images.
    const vehicleId = await newVehicle(testApp, ada);
    url = '/api/vehicle-images';
    parts.push({ name: 'vehicleId', value: String(vehicleId) });
    parts.push({ name: 'image', filename: name, contentType: 'image/jpeg', data });
  } else {
    const vehicleId = await newVehicle(testApp, ada);
    const record = await newRecord(testApp, ada, 'repair', { vehicleId, date: '2025-03-04' });
    url = `/api/record-images/repair/${record.id}`;
    parts.push({ name: 'image', filename: name, contentType: 'image/jpeg', data });
  }
  const { payload, contentType } = multipartBody(parts);
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, cookie: ada.cookie },
  });
  if (response.statusCode < 300) return { isAccepted: true };
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { isAccepted: false, message: response.json<{ message: string }>().message };
}

async function browserVerdict(rule: UploadRule, data: Buffer): Promise<Verdict> {
  const verdict = await judgeUpload(new Blob([new Uint8Array(data)]), rule);
  return verdict.isAccepted ? { isAccepted: true } : verdict;
}

const RULES = ['recordFiles', 'recordImage', 'vehicleImage'] as const;

describe('the browser judges a file as the server does (D15)', () => {
  for (const rule of RULES) {
    it(`${rule}: every fixture, and a photo one byte past the limit`, async () => {
      const fixtures = [
        ...FIXTURES,
        {
          name: 'large.jpg',
          bytes: () => paddedJpeg(UPLOAD_RULES[rule].maxBytes + 1),
        },
      ];
      const verdicts: Record<string, { server: Verdict; browser: Verdict }> = {};
      for (const fixture of fixtures) {
        const data = await fixture.bytes();
        verdicts[fixture.name] = {
          server: await serverVerdict(rule, fixture.name, data),
          browser: await browserVerdict(UPLOAD_RULES[rule], data),
        };
      }
      for (const [name, { server, browser }] of Object.entries(verdicts)) {
        expect(browser, `${rule} ${name}`).toEqual(server);
      }
      // The fixtures cover both verdicts: the photos pass, the others do not.
      const accepted = Object.entries(verdicts)
        .filter(([, verdict]) => verdict.server.isAccepted)
        .map(([name]) => name);
      expect(accepted).toEqual(
        rule === 'recordFiles'
          ? ['photo.jpg', 'photo.png', 'photo.webp', 'invoice.pdf']
          : ['photo.jpg', 'photo.png', 'photo.webp'],
      );
      expect(verdicts['large.jpg']!.browser).toEqual({
        isAccepted: false,
        message: UPLOAD_RULES[rule].tooLargeMessage,
      });
      expect(verdicts['notes-renamed.jpg']!.browser).toEqual({
        isAccepted: false,
        message: UPLOAD_RULES[rule].typeMessage,
      });
    });
  }
});
