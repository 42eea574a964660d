/** The skeleton a page's HTML paints before its code arrives (decision 040). */
import { describe, expect, it } from 'vitest';
import { withFirstPaint } from './first-paint';
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
      /^<body><div id="root"><div class="gl-boot gl-shell" data-testid="boot-skeleton".*<\/div><link rel="stylesheet" crossorigin href="\/assets\/web.css"><\/body>/,
    );
    expect(body).toContain('class="gl-tabs"');
    expect(withFirstPaint(BUILT, 'public')).not.toContain('class="gl-tabs"');
  });

  it('leaves a page without an empty #root as it is', () => {
    expect(withFirstPaint('<html><body></body></html>', 'public')).toBe(
      '<html><body></body></html>',
    );
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
