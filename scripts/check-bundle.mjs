#!/usr/bin/env node
/**
 * The JavaScript each route downloads on a first load, from the production build: the entry
 * script and everything it imports statically, plus the route's page chunk and its static
 * imports (dynamic imports load later, on demand). Gzipped sizes, as the server sends them to
 * a browser without brotli. Fails past the budgets: the landing page at most 100 KB, any route
 * at most 200 KB (architecture convention 11), and when zod is on the first load of a page that
 * opens on no form (decision 016). `DIST_DIR` picks another build folder.
 *
 * The routes, their chunks and which open on a form come from the contract's table of pages
 * (decision 023), which is TypeScript: run it with tsx (`npm run bundle:report`), as Node 20 does
 * not load .ts files.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { NOT_FOUND_PAGE, PAGES } from '../contract/pages.ts';

const KB = 1024;
export const BUDGETS = { landing: 100 * KB, route: 200 * KB };

/** The landing page: outside the table, the app's root shows it on its own (decision 010). */
const LANDING = { route: '/', chunk: 'landing-page', withShell: false };
/** Loaded with every page but the landing page: the query cache, the router (decision 010). */
const APP_CHUNK = 'signed-in-app';
/** Loaded with every signed-in page. */
const SIGNED_IN_SHELL = 'app-shell';

/** How a pattern is shown in the report: `/vehicles/{id}` for `/vehicles/:id`. */
const routeName = (pattern) => pattern.replace(/:(\w+)/g, '{$1}');

/**
 * One route per page module (web/app/routes/<name>.tsx → <name>-hash.js), named by the first
 * path that opens it; redirects open no page of their own. Every page a signed-in user can see
 * is counted with the shell, as it may be drawn inside it: all but the public-only ones.
 */
const ROUTE_PAGES = [LANDING];
for (const page of PAGES) {
  if (page.guard === 'redirect' || ROUTE_PAGES.some(({ chunk }) => chunk === page.module)) continue;
  ROUTE_PAGES.push({
    route: routeName(page.pattern),
    chunk: page.module,
    withShell: page.guard !== 'public-only',
  });
}
ROUTE_PAGES.push({ route: '(404)', chunk: NOT_FOUND_PAGE, withShell: true });

/** Pages whose first screen is a form, which validates with zod; elsewhere zod loads with a form. */
export const FORM_ROUTES = new Set(
  PAGES.filter((page) => page.opensOnForm).map((page) => routeName(page.pattern)),
);
/** A name only zod's own code holds. */
const ZOD_MARKER = '$ZodType';

const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g;

export function measure(webDir) {
  const assets = path.join(webDir, 'assets');
  const files = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  const gzipSize = new Map();
  const read = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
  const sizeOf = (file) => {
    if (!gzipSize.has(file)) {
      gzipSize.set(
        file,
        zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length,
      );
    }
    return gzipSize.get(file);
  };
  const closure = (start, seen = new Set()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    const code = read(start);
    for (const match of code.matchAll(STATIC_IMPORT)) closure(match[1], seen);
    return seen;
  };
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const chunkOf = (name) => files.find((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));

  const rows = [];
  for (const { route, chunk: page, withShell } of ROUTE_PAGES) {
    const chunk = chunkOf(page);
    if (!chunk) continue;
    const loaded = closure(entry);
    closure(chunk, loaded);
    const app = chunkOf(APP_CHUNK);
    if (route !== '/' && app) closure(app, loaded);
    const shell = chunkOf(SIGNED_IN_SHELL);
    if (withShell && shell) closure(shell, loaded);
    const bytes = [...loaded].reduce((sum, file) => sum + sizeOf(file), 0);
    const budget = route === '/' ? BUDGETS.landing : BUDGETS.route;
    const loadsZod = [...loaded].some((file) => read(file).includes(ZOD_MARKER));
    rows.push({ route, bytes, budget, files: loaded.size, loadsZod });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const webDir = path.join(path.resolve(root, process.env.DIST_DIR ?? 'dist'), 'web');
  const rows = measure(webDir);
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log('JavaScript of a first load, gzipped:');
  for (const row of rows) {
    const mark = row.bytes > row.budget ? '✘ over' : '✓';
    const zod = row.loadsZod ? (FORM_ROUTES.has(row.route) ? ', zod for its form' : ', ✘ zod') : '';
    console.log(
      `  ${mark} ${row.route.padEnd(20)} ${kb(row.bytes).padStart(9)}  (${row.files} files, budget ${kb(row.budget)}${zod})`,
    );
  }
  const over = rows.filter((row) => row.bytes > row.budget);
  if (over.length > 0) {
    console.error(`Over the JavaScript budget: ${over.map((row) => row.route).join(', ')}`);
    process.exit(1);
  }
  const withZod = rows.filter((row) => row.loadsZod && !FORM_ROUTES.has(row.route));
  if (withZod.length > 0) {
    console.error(
      `zod on the first load of a page without a form: ${withZod.map((row) => row.route).join(', ')}. ` +
        'Import texts and types from contract/, schemas from contract/schemas/ only where a form needs them.',
    );
    process.exit(1);
  }
}
