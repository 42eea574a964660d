/**
 * What a page shows before any of its code has arrived (decision 040): on a slow network the
 * app's script takes seconds, and until it runs the page was blank. The HTML now carries a
 * skeleton in `#root`, pure HTML and a small inline style (the CSP allows inline styles): for a
 * signed-in page the shell's outline (sidebar on a desktop, top bar and tab bar on a phone) and
 * a neutral content block; for a visitor a top bar with the name and a neutral block. React's
 * first render replaces everything inside `#root`.
 *
 * Where the server knows what a page opens with, the skeleton shows it rather than neutral bars
 * (decision 058): the heading and the line under it of the main signed-in pages, the sign-in
 * card's and the landing page's headline, a vehicle page's picture. Those are what Lighthouse
 * and a person see as the page's largest paint, so it no longer waits for the app's code; the
 * texts come from the contract (page-headings.ts), the very words the page then draws. They use
 * a font of the system, like the rest of the skeleton, so they wait for no file; its glyph box is
 * set a little taller than Inter's (`ascent-override`, `descent-override`), since a browser takes
 * a text's size for its largest paint from that box, and the page's own words, drawn in Inter,
 * must not count as a larger paint than the same words in the first paint.
 *
 * The build's stylesheet moves from `<head>` to just after `#root`: a stylesheet in the head
 * holds back the first paint until it has arrived, one more round trip on a slow network, while
 * one in the body holds back only what follows it. The app's module scripts still wait for it
 * (scripts run only once the style sheets before them are loaded), so the app never draws
 * unstyled.
 */

import { displayName } from '@contract/accounts';
import { DASHBOARD_TEXTS } from '@contract/dashboard';
import { EXPENSES_TEXTS } from '@contract/expenses';
import {
  AUTH_HEADINGS,
  dashboardGreeting,
  LANDING_HERO,
  type PageHeading,
  RECORDS_PAGE_HEADING,
  VEHICLES_PAGE_HEADING,
} from '@contract/page-headings';
import { type PageModule, pageAtPath } from '@contract/pages';
import { PRODUCT_TAGLINE } from '@contract/product';

export type FirstPaintKind = 'shell' | 'public';

/** What the skeleton's main area opens with, when the server knows it. */
export type FirstPaintContent =
  | { heading: PageHeading }
  | { card: PageHeading }
  | { hero: { title: string; titleAccent: string; description: string } }
  | { picture: { src: string; srcSet?: string; sizes?: string } };

/**
 * The colours of web/styles.css's themes, written out (the build's CSS may not be here yet):
 * light, and dark under the `dark` class that the server or the theme script puts on `<html>`
 * before this paints (decision 035).
 */
const STYLE = `<style>
@font-face{font-family:gl-text;src:local("Inter"),local("Inter Variable"),local("Segoe UI"),local("Roboto"),local("Helvetica Neue"),local("Arial"),local("DejaVu Sans"),local("Liberation Sans");ascent-override:100%;descent-override:26%;line-gap-override:0%}
:root{--gl-bg:oklch(.985 .003 247.86);--gl-fg:oklch(.208 .042 265.755);--gl-mute:oklch(.5 .04 257.417);--gl-card:#fff;--gl-line:oklch(.916 .014 255.508);--gl-block:oklch(.94 .01 250);--gl-brand:oklch(.511 .096 186.391)}
:root.dark{--gl-bg:oklch(.145 .03 264);--gl-fg:oklch(.955 .008 247.896);--gl-mute:oklch(.74 .035 256.788);--gl-card:oklch(.2 .035 265.755);--gl-line:oklch(.32 .04 260.031);--gl-block:oklch(.27 .04 260.031);--gl-brand:oklch(.777 .152 181.912)}
body{margin:0;background:var(--gl-bg)}
.gl-boot{min-height:100dvh;font:600 15px/1.5 gl-text,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--gl-fg);background:var(--gl-bg)}
.gl-boot i{display:block;border-radius:6px;background:var(--gl-block)}
.gl-bar{display:flex;align-items:center;gap:12px;height:64px;box-sizing:border-box;padding:0 16px;border-bottom:1px solid var(--gl-line);background:var(--gl-card)}
.gl-bar .gl-end{margin-left:auto;width:32px;height:32px;border-radius:999px}
.gl-brand{display:flex;align-items:center;gap:8px}
.gl-brand:before{content:"";width:28px;height:28px;border-radius:8px;background:var(--gl-brand)}
.gl-side{display:none}
.gl-main{padding:32px 16px;max-width:1152px;margin:0 auto;box-sizing:border-box}
.gl-h1{margin:0 0 4px;font:700 24px/32px gl-text,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;letter-spacing:-.025em;color:var(--gl-fg)}
.gl-lede{margin:0 0 24px;font:400 14px/20px gl-text,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--gl-mute)}
.gl-card{max-width:448px;margin:0 auto;padding:24px;box-sizing:border-box;border:1px solid var(--gl-line);border-radius:12px;background:var(--gl-card)}
.gl-hero{padding:48px 16px 80px;max-width:1152px;margin:0 auto;box-sizing:border-box}
.gl-hero .gl-h1{font-size:36px;line-height:40px;margin-bottom:24px}
.gl-hero .gl-h1 span{color:var(--gl-brand)}
.gl-hero .gl-lede{font-size:18px;line-height:32px;max-width:576px}
.gl-picture{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:12px;background:var(--gl-block)}
.gl-main .gl-title{height:28px;width:40%;margin-bottom:10px}
.gl-vehicle{padding-top:24px}
.gl-vehicle .gl-back{height:20px;width:120px;margin-bottom:16px}
.gl-vehicle .gl-name{height:32px;width:60%;margin-bottom:10px}
.gl-vehicle .gl-chips{height:24px;width:45%;margin-bottom:16px}
.gl-actions{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-bottom:24px}
.gl-actions i{height:40px}
.gl-actions i:first-child{grid-column:span 2;height:48px}
.gl-actions i:last-child{grid-column:span 2}
.gl-pill{display:inline-block;margin:0 0 24px;padding:4px 12px;border:1px solid var(--gl-line);border-radius:999px;background:var(--gl-card);font:500 14px/20px gl-text,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif}
.gl-main .gl-sub{height:14px;width:60%;margin-bottom:24px}
.gl-cards{display:grid;gap:16px}
.gl-cards i{height:120px;border-radius:12px;background:var(--gl-card);border:1px solid var(--gl-line)}
.gl-tabs{position:fixed;left:0;right:0;bottom:0;height:64px;display:grid;grid-template-columns:repeat(4,1fr);align-items:center;justify-items:center;border-top:1px solid var(--gl-line);background:var(--gl-card)}
.gl-tabs i{width:40px;height:28px}
.gl-status{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (min-width:640px){.gl-cards{grid-template-columns:repeat(2,1fr)}.gl-main,.gl-hero{padding-left:24px;padding-right:24px}.gl-hero .gl-h1{font-size:48px;line-height:48px}}
@media (min-width:768px){
.gl-shell .gl-side{display:block;position:fixed;top:0;bottom:0;left:0;width:256px;border-right:1px solid var(--gl-line);background:var(--gl-card)}
.gl-side .gl-brand{height:64px;padding:0 20px}
.gl-side i{height:36px;margin:8px 12px}
.gl-shell .gl-frame{padding-left:256px}
.gl-shell .gl-bar{background:transparent}
.gl-shell .gl-bar .gl-brand{visibility:hidden}
.gl-tabs{display:none}
}
@media (min-width:640px){.gl-vehicle{padding-top:32px}.gl-actions{display:none}.gl-vehicle .gl-chips{margin-bottom:24px}}
@media (min-width:768px){.gl-hero{padding-top:80px}}
@media (min-width:1024px){.gl-cards{grid-template-columns:repeat(3,1fr)}.gl-main,.gl-hero{padding-left:32px;padding-right:32px}.gl-hero .gl-h1{font-size:60px;line-height:60px}.gl-picture{max-width:calc((100% - 24px) * 7 / 12)}}
@media (prefers-reduced-motion:no-preference){.gl-boot i{animation:gl-pulse 2s ease-in-out infinite}@keyframes gl-pulse{50%{opacity:.55}}}
</style>`;

const BRAND = '<span class="gl-brand">Garage Ledger</span>';
const CARDS = '<div class="gl-cards"><i></i><i></i><i></i></div>';
const STATUS = '<span class="gl-status" role="status">Loading Garage Ledger…</span>';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const headingMarkup = ({ title, description }: PageHeading) =>
  `<p class="gl-h1">${escapeHtml(title)}</p><p class="gl-lede">${escapeHtml(description)}</p>`;

const NEUTRAL_MAIN = `<main class="gl-main" aria-hidden="true"><i class="gl-title"></i><i class="gl-sub"></i>${CARDS}</main>`;

/**
 * The main area: what the page opens with, or neutral bars. It is a picture of what is coming,
 * hidden from assistive technology, which hears the status instead.
 */
function mainArea(content: FirstPaintContent | null): string {
  if (content === null) return NEUTRAL_MAIN;
  if ('heading' in content) {
    return `<main class="gl-main" aria-hidden="true">${headingMarkup(content.heading)}${CARDS}</main>`;
  }
  if ('card' in content) {
    return `<main class="gl-main" aria-hidden="true"><div class="gl-card">${headingMarkup(content.card)}</div></main>`;
  }
  if ('picture' in content) {
    const { src, srcSet, sizes } = content.picture;
    const responsive =
      srcSet && sizes ? ` srcset="${escapeHtml(srcSet)}" sizes="${escapeHtml(sizes)}"` : '';
    // The outline of the vehicle's name, badges and buttons above it, as the page lays them out.
    return (
      '<main class="gl-main gl-vehicle" aria-hidden="true">' +
      '<i class="gl-back"></i><i class="gl-name"></i><i class="gl-chips"></i>' +
      '<div class="gl-actions"><i></i><i></i><i></i><i></i></div>' +
      `<img class="gl-picture" src="${escapeHtml(src)}"${responsive} alt="" fetchpriority="high"></main>`
    );
  }
  const { title, titleAccent, description } = content.hero;
  return (
    '<main class="gl-hero" aria-hidden="true">' +
    `<p class="gl-pill">${escapeHtml(PRODUCT_TAGLINE)}</p>` +
    `<p class="gl-h1">${escapeHtml(title)} <span>${escapeHtml(titleAccent)}</span></p>` +
    `<p class="gl-lede">${escapeHtml(description)}</p></main>`
  );
}

function markup(kind: FirstPaintKind, content: FirstPaintContent | null): string {
  if (kind === 'public') {
    return (
      '<div class="gl-boot" data-testid="boot-skeleton" aria-busy="true">' +
      `<div class="gl-bar">${BRAND}</div>${mainArea(content)}${STATUS}</div>`
    );
  }
  return (
    '<div class="gl-boot gl-shell" data-testid="boot-skeleton" aria-busy="true">' +
    `<div class="gl-side">${BRAND}<i></i><i></i><i></i><i></i><i></i></div>` +
    `<div class="gl-frame"><div class="gl-bar">${BRAND}<i class="gl-end"></i></div>${mainArea(content)}</div>` +
    `<div class="gl-tabs"><i></i><i></i><i></i><i></i></div>${STATUS}</div>`
  );
}

/**
 * The heading a signed-in page opens with, for the pages that have a fixed one; the dashboard's
 * title is its greeting, which needs the user's name.
 */
function signedInPageHeading(module: PageModule, name: string): PageHeading | null {
  switch (module) {
    case 'dashboard-page':
      return { title: dashboardGreeting(name), description: DASHBOARD_TEXTS.subtitle };
    case 'vehicles-page':
      return VEHICLES_PAGE_HEADING;
    case 'records-page':
      return RECORDS_PAGE_HEADING;
    case 'expenses-page':
      return { title: EXPENSES_TEXTS.title, description: EXPENSES_TEXTS.subtitle };
    default:
      return null;
  }
}

/** Who the page is for, as the server read the session, and its picture if it opens with one. */
export type FirstPaintRequest = {
  pathname: string;
  search: string;
  user: { firstName: string | null; username: string } | null;
  picture: { src: string; srcSet?: string; sizes?: string } | null;
};

/**
 * What a page opens with, as far as the server knows: for a signed-in user the page's heading
 * (`/` and `/auth` send them to the dashboard) or a vehicle's picture; for a visitor the landing
 * page's headline or the sign-in card's heading. Null for any other page: neutral bars.
 */
export function firstPaintContent({
  pathname,
  search,
  user,
  picture,
}: FirstPaintRequest): FirstPaintContent | null {
  const page = pageAtPath(pathname);
  if (user === null) {
    if (pathname === '/') return { hero: LANDING_HERO };
    if (page.module !== 'auth-page') return null;
    const params = new URLSearchParams(search);
    // The same choice as the page's own tab (web/app/routes/auth-page.tsx).
    const isRegister = params.get('signup') === 'true' || params.get('tab') === 'register';
    return { card: isRegister ? AUTH_HEADINGS.register : AUTH_HEADINGS.login };
  }
  if (picture) return { picture };
  const goesToDashboard = pathname === '/' || page.module === 'auth-page';
  const heading = signedInPageHeading(
    goesToDashboard ? 'dashboard-page' : page.module,
    displayName(user),
  );
  return heading ? { heading } : null;
}

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
/** The app's entry as the build names it in the head. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const ENTRY_MARK = 'data-app-entry';

/**
 * Starts the app's entry once the first paint is on screen (decision 058). A module script in
 * the page runs as soon as the page is parsed and its code is here, which on a fast network is
 * before the browser's first frame: a slow phone then shows nothing while it evaluates about
 * 90 KB of React and the app. The entry is still fetched with the HTML (its `modulepreload`), so
 * only its start waits, for the browser's word that the first contentful paint was presented
 * (a frame's paint can reach the screen well after the frame's own task on a busy phone), or a
 * frame where that word is not given, or at most 3 s. Written after the build's stylesheets, it
 * runs once they have loaded, so the app never draws unstyled; a page opened in the background,
 * which paints nothing, starts at once. Allowed by its hash in the CSP (security.ts).
 */
export const APP_START_SCRIPT = `(function(){var e=document.querySelector('link[${ENTRY_MARK}]');if(!e)return;var started=false;function start(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e.href;document.head.appendChild(s)}if(document.visibilityState==='hidden')return start();setTimeout(start,3000);var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];if(types.indexOf('paint')<0)return requestAnimationFrame(function(){setTimeout(start)});new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length===0)return;observer.disconnect();setTimeout(start)}).observe({type:'paint',buffered:true})})()`;

/**
 * The page's HTML with its skeleton: the style at the end of `<head>`, the markup in `#root`,
 * and the build's stylesheets after `#root`. `content` is what the page opens with, if known.
 */
export function withFirstPaint(
  html: string,
  kind: FirstPaintKind,
  content: FirstPaintContent | null = null,
): string {
  return firstPaintTemplate(html)(kind, content);
}

/**
 * The same with the HTML rewritten once, at start: each answer then only fills in its skeleton,
 * since what a page opens with is known only with the request.
 */
export function firstPaintTemplate(
  html: string,
): (kind: FirstPaintKind, content?: FirstPaintContent | null) => string {
  if (!html.includes(ROOT)) return () => html;
  let stylesheets = (html.match(STYLESHEET) ?? []).join('');
  let page = html.replace(STYLESHEET, '').replace('</head>', `${STYLE}</head>`);
  const entry = ENTRY_SCRIPT.exec(page);
  if (entry) {
    page = page.replace(
      entry[0],
      `<link rel="modulepreload" crossorigin href="${entry[1]}" ${ENTRY_MARK}>`,
    );
    stylesheets += `<script>${APP_START_SCRIPT}</script>`;
  }
  const [before, after] = page.split(ROOT) as [string, string];
  return (kind, content = null) =>
    `${before}<div id="root">${markup(kind, content)}</div>${stylesheets}${after}`;
}
