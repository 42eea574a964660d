/**
 * Serves the built web app (dist/web): hashed assets cached for a year and sent pre-compressed
 * (brotli or gzip, made at build time), pages never cached, and D41's catch-all so that client
 * routes survive a reload. Without a build (tests, `npm run dev`) only the JSON 404 stays.
 *
 * A page's HTML names what its first screen needs (decision 015): the page's code, and for a
 * signed-in user the session and the page's first reads, so a phone fetches them alongside the
 * app's entry instead of one round trip after another once the entry has run. And it paints a
 * skeleton of the page before any script has arrived (decision 040, first-paint.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readTheme, THEME_MARKS, THEME_SCRIPT, type Theme } from '@contract/appearance';
import { PAGE_ASSETS_FILE, pageAtPath, SESSION_HINT } from '@contract/pages';
import { largeImageSources } from '@contract/uploads';
import { VEHICLE_PAGE_PICTURE_SIZES } from '@contract/vehicles';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, sendJsonNotFound } from './errors';
import { type FirstPaintKind, firstPaintContent, firstPaintTemplate } from './first-paint';
import type { SessionReader } from './session';

const NO_CACHE = 'no-cache';
const SIGNED_IN_HOME = '/dashboard';
/** The load balancers' check answers JSON too, however it is written (D41). */
const HEALTH_PATH = /^\/+healthz(\/|\?|$)/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
type PageAssets = Record<string, string[]>;

function readPageAssets(webRoot: string): PageAssets {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '..', PAGE_ASSETS_FILE), 'utf8'));
  } catch {
    // A build without the list (an older one) still works; its pages load their code as before.
    return {};
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The vehicle page's picture as its <img> asks for it. */
function pictureSources(image: string) {
  const { src, srcSet } = largeImageSources(image);
  return { src, srcSet, sizes: VEHICLE_PAGE_PICTURE_SIZES };
}

/** The preload of the vehicle page's picture, offering the same sources as its <img>. */
function imagePreload(image: string) {
  const { src, srcSet } = largeImageSources(image);
  const responsive = srcSet
    ? ` imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(VEHICLE_PAGE_PICTURE_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(src)}"${responsive}>`;
}

/**
 * The `<link>`s of a page's first screen: the code of the page the app will show (the sign-in
 * page, for a visitor of a signed-in page), the shell's for a signed-in user, and that user's
 * first reads as the app asks for them (same URL, credentials), which the browser then hands
 * to the app's `fetch` instead of asking again; and a vehicle page's picture.
 */
export function firstScreenLinks(
  pathname: string,
  isSignedIn: boolean,
  assets: PageAssets,
  /** The picture the page shows first, if it has one: its largest paint on a phone. */
  image: string | null = null,
) {
  if (pathname === '/') return '';
  let page = pageAtPath(pathname);
  if (page.isSignedInPage && !isSignedIn) page = pageAtPath('/auth');
  else if (isSignedIn && page.module === 'auth-page') page = pageAtPath('/dashboard');
  const modules = ['signed-in-app', `routes/${page.module}`];
  if (page.isSignedInPage) modules.push('shell/app-shell');
  const files = new Set(modules.flatMap((module) => assets[module] ?? []));
  const reads = isSignedIn ? ['/api/user', ...page.firstReads] : [];
  return [
    ...[...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ...reads.map(
      (read) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(read)}">`,
    ),
    ...(image ? [imagePreload(image)] : []),
  ].join('');
}

/**
 * The page's word to the app that a session was found for the request (decision 024), read by
 * web/app/session-hint.ts; nothing for a visitor.
 */
export function sessionHint(isSignedIn: boolean) {
  return isSignedIn ? `<meta name="${SESSION_HINT.name}" content="${SESSION_HINT.signedIn}">` : '';
}

/**
 * The theme before the first paint (decision 035): a signed-in user's choice written on `<html>`
 * (and the `dark` class itself when the choice is dark, so the served page is dark before any
 * script runs), then the inline script that settles `system` and a visitor's stored choice.
 */
export function themeMarks(html: string, theme: Theme | null) {
  const marked =
    theme === null
      ? html
      : html.replace(
          '<html ',
          `<html ${THEME_MARKS.attribute}="${theme}"${theme === 'dark' ? ` class="${THEME_MARKS.darkClass}"` : ''} `,
        );
  return marked.replace('</head>', `<script>${THEME_SCRIPT}</script></head>`);
}

/**
 * The skeleton a page paints first: the shell's for a signed-in user on a page the shell will
 * show (a signed-in page, or `/` and `/auth`, which send a signed-in user to the dashboard).
 */
export function firstPaintKind(pathname: string, isSignedIn: boolean): FirstPaintKind {
  if (!isSignedIn) return 'public';
  const page = pageAtPath(pathname);
  return pathname === '/' || page.isSignedInPage || page.module === 'auth-page'
    ? 'shell'
    : 'public';
}

/** What a page's HTML needs to know of the user's data beyond the session. */
export type FirstScreenData = {
  /** The main picture of the user's vehicle, as its page's <img> asks for it; null if none. */
  vehicleImage: (userId: number, vehicleId: number) => Promise<string | null>;
};

/** The picture a signed-in user's page shows first: a vehicle page's main picture. */
async function firstImage(pathname: string, userId: number, data: FirstScreenData) {
  const { module, routeId } = pageAtPath(pathname);
  const isVehiclePage = module === 'vehicle-detail-page' && routeId !== null;
  return isVehiclePage ? data.vehicleImage(userId, routeId) : null;
}

export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  readSession: SessionReader,
  firstScreenData: FirstScreenData,
) {
  if (!webRoot || !fs.existsSync(path.join(webRoot, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => sendJsonNotFound(reply));
    return;
  }
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const pageHtml = firstPaintTemplate(indexHtml);
  const pageAssets = readPageAssets(webRoot);

  await app.register(fastifyStatic, {
    root: webRoot,
    preCompressed: true,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? IMMUTABLE : NO_CACHE);
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || isApiPath(request.url) || HEALTH_PATH.test(request.url)) {
      return sendJsonNotFound(reply);
    }
    const { pathname, search } = new URL(request.url, 'http://page');
    let image: string | null = null;
    try {
      await readSession(request, reply);
      if (request.session)
        image = await firstImage(pathname, request.session.user.id, firstScreenData);
    } catch (error) {
      // The page is sent anyway, without the signed-in hints: the app shows the outage itself.
      request.log.warn({ err: error }, 'session not read for the page');
    }
    const isSignedIn = request.session !== null;
    // 000 §2: a signed-in user's home is the dashboard. Sent there before any HTML, so the
    // browser downloads nothing of the landing page; the client-side move in
    // web/app/landing-route.tsx stays for a session that ends while the page is open.
    if (isSignedIn && pathname === '/') {
      return reply
        .header('Cache-Control', NO_CACHE)
        .header('Vary', 'Cookie')
        .redirect(SIGNED_IN_HOME, 302);
    }
    const head =
      sessionHint(isSignedIn) + firstScreenLinks(pathname, isSignedIn, pageAssets, image);
    const theme = request.session ? readTheme(request.session.user.theme) : null;
    return reply
      .header('Cache-Control', NO_CACHE)
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(
        themeMarks(
          pageHtml(
            firstPaintKind(pathname, isSignedIn),
            firstPaintContent({
              pathname,
              search,
              user: request.session?.user ?? null,
              picture: image ? pictureSources(image) : null,
            }),
          ),
          theme,
        ).replace('</head>', `${head}</head>`),
      );
  });
}
