/** The skeleton a page's HTML paints before its code arrives (decision 040). */

import { AUTH_HEADINGS, LANDING_HERO, VEHICLES_PAGE_HEADING } from '@contract/page-headings';
import { describe, expect, it } from 'vitest';
import { APP_START_SCRIPT, firstPaintContent, withFirstPaint } from './first-paint';
import { firstPaintKind } from './web-app';

const BUILT =
  '<!doctype html><html><head><title>Garage Ledger</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/web.css"></head>' +
  '<body><div id="root"></div></body></html>';

describe('withFirstPaint', () => {
  it('puts the skeleton in #root and the stylesheet after it, the style in the head', () => {
    const html = withFirstPaint(BUILT, 'shell');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>');
    expect(head).not.toContain('stylesheet');
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toMatch(
      /^<body><div id="root"><div class="gl-boot gl-shell" data-testid="boot-skeleton".*<\/div><link rel="stylesheet" crossorigin href="\/assets\/web.css"><script>.*<\/script><\/body>/,
    );
    expect(body).toContain('class="gl-tabs"');
    expect(withFirstPaint(BUILT, 'public')).not.toContain('class="gl-tabs"');
  });

  it('shows what the page opens with in place of the neutral bars, hidden from screen readers', () => {
    const html = withFirstPaint(BUILT, 'shell', { heading: VEHICLES_PAGE_HEADING });
    expect(html).toContain(
      `<main class="gl-main" aria-hidden="true"><p class="gl-h1">My Vehicles</p><p class="gl-lede">${VEHICLES_PAGE_HEADING.description}</p>`,
    );
    expect(html).not.toContain('<i class="gl-title">');
    // The status is still what is announced.
    expect(html).toContain('role="status">Loading Garage Ledger…</span>');
    expect(withFirstPaint(BUILT, 'shell')).toContain('<i class="gl-title"></i>');
    // Words from the data are text, never markup.
    expect(
      withFirstPaint(BUILT, 'shell', { heading: { title: '<img src=x>', description: 'a & b' } }),
    ).toContain('<p class="gl-h1">&lt;img src=x&gt;</p><p class="gl-lede">a &amp; b</p>');
  });

  it('starts the app after the first paint: the entry fetched with the page, run by the start script', () => {
    const html = withFirstPaint(BUILT, 'public');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry>',
    );
    // After the stylesheet, so that it runs once the styles are in.
    expect(html).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/web.css"><script>${APP_START_SCRIPT}</script>`,
    );
  });

  it('leaves a page without an empty #root as it is', () => {
    expect(withFirstPaint('<html><body></body></html>', 'public')).toBe(
      '<html><body></body></html>',
    );
  });
});

describe('firstPaintContent', () => {
  const visitor = { user: null, picture: null, search: '' };
  const signedIn = { user: { firstName: null, username: 'pat' }, picture: null, search: '' };

  it("gives a visitor the landing page's headline and the sign-in or sign-up card's heading", () => {
    expect(firstPaintContent({ ...visitor, pathname: '/' })).toEqual({ hero: LANDING_HERO });
    expect(firstPaintContent({ ...visitor, pathname: '/auth' })).toEqual({
      card: AUTH_HEADINGS.login,
    });
    for (const search of ['?tab=register', '?signup=true']) {
      expect(firstPaintContent({ ...visitor, pathname: '/auth', search })).toEqual({
        card: AUTH_HEADINGS.register,
      });
    }
    // The sign-in page will show instead: nothing of the signed-in page's words.
    expect(firstPaintContent({ ...visitor, pathname: '/vehicles' })).toBeNull();
  });

  it("gives a signed-in user the page's heading, the dashboard's greeting or the picture", () => {
    expect(firstPaintContent({ ...signedIn, pathname: '/vehicles' })).toEqual({
      heading: VEHICLES_PAGE_HEADING,
    });
    // No first name: the username, as the page greets.
    for (const pathname of ['/dashboard', '/home', '/', '/auth']) {
      expect(firstPaintContent({ ...signedIn, pathname }), pathname).toMatchObject({
        heading: { title: 'Welcome, pat' },
      });
    }
    const picture = { src: '/uploads/abc' };
    expect(firstPaintContent({ ...signedIn, pathname: '/vehicles/3', picture })).toEqual({
      picture,
    });
    expect(firstPaintContent({ ...signedIn, pathname: '/vehicles/3' })).toBeNull();
    expect(firstPaintContent({ ...signedIn, pathname: '/account' })).toBeNull();
  });
});

describe('firstPaintKind', () => {
  it("paints the shell for a signed-in user on the shell's pages, else the public skeleton", () => {
    expect(firstPaintKind('/dashboard', true)).toBe('shell');
    expect(firstPaintKind('/vehicles/3', true)).toBe('shell');
    // `/` and `/auth` send a signed-in user to the dashboard.
    expect(firstPaintKind('/', true)).toBe('shell');
    expect(firstPaintKind('/auth', true)).toBe('shell');
    expect(firstPaintKind('/dashboard', false)).toBe('public');
    expect(firstPaintKind('/', false)).toBe('public');
    expect(firstPaintKind('/terms', true)).toBe('public');
  });
});
