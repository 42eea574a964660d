/**
 * Vehicles in browser tests: fresh users on a plan, vehicles and photos made through the API,
 * photo files drawn with sharp, the browser's local day, and the checks the vehicle specs share
 * (a loaded image, settled overlays, axe, a dropdown choice).
 */
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Vehicle, VehicleImage } from '../contract/vehicles';
import { setSubscriptionStatus, userIdByEmail } from './database';
import { expect } from './fixtures';

/** The browser runs in America/New_York (playwright.config.ts); "today" is judged there. */
export { localDay, shownDate, TIME_ZONE, thisMonth } from './dates';

/** A small landscape photo: a gradient sky, a road and a car's silhouette. */
export async function photo(sky: string, ground: string, format: 'jpeg' | 'png' = 'jpeg') {
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
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

export async function photoFile(name: string, sky: string, ground: string): Promise<FilePayload> {
  const isPng = name.endsWith('.png');
  return {
    name,
    mimeType: isPng ? 'image/png' : 'image/jpeg',
    buffer: await photo(sky, ground, isPng ? 'png' : 'jpeg'),
  };
}

/** Registers a fresh user; the page shares the request context's cookies, so it is signed in. */
export async function signUp(page: Page, testInfo: TestInfo, plan: 'free' | 'premium' = 'free') {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `vehicles-${testInfo.project.name}-${unique}@example.com`;
  const response = await page.request.post('/api/register', {
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 'secret123',
      authType: 'local',
    },
  });
  expect(response.status()).toBe(201);
  const userId = await userIdByEmail(email);
  if (plan === 'premium') await setSubscriptionStatus(userId, 'premium');
  return { email, userId };
}

export async function createVehicle(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<Vehicle> {
  const response = await request.post('/api/vehicles', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Vehicle;
}

/** Uploads a photo through the API, as the primary unless told otherwise; answers the image. */
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

/** A loaded image has pixels: naturalWidth > 0. */
export async function expectLoaded(image: Locator) {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}
