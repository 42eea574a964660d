/**
 * Setting a scene through the real API, as a user would have built it: a fresh account (a unique
 * e-mail each, so tests never share state) on a plan, its vehicles, records, photos and files;
 * the test files themselves (photos drawn with sharp, a small PDF); and the one check of the
 * toast that answered. Rows no call creates are inserted by `e2e/database.ts`.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { User } from '../contract/accounts';
import type { RecordItem, RecordType } from '../contract/records';
import type { Vehicle, VehicleImage } from '../contract/vehicles';
import { setSubscriptionStatus } from './database';
import { localDay, TIME_ZONE } from './dates';
import { expect } from './fixtures';

export type TestAccount = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct-horse-1',
    ...overrides,
  };
}

/**
 * Registers through the API and puts the user on `plan` (free unless told; D12, D13). Pass
 * `page.request` to sign the page's browser in as well (it shares the page's cookies); pass the
 * `request` fixture for an account the page does not use.
 */
export async function signUp(
  request: APIRequestContext,
  { plan = 'free', ...overrides }: Partial<TestAccount> & { plan?: 'free' | 'premium' } = {},
): Promise<{ account: TestAccount; user: User }> {
  const account = newAccount(overrides);
  // As the web's registration does (decision 066): the browser's zone is the account's.
  const response = await request.post('/api/register', {
    data: { ...account, authType: 'local', timeZone: TIME_ZONE },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as User;
  if (plan === 'premium') await setSubscriptionStatus(user.id, plan);
  return { account, user };
}

/** POSTs `data` to `path`, expects 201 Created and answers the created thing. */
export async function postCreated(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export async function addVehicle(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<Vehicle> {
  return (await postCreated(request, '/api/vehicles', data)) as Vehicle;
}

/** Each kind is created through a different one of its paths, so every path is walked. */
const CREATE_PATHS: Record<RecordType, (vehicleId: number) => string> = {
  maintenance: () => '/api/maintenance',
  repair: (vehicleId) => `/api/vehicles/${vehicleId}/repairs`,
  modification: () => '/api/modifications',
};

export async function addRecord(
  request: APIRequestContext,
  type: RecordType,
  data: Record<string, unknown> & { vehicleId: number },
): Promise<RecordItem> {
  return (await postCreated(request, CREATE_PATHS[type](data.vehicleId), data)) as RecordItem;
}

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/**
 * A small landscape photo: a gradient sky, a road and a car's silhouette; a PNG when the name
 * ends in .png, else a JPEG.
 */
export async function photoFile(name: string, sky: string, ground: string): Promise<FilePayload> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <rect y="440" width="800" height="160" fill="#334155"/>
    <path d="M150 430 L230 340 L500 330 L610 395 L660 430 Z" fill="#f8fafc" opacity="0.92"/>
    <circle cx="260" cy="440" r="46" fill="#0f172a"/><circle cx="560" cy="440" r="46" fill="#0f172a"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  const isPng = name.endsWith('.png');
  return {
    name,
    mimeType: isPng ? 'image/png' : 'image/jpeg',
    buffer: await (isPng ? image.png() : image.jpeg({ quality: 80 })).toBuffer(),
  };
}

/** A one-page PDF invoice. */
export function pdfFile(name = 'invoice.pdf'): FilePayload {
  const pdf = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf) };
}

/** Uploads a vehicle photo, as the primary unless told otherwise; answers the image. */
export async function uploadPhoto(
  request: APIRequestContext,
  vehicleId: number,
  file: FilePayload,
  { caption = '', isPrimary = true }: { caption?: string; isPrimary?: boolean } = {},
): Promise<VehicleImage> {
  const response = await request.post('/api/vehicle-images', {
    multipart: {
      vehicleId: String(vehicleId),
      caption,
      isPrimary: String(isPrimary),
      image: file,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as VehicleImage;
}

/** `POST /api/upload` with the field `files` repeated; answers the stored files' URLs in order. */
export async function uploadFiles(request: APIRequestContext, files: FilePayload[]) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      'files',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
  }
  const response = await request.post('/api/upload', { multipart: form });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { fileUrls: string[] }).fileUrls;
}

/**
 * The toast on screen with this exact title (and description). Found by its look rather than
 * its role: while a modal dialog is open, the rest of the page (the toasts too) is hidden from
 * the accessibility tree, yet the toast is what the user sees.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title }).first();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }
}

/**
 * A garage with content on every page: a 2019 Honda Civic with a photo, bought for $18,500, a
 * 1967 Ford Mustang, and a record of each kind (a PDF invoice on the repair); answers the Civic.
 */
export async function seedFullGarage(request: APIRequestContext) {
  const civic = (await postCreated(request, '/api/vehicles', {
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    trim: 'Sport',
    color: 'Blue',
    mileage: 42000,
    purchasePrice: '18500',
    purchaseDate: localDay(-700),
  })) as Vehicle;
  await uploadPhoto(request, civic.id, await photoFile('civic.jpg', '#7dd3fc', '#0369a1'), {
    caption: 'Front three-quarter',
  });
  await postCreated(request, '/api/vehicles', { year: 1967, make: 'Ford', model: 'Mustang' });
  const [invoiceUrl] = await uploadFiles(request, [pdfFile('invoice.pdf')]);
  await postCreated(request, '/api/maintenance', {
    vehicleId: civic.id,
    category: 'Oil Change',
    title: 'Oil change',
    cost: '89.50',
    date: localDay(-30),
    dueDate: localDay(2),
    isCompleted: false,
  });
  await postCreated(request, `/api/vehicles/${civic.id}/repairs`, {
    category: 'Brakes',
    title: 'Front brake pads',
    description: 'Pads and rotors on the front axle',
    cost: 320,
    date: localDay(-3),
    location: 'Corner Shop',
    fileUrl: invoiceUrl,
    isCompleted: true,
  });
  await postCreated(request, '/api/modifications', {
    vehicleId: civic.id,
    category: 'Lighting',
    title: 'LED headlights',
    cost: '250',
    date: localDay(1),
    isCompleted: false,
  });
  return civic;
}
