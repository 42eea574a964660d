import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { isBuildCurrentIn } from './build-state.mjs';

let project: string;
const dist = () => path.join(project, 'dist');

function write(file: string, secondsAgo: number) {
  const full = path.join(project, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  const time = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(full, time, time);
}

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-build-state-'));
  write('server/main.ts', 100);
  write('web/main.tsx', 100);
  write('package.json', 100);
});
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

it('builds when there is no build', () => {
  expect(isBuildCurrentIn(project, dist())).toBe(false);
});

it('starts at once when the build is newer than every source', () => {
  write('dist/server/main.js', 10);
  write('dist/web/index.html', 10);
  expect(isBuildCurrentIn(project, dist())).toBe(true);
});

it('builds again when a source changed after the build, but not for a test file', () => {
  write('dist/server/main.js', 10);
  write('dist/web/index.html', 10);
  write('server/app.test.ts', 1);
  write('server/test/helpers.ts', 1);
  expect(isBuildCurrentIn(project, dist())).toBe(true);
  write('web/features/page.tsx', 1);
  expect(isBuildCurrentIn(project, dist())).toBe(false);
});

it('builds again when half the build is missing', () => {
  write('dist/server/main.js', 10);
  expect(isBuildCurrentIn(project, dist())).toBe(false);
});
