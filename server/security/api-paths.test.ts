/**
 * D41: unknown `/api` and `/uploads` paths answer a JSON 404, never the app's page, however the
 * path is written: in capitals, or with its slashes doubled. A client (or a script) that gets
 * the page instead reads HTML where it expects `{message}`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMMON_MESSAGES } from '@contract/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-web-api-paths-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Garage Ledger</title></head><body></body></html>',
  );
  testApp = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await testApp?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

it.each([
  '/API/user',
  '/Api/vehicles',
  '//api/user',
  '///api/vehicles?x=1',
  '/UPLOADS/abc',
  '//uploads/abc',
  '/API',
  '/HEALTHZ',
])('answers %s with the JSON 404', async (url) => {
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: COMMON_MESSAGES.notFound });
});

it('still answers the page for a client route', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/vehicles/apiary' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
});
