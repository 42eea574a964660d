/**
 * The hardening headers on every kind of answer: pages (the landing page, a deep client route),
 * static files, not-found answers, API answers and errors, and stored files (a photo, its
 * thumbnail, a PDF): a CSP, `X-Content-Type-Options: nosniff`, a strict `Referrer-Policy` and a
 * refusal to be framed by another site. The web app is a small stand-in build, as in
 * `server/app.test.ts`, so that this runs before `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import type { SignedInUser } from '../test/auth';
import { newUser } from '../test/factory';
import { as, buildGarage, type Garage } from '../test/route-matrix';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let webRoot: string;
let user: SignedInUser;
let garage: Garage;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-web-headers-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Garage Ledger</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log("app");');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testApp = await createTestApp({ PUBLIC_URL: 'https://garage.example.com' }, { webRoot });
  await testApp.app.ready();
  user = await newUser(testApp, { plan: 'premium' });
  garage = await buildGarage(testApp.app, user);
});

afterAll(async () => {
  await testApp?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** What the Referrer-Policy may be: none of them sends a path to another site. */
const STRICT_REFERRER_POLICIES = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
];

it('sends the hardening headers on every kind of answer', async () => {
  const signedIn = () => as(user);
  const answers: [string, InjectOptions, number][] = [
    ['landing page', { method: 'GET', url: '/' }, 200],
    ['deep client route', { method: 'GET', url: '/vehicles/12/edit' }, 200],
    ['static asset', { method: 'GET', url: '/assets/main-abc123.js' }, 200],
    ['public file', { method: 'GET', url: '/favicon.svg' }, 200],
    ['health', { method: 'GET', url: '/healthz' }, 200],
    ['unknown /api path', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['write to a page path', { method: 'POST', url: '/vehicles', payload: {} }, 404],
    ['unknown file', { method: 'GET', url: '/uploads/missing' }, 404],
    ['/api answer', { method: 'GET', url: '/api/vehicles', headers: signedIn() }, 200],
    ['/api error: signed out', { method: 'GET', url: '/api/vehicles' }, 401],
    [
      '/api error: validation',
      { method: 'POST', url: '/api/vehicles', headers: signedIn(), payload: {} },
      400,
    ],
    [
      '/api error: another site',
      {
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...signedIn(), origin: 'https://evil.example' },
        payload: {},
      },
      403,
    ],
    [
      '/api error: not found',
      { method: 'GET', url: '/api/vehicles/999999', headers: signedIn() },
      404,
    ],
    [
      'stored photo',
      { method: 'GET', url: `/uploads/${garage.imageFile}`, headers: signedIn() },
      200,
    ],
    [
      'stored photo thumbnail',
      { method: 'GET', url: `/uploads/${garage.imageFile}/thumbnail`, headers: signedIn() },
      200,
    ],
    [
      'stored photo display copy',
      { method: 'GET', url: `/uploads/${garage.imageFile}/display`, headers: signedIn() },
      200,
    ],
    ['stored PDF', { method: 'GET', url: `/uploads/${garage.pdfFile}`, headers: signedIn() }, 200],
  ];
  const problems: string[] = [];
  for (const [label, options, status] of answers) {
    const response = await testApp.app.inject(options);
    const headers = response.headers;
    const csp = String(headers['content-security-policy'] ?? '');
    const frameOptions = String(headers['x-frame-options'] ?? '').toUpperCase();
    const checks: [string, boolean][] = [
      [`status ${response.statusCode}`, response.statusCode === status],
      ['a CSP', csp.includes('default-src')],
      [
        "no framing by other sites (frame-ancestors 'none' or 'self')",
        /frame-ancestors '(none|self)'/.test(csp),
      ],
      [
        'X-Frame-Options DENY or SAMEORIGIN',
        frameOptions === 'DENY' || frameOptions === 'SAMEORIGIN',
      ],
      ['X-Content-Type-Options: nosniff', headers['x-content-type-options'] === 'nosniff'],
      [
        'a strict Referrer-Policy',
        STRICT_REFERRER_POLICIES.includes(String(headers['referrer-policy'])),
      ],
    ];
    for (const [what, holds] of checks) {
      if (!holds) problems.push(`${label} (${options.method} ${options.url}): ${what}`);
    }
  }
  expect(problems).toEqual([]);
});

it('lets a page run only its own scripts, and a stored file run nothing at all (D15)', async () => {
  const page = await testApp.app.inject({ method: 'GET', url: '/' });
  const pageCsp = String(page.headers['content-security-policy']);
  expect(pageCsp).toContain("script-src 'self'");
  expect(pageCsp).toContain("object-src 'none'");
  expect(pageCsp).toContain("frame-ancestors 'none'");
  for (const file of [garage.imageFile, garage.pdfFile]) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/uploads/${file}`,
      headers: as(user),
    });
    const fileCsp = String(response.headers['content-security-policy']);
    expect(fileCsp).toContain("default-src 'none'");
    expect(fileCsp).toContain('sandbox');
    expect(fileCsp).not.toContain('script-src');
  }
});
