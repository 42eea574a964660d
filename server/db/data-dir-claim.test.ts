/**
 * A DATA_DIR the server cannot use stops it with one plain line that says why and what to do,
 * not a stack trace. A folder that its user may not write (a host folder mounted into the
 * container) is checked by `npm run test:container`, as the image's user; tests here run as root,
 * which every folder lets write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exited, spawnServer } from '../test/server-process';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-data-dir-claim-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('stops with a plain message when DATA_DIR is a file, not a folder', async () => {
  const file = path.join(root, 'data');
  fs.writeFileSync(file, 'not a folder');
  const app = spawnServer({ DATA_DIR: file });
  expect(await exited(app.child)).toBe(1);
  expect(app.output()).toContain(
    `Garage Ledger could not start: DATA_DIR ${file} is not a folder. Choose a folder for ` +
      'DATA_DIR, or set DATABASE_URL.',
  );
  expect(app.output()).not.toMatch(/^\s+at /m);
  expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
});
