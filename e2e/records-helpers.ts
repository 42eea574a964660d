/**
 * Helpers of the records browser tests: fresh users on a chosen plan, vehicles and records
 * created through the API, test files (a small PDF and photos), the dropdowns and dialogs of the
 * record screens, and the accessibility check.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { RecordItem, RecordType } from '../contract/records';
import type { Vehicle } from '../contract/vehicles';
import { registerViaApi } from './accounts-helpers';
import { setSubscriptionStatus } from './database';
import { expect } from './fixtures';

/** Registers a user (the page shares the cookies) and puts them on `plan`. */
export async function signUpOnPlan(page: Page, plan: 'free' | 'premium') {
  const { user } = await registerViaApi(page.request);
  if (plan === 'premium') await setSubscriptionStatus(user.id, 'premium');
  return user;
}

export { localDay as dayFromToday, shownDate as shownDay } from './dates';

export async function addVehicle(
  request: APIRequestContext,
  vehicle: { year: number; make: string; model: string },
): Promise<Vehicle> {
  const response = await request.post('/api/vehicles', { data: vehicle });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Vehicle;
}

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
  const response = await request.post(CREATE_PATHS[type](data.vehicleId), { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as RecordItem;
}

export async function listRecords(request: APIRequestContext, collection: string) {
  const response = await request.get(`/api/${collection}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RecordItem[];
}

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

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

/** A small photo: a gradient with a road, as JPEG. */
export async function photoFile(name: string, from: string, to: string): Promise<FilePayload> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <rect y="360" width="640" height="120" fill="#1e293b"/>
    <rect x="80" y="410" width="480" height="10" fill="#facc15"/>
  </svg>`;
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer(),
  };
}

export function recordCard(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

/**
 * The toast on screen with this title (and description). Found by its look rather than its
 * role: while a modal dialog is open, the rest of the page (the toasts too) is hidden from the
 * accessibility tree, yet the toast is what the user sees.
 */
export async function expectToastShown(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }
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
