import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { BUDGETS, FORM_ROUTES, measure } from './check-bundle.mjs';

/** A build folder: index.html naming the entry, and the chunks with their static imports. */
function fakeBuild(chunks: Record<string, string>) {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-bundle-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
  );
  for (const [file, code] of Object.entries(chunks)) {
    fs.writeFileSync(path.join(webDir, 'assets', file), code);
  }
  return webDir;
}

const gz = (code: string) => zlib.gzipSync(code, { level: 9 }).length;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('measure (the first-load JavaScript of each route)', () => {
  const chunks = {
    'index-a1.js': 'import{a}from"./react-b2.js";import("./landing-page-c3.js");',
    'react-b2.js': 'export const a=1;',
    'landing-page-c3.js': 'import{a}from"./react-b2.js";import("./mobile-menu-drawer-d4.js");',
    'mobile-menu-drawer-d4.js': 'export const drawer=1;',
    'signed-in-app-e5.js': 'import{q}from"./query-f6.js";',
    'query-f6.js': 'export const q=1;',
    'app-shell-g7.js': 'import{q}from"./query-f6.js";',
    'dashboard-page-h8.js': 'import{a}from"./react-b2.js";',
  };
  const webDir = fakeBuild(chunks);
  folders.push(webDir);
  const rows = measure(webDir) as { route: string; bytes: number; files: number; budget: number }[];
  const row = (route: string) => rows.find((candidate) => candidate.route === route);

  it('counts the entry, its static imports and the page chunk, not what loads on demand', () => {
    const landing = row('/');
    expect(landing?.files).toBe(3);
    expect(landing?.bytes).toBe(
      gz(chunks['index-a1.js']) + gz(chunks['react-b2.js']) + gz(chunks['landing-page-c3.js']),
    );
    expect(landing?.budget).toBe(BUDGETS.landing);
  });

  it('adds the app chunk and the signed-in shell to a signed-in page, each file once', () => {
    const dashboard = row('/dashboard');
    // index, react, dashboard page, signed-in app, query (shared by app and shell), shell.
    expect(dashboard?.files).toBe(6);
    expect(dashboard?.budget).toBe(BUDGETS.route);
  });

  it('leaves out routes whose page is not in the build', () => {
    expect(row('/expenses')).toBeUndefined();
  });

  it('notes which first loads carry zod, found by its own code', () => {
    const withForms = fakeBuild({
      ...chunks,
      'account-page-i9.js': 'import{Z}from"./zod-j1.js";',
      'zod-j1.js': 'export class Z{static name="$ZodType"}',
    });
    folders.push(withForms);
    const measured = measure(withForms) as { route: string; loadsZod: boolean }[];
    const loadsZod = (route: string) => measured.find((r) => r.route === route)?.loadsZod;
    expect(loadsZod('/account')).toBe(true);
    expect(loadsZod('/dashboard')).toBe(false);
    expect(FORM_ROUTES.has('/account')).toBe(true);
    expect(FORM_ROUTES.has('/dashboard')).toBe(false);
  });
});
