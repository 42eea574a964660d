import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMMON_MESSAGES } from '@contract/common';
import { DASHBOARD_TEXTS } from '@contract/dashboard';
import { EXPENSES_TEXTS } from '@contract/expenses';
import {
  AUTH_HEADINGS,
  LANDING_HERO,
  RECORDS_PAGE_HEADING,
  VEHICLES_PAGE_HEADING,
} from '@contract/page-headings';
import { PAGE_ASSETS_FILE, SESSION_HINT } from '@contract/pages';
import { PRODUCT_TAGLINE } from '@contract/product';
import { moneySchema, optionalCalendarDateSchema } from '@contract/schemas/common';
import { DISPLAY_WIDTH, PHOTO_MAX_EDGE } from '@contract/uploads';
import { VEHICLE_PAGE_PICTURE_SIZES } from '@contract/vehicles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions, vehicleImages, vehicles } from './db/schema';
import { APP_START_SCRIPT } from './plugins/first-paint';
import { APP_START_SCRIPT_SOURCE } from './plugins/security';
import { createTestApp } from './test/app';
import { newUser } from './test/factory';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let webRoot: string;

beforeAll(async () => {
  // The build's layout: the web root, and beside it the list of each page's files.
  webRoot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gl-build-')), 'web');
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  // As big as the real one, whose description and social tags make it about 3 KB.
  const indexHtml = `<!doctype html><head><title>Garage Ledger</title><meta name="description" content="${'Garage Ledger '.repeat(200)}"></head><body><div id="root"></div></body>`;
  fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), script);
  fs.writeFileSync(
    path.join(webRoot, 'assets', 'main-abc123.js.br'),
    zlib.brotliCompressSync(script),
  );
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const pageAssets = {
    'signed-in-app': ['assets/signed-in-app-1.js'],
    'shell/app-shell': ['assets/app-shell-1.js', 'assets/schemas-1.js'],
    'routes/auth-page': ['assets/auth-page-1.js', 'assets/schemas-1.js'],
    'routes/dashboard-page': ['assets/dashboard-page-1.js', 'assets/schemas-1.js'],
    'routes/vehicle-detail-page': ['assets/vehicle-detail-page-1.js', 'assets/page-1.css'],
    'routes/not-found-page': ['assets/not-found-page-1.js'],
  };
  fs.writeFileSync(path.join(webRoot, '..', PAGE_ASSETS_FILE), JSON.stringify(pageAssets));

  testApp = await createTestApp({ PUBLIC_URL: 'https://garage.example.com' }, { webRoot });
  const { app } = testApp;
  // Routes that exist only in this file, to exercise the shared error handling.
  app.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked?');
  });
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(1, 'Name is required'),
          cost: moneySchema,
          date: optionalCalendarDateSchema,
        }),
      },
    },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await testApp?.close();
  fs.rmSync(path.dirname(webRoot), { recursive: true, force: true });
});

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      reminders: { failingUsers: 0 },
    });
  });
});

describe('site info', () => {
  it('answers the support address of D2', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({
      supportEmail: 'support@garage-ledger.example',
      oidcAccountUrl: null,
      mailEnabled: false,
    });
  });
});

describe('error answers (D11)', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.notFound });
  });

  it('answers an unknown /uploads path with a JSON 404, never the web app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/uploads/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.notFound });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Oil change",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.malformedJson });
  });

  it('answers field validation with the first message and one message per field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '', cost: 'abc', date: '2023-02-30' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Name is required');
    expect(body.errors).toEqual({
      name: 'Name is required',
      cost: 'Please enter a valid amount',
      date: 'Please enter a valid date (yyyy-MM-dd)',
    });
  });

  it('accepts money as a numeric string and answers it as a number (D3)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Brakes', cost: '1234.50', date: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Brakes', cost: 1234.5, date: null });
  });

  it('answers a crash with a generic 500 that reveals nothing internal', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.internal });
    expect(response.body).not.toContain('postgres://');
    expect(response.body).not.toContain('stack');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(testApp.config.bodyLimitBytes + 1), cost: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: COMMON_MESSAGES.tooLarge });
  });
});

describe('cross-site requests (D7)', () => {
  const payload = { name: 'Tires', cost: 10 };

  it('refuses a state-changing call from another origin with 403', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await testApp.app.inject({
        method,
        url: '/api/test/echo',
        headers: { origin: 'https://evil.example' },
        payload,
      });
      expect(response.statusCode, method).toBe(403);
      expect(response.json()).toEqual({ message: COMMON_MESSAGES.crossOrigin });
    }
  });

  it('refuses an opaque "null" origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'null' },
      payload,
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the public origin and calls without an Origin header', async () => {
    const fromSite = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://garage.example.com' },
      payload,
    });
    expect(fromSite.statusCode).toBe(200);
    const noOrigin = await testApp.app.inject({ method: 'POST', url: '/api/test/echo', payload });
    expect(noOrigin.statusCode).toBe(200);
  });

  it('lets reads from anywhere through (they change nothing)', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own scripts, and the usual hardening headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Inline scripts only by their hashes: the theme's and the one starting the app (decision 058).
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSources).toContain(APP_START_SCRIPT_SOURCE);
    expect(scriptSources).not.toContain('unsafe-inline');
    expect(APP_START_SCRIPT_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`,
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the web app (D41)', () => {
  it('serves index.html, uncached, for the root and for client routes on reload', async () => {
    for (const url of ['/', '/vehicles/12/edit', '/no/such/page?x=1']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names a page's code, and a signed-in user's first reads, in its HTML (decision 015)", async () => {
    const { app } = testApp;
    const linksOf = async (url: string, cookie?: string) => {
      const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.vary).toMatch(/Cookie/);
      return [
        ...response.body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)">/g),
      ].map((match) => match[1]);
    };
    const user = await newUser({ app });

    expect(await linksOf('/dashboard', user.cookie)).toEqual([
      '/assets/signed-in-app-1.js',
      '/assets/dashboard-page-1.js',
      '/assets/schemas-1.js',
      '/assets/app-shell-1.js',
      '/api/user',
      '/api/vehicles',
      '/api/upcoming-maintenance',
      '/api/recent-activity',
      '/api/user/preferences',
    ]);
    // The id as the app reads it; styles are left to the page's code, which loads them.
    expect(await linksOf('/vehicles/0012', user.cookie)).toEqual([
      '/assets/signed-in-app-1.js',
      '/assets/vehicle-detail-page-1.js',
      '/assets/app-shell-1.js',
      '/assets/schemas-1.js',
      '/api/user',
      '/api/vehicles/12',
      '/api/vehicles/12/images',
      '/api/upcoming-maintenance',
      '/api/vehicles',
      '/api/vehicles/12/records/page',
      '/api/user/preferences',
    ]);
    // A vehicle page fetches the vehicle's main picture at once: its largest paint on a phone.
    const [owned] = await testApp.database.db
      .insert(vehicles)
      .values({ userId: user.id, year: 2020, make: 'Mazda', model: 'MX-5', imageUrl: 'abc123' })
      .returning({ id: vehicles.id });
    const imageLink = '<link rel="preload" as="image" fetchpriority="high" href="/uploads/abc123">';
    const ownPage = await app.inject({
      method: 'GET',
      url: `/vehicles/${owned!.id}`,
      headers: { cookie: user.cookie },
    });
    expect(ownPage.body).toContain(imageLink);
    // The primary of the vehicle's images goes before the picture of its row, as on the page.
    await testApp.database.db.insert(vehicleImages).values([
      { vehicleId: owned!.id, userId: user.id, imageUrl: '/uploads/side', isPrimary: false },
      { vehicleId: owned!.id, userId: user.id, imageUrl: '/uploads/front', isPrimary: true },
    ]);
    const withImages = await app.inject({
      method: 'GET',
      url: `/vehicles/${owned!.id}`,
      headers: { cookie: user.cookie },
    });
    expect(withImages.body).toContain('as="image" fetchpriority="high" href="/uploads/front"');
    expect(withImages.body).not.toContain('/uploads/abc123');
    // An uploaded photo is offered with its display copy, as the page's <img> offers it, so a
    // phone preloads the copy it will show.
    const fileId = 'Ph0t0-of-the-car_0123456789abcdefghijklmnopq';
    const [uploaded] = await testApp.database.db
      .insert(vehicles)
      .values({ userId: user.id, year: 2021, make: 'Ford', model: 'Bronco', imageUrl: fileId })
      .returning({ id: vehicles.id });
    const uploadedPage = await app.inject({
      method: 'GET',
      url: `/vehicles/${uploaded!.id}`,
      headers: { cookie: user.cookie },
    });
    expect(uploadedPage.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/uploads/${fileId}" imagesrcset="/uploads/${fileId}/display ${DISPLAY_WIDTH}w, /uploads/${fileId} ${PHOTO_MAX_EDGE}w" imagesizes="${VEHICLE_PAGE_PICTURE_SIZES}">`,
    );
    // Nobody else learns of it, and a vehicle without a picture names none.
    const other = await newUser({ app });
    for (const [url, cookie] of [
      [`/vehicles/${owned!.id}`, other.cookie],
      [`/vehicles/${owned!.id}`, undefined],
      [`/vehicles/${owned!.id}/edit`, user.cookie],
    ] as const) {
      const page = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(page.body, url).not.toContain('as="image"');
    }

    // A signed-in user on /auth is sent on to the dashboard.
    expect(await linksOf('/auth', user.cookie)).toContain('/assets/dashboard-page-1.js');

    // Signed out, a signed-in page shows the sign-in form, and nothing is read: a read would
    // answer 401. An unknown or ended session counts as signed out.
    const signedOut = [
      '/assets/signed-in-app-1.js',
      '/assets/auth-page-1.js',
      '/assets/schemas-1.js',
    ];
    expect(await linksOf('/dashboard')).toEqual(signedOut);
    expect(await linksOf('/dashboard', 'gl_session=not-a-session')).toEqual(signedOut);
    expect(await linksOf('/no/such/page')).toEqual([
      '/assets/signed-in-app-1.js',
      '/assets/not-found-page-1.js',
    ]);
    // The landing page loads only its own code, as index.html has it.
    expect(await linksOf('/')).toEqual([]);
  });

  it('sends a signed-in visit to / on to the dashboard before any HTML, and shows a visitor the landing page', async () => {
    const { app } = testApp;
    const user = await newUser({ app });
    for (const method of ['GET', 'HEAD'] as const) {
      const home = await app.inject({ method, url: '/', headers: { cookie: user.cookie } });
      expect(home.statusCode, method).toBe(302);
      expect(home.headers.location).toBe('/dashboard');
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.headers.vary).toMatch(/Cookie/);
      expect(home.body).not.toContain('<div id="root">');
    }
    // An ended session, an unknown one and none at all: the landing page itself.
    await testApp.database.db
      .update(sessions)
      .set({ expire: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    for (const cookie of [user.cookie, 'gl_session=not-a-session', undefined]) {
      const home = await app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
      expect(home.statusCode, cookie).toBe(200);
      expect(home.headers.location, cookie).toBeUndefined();
      expect(home.body, cookie).toContain('<div id="root">');
      expect(home.body, cookie).not.toContain(SESSION_HINT.name);
    }
  });

  it('tells the app in the HTML that a session was found, and only then (decision 024)', async () => {
    const { app } = testApp;
    const hint = `<meta name="${SESSION_HINT.name}" content="${SESSION_HINT.signedIn}">`;
    const htmlOf = async (url: string, cookie?: string) =>
      (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
    const user = await newUser({ app });
    for (const url of ['/', '/dashboard', '/vehicles/12', '/auth', '/no/such/page']) {
      // `/` sends a signed-in user on to the dashboard instead (the test above).
      if (url !== '/') expect(await htmlOf(url, user.cookie), url).toContain(hint);
      expect(await htmlOf(url), url).not.toContain(SESSION_HINT.name);
      expect(await htmlOf(url, 'gl_session=not-a-session'), url).not.toContain(SESSION_HINT.name);
    }
  });

  it("paints the page's heading, or its picture, before its code, for its user only (decision 058)", async () => {
    const { app } = testApp;
    /** The text of the skeleton's main area, tags dropped. */
    const firstPaintOf = async (url: string, cookie?: string) => {
      const html = (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }))
        .body;
      const main = /<main class="gl-[^"]+" aria-hidden="true">(.*?)<\/main>/.exec(html);
      return main?.[1] ?? '';
    };
    const textOf = (markup: string) =>
      markup
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const user = await newUser({ app }, { firstName: 'Zoë <b>' });

    expect(textOf(await firstPaintOf('/vehicles', user.cookie))).toBe(
      `${VEHICLES_PAGE_HEADING.title} ${VEHICLES_PAGE_HEADING.description}`,
    );
    expect(textOf(await firstPaintOf('/records?type=document', user.cookie))).toBe(
      `${RECORDS_PAGE_HEADING.title} ${RECORDS_PAGE_HEADING.description}`,
    );
    expect(textOf(await firstPaintOf('/expenses', user.cookie))).toBe(
      `${EXPENSES_TEXTS.title} ${EXPENSES_TEXTS.subtitle}`,
    );
    // The dashboard greets by name, written as text; `/auth` leads a signed-in user there (`/`
    // is a redirect to it before any HTML, tested above).
    for (const url of ['/dashboard', '/auth']) {
      const dashboard = await firstPaintOf(url, user.cookie);
      expect(dashboard, url).toContain('<p class="gl-h1">Welcome, Zoë &lt;b&gt;</p>');
      expect(textOf(dashboard), url).toContain(DASHBOARD_TEXTS.subtitle);
    }
    // A visitor: the landing page's headline, the sign-in or the sign-up card's heading.
    expect(textOf(await firstPaintOf('/'))).toBe(
      `${PRODUCT_TAGLINE} ${LANDING_HERO.title} ${LANDING_HERO.titleAccent} ${LANDING_HERO.description}`,
    );
    expect(textOf(await firstPaintOf('/auth'))).toBe(
      `${AUTH_HEADINGS.login.title} ${AUTH_HEADINGS.login.description}`,
    );
    expect(textOf(await firstPaintOf('/auth?tab=register'))).toBe(
      `${AUTH_HEADINGS.register.title} ${AUTH_HEADINGS.register.description}`,
    );
    // Nothing of a signed-in page's words for a visitor, who will see the sign-in page.
    expect(textOf(await firstPaintOf('/vehicles'))).toBe('');
    expect(textOf(await firstPaintOf('/account', user.cookie))).toBe('');

    // A vehicle page opens with its picture, offered as its <img> offers it; to its owner only.
    const fileId = 'Ph0t0-of-the-first-paint_0123456789abcdefghijk';
    const [vehicle] = await testApp.database.db
      .insert(vehicles)
      .values({ userId: user.id, year: 2019, make: 'Volvo', model: 'V60', imageUrl: fileId })
      .returning({ id: vehicles.id });
    const picture = `<img class="gl-picture" src="/uploads/${fileId}" srcset="/uploads/${fileId}/display ${DISPLAY_WIDTH}w, /uploads/${fileId} ${PHOTO_MAX_EDGE}w" sizes="${VEHICLE_PAGE_PICTURE_SIZES}" alt="" fetchpriority="high">`;
    expect(await firstPaintOf(`/vehicles/${vehicle!.id}`, user.cookie)).toContain(picture);
    const other = await newUser({ app });
    expect(await firstPaintOf(`/vehicles/${vehicle!.id}`, other.cookie)).not.toContain('<img');
    expect(await firstPaintOf(`/vehicles/${vehicle!.id}`)).not.toContain('<img');
  });

  it('sends pages and JSON answers compressed as the browser accepts, small ones as they are', async () => {
    const { app } = testApp;
    const user = await newUser({ app });
    const vehicle = {
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      notes: 'A long note.'.repeat(200),
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { cookie: user.cookie },
      payload: vehicle,
    });
    expect(created.statusCode).toBe(201);
    for (const [encoding, decompress] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const accepting = { 'accept-encoding': `${encoding}, deflate`, cookie: user.cookie };
      const page = await app.inject({ method: 'GET', url: '/vehicles', headers: accepting });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(decompress(page.rawPayload).toString()).toContain('<div id="root">');

      const list = await app.inject({ method: 'GET', url: '/api/vehicles', headers: accepting });
      expect(list.headers['content-encoding']).toBe(encoding);
      expect(Number(list.headers['content-length'])).toBe(list.rawPayload.length);
      const listed = JSON.parse(decompress(list.rawPayload).toString());
      expect(listed).toEqual([expect.objectContaining({ notes: vehicle.notes })]);
    }
    // Not accepted, or refused with q=0: as it is.
    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const list = await app.inject({
        method: 'GET',
        url: '/api/vehicles',
        headers: { cookie: user.cookie, ...(accepted ? { 'accept-encoding': accepted } : {}) },
      });
      expect(list.headers['content-encoding'], accepted).toBeUndefined();
      expect(list.json()[0].notes).toBe(vehicle.notes);
    }
    // A small answer is not worth compressing.
    const session = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: user.cookie, 'accept-encoding': 'br' },
    });
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(session.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts brotli', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('console.log');
  });

  it('serves un-hashed public files without a long cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never answers the web app to a write or to /healthz-like JSON paths', async () => {
    const post = await testApp.app.inject({ method: 'POST', url: '/vehicles', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: COMMON_MESSAGES.notFound });
  });
});
