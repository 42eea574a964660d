/**
 * What a page shows before any of its code has arrived (decision 040): on a slow network the
 * app's script takes seconds, and until it runs the page was blank. The HTML now carries a
 * skeleton in `#root`, pure HTML and a small inline style (the CSP allows inline styles): for a
 * signed-in page the shell's outline (sidebar on a desktop, top bar and tab bar on a phone) and
 * a neutral content block; for a visitor a top bar with the name and a neutral block. React's
 * first render replaces everything inside `#root`.
 *
 * The build's stylesheet moves from `<head>` to just after `#root`: a stylesheet in the head
 * holds back the first paint until it has arrived, one more round trip on a slow network, while
 * one in the body holds back only what follows it. The app's module scripts still wait for it
 * (scripts run only once the style sheets before them are loaded), so the app never draws
 * unstyled.
 */

export type FirstPaintKind = 'shell' | 'public';

/**
 * The colours of web/styles.css's themes, written out (the build's CSS may not be here yet):
 * light, and dark under the `dark` class that the server or the theme script puts on `<html>`
 * before this paints (decision 035).
 */
const STYLE = `<style>
:root{--gl-bg:oklch(.985 .003 247.86);--gl-fg:oklch(.208 .042 265.755);--gl-card:#fff;--gl-line:oklch(.916 .014 255.508);--gl-block:oklch(.94 .01 250);--gl-brand:oklch(.511 .096 186.391)}
:root.dark{--gl-bg:oklch(.145 .03 264);--gl-fg:oklch(.955 .008 247.896);--gl-card:oklch(.2 .035 265.755);--gl-line:oklch(.32 .04 260.031);--gl-block:oklch(.27 .04 260.031);--gl-brand:oklch(.777 .152 181.912)}
body{margin:0;background:var(--gl-bg)}
.gl-boot{min-height:100dvh;font:600 15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--gl-fg);background:var(--gl-bg)}
.gl-boot i{display:block;border-radius:6px;background:var(--gl-block)}
.gl-bar{display:flex;align-items:center;gap:12px;height:64px;box-sizing:border-box;padding:0 16px;border-bottom:1px solid var(--gl-line);background:var(--gl-card)}
.gl-bar .gl-end{margin-left:auto;width:32px;height:32px;border-radius:999px}
.gl-brand{display:flex;align-items:center;gap:8px}
.gl-brand:before{content:"";width:28px;height:28px;border-radius:8px;background:var(--gl-brand)}
.gl-side{display:none}
.gl-main{padding:24px 16px;max-width:1100px;box-sizing:border-box}
.gl-main .gl-title{height:28px;width:40%;margin-bottom:10px}
.gl-main .gl-sub{height:14px;width:60%;margin-bottom:24px}
.gl-cards{display:grid;gap:16px}
.gl-cards i{height:120px;border-radius:12px;background:var(--gl-card);border:1px solid var(--gl-line)}
.gl-tabs{position:fixed;left:0;right:0;bottom:0;height:64px;display:grid;grid-template-columns:repeat(4,1fr);align-items:center;justify-items:center;border-top:1px solid var(--gl-line);background:var(--gl-card)}
.gl-tabs i{width:40px;height:28px}
.gl-status{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (min-width:640px){.gl-cards{grid-template-columns:repeat(2,1fr)}.gl-main{padding:32px 24px}}
@media (min-width:768px){
.gl-shell .gl-side{display:block;position:fixed;top:0;bottom:0;left:0;width:256px;border-right:1px solid var(--gl-line);background:var(--gl-card)}
.gl-side .gl-brand{height:64px;padding:0 20px}
.gl-side i{height:36px;margin:8px 12px}
.gl-shell .gl-frame{padding-left:256px}
.gl-shell .gl-bar{background:transparent}
.gl-shell .gl-bar .gl-brand{visibility:hidden}
.gl-tabs{display:none}
}
@media (min-width:1024px){.gl-cards{grid-template-columns:repeat(3,1fr)}.gl-main{padding:32px}}
@media (prefers-reduced-motion:no-preference){.gl-boot i{animation:gl-pulse 2s ease-in-out infinite}@keyframes gl-pulse{50%{opacity:.55}}}
</style>`;

const BRAND = '<span class="gl-brand">Garage Ledger</span>';
const CONTENT =
  '<main class="gl-main"><i class="gl-title"></i><i class="gl-sub"></i>' +
  '<div class="gl-cards"><i></i><i></i><i></i></div></main>';
const STATUS = '<span class="gl-status" role="status">Loading Garage Ledger…</span>';

const MARKUP: Record<FirstPaintKind, string> = {
  shell:
    '<div class="gl-boot gl-shell" data-testid="boot-skeleton" aria-busy="true">' +
    `<div class="gl-side">${BRAND}<i></i><i></i><i></i><i></i><i></i></div>` +
    `<div class="gl-frame"><div class="gl-bar">${BRAND}<i class="gl-end"></i></div>${CONTENT}</div>` +
    `<div class="gl-tabs"><i></i><i></i><i></i><i></i></div>${STATUS}</div>`,
  public:
    '<div class="gl-boot" data-testid="boot-skeleton" aria-busy="true">' +
    `<div class="gl-bar">${BRAND}</div>${CONTENT}${STATUS}</div>`,
};

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

/**
 * The page's HTML with its skeleton: the style at the end of `<head>`, the markup in `#root`,
 * and the build's stylesheets after `#root`.
 */
export function withFirstPaint(html: string, kind: FirstPaintKind): string {
  if (!html.includes(ROOT)) return html;
  const stylesheets = html.match(STYLESHEET) ?? [];
  return html
    .replace(STYLESHEET, '')
    .replace('</head>', `${STYLE}</head>`)
    .replace(ROOT, `<div id="root">${MARKUP[kind]}</div>${stylesheets.join('')}`);
}
