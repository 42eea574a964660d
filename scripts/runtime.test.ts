/**
 * The project runs on the Node.js that `npm install` brings (the `node` package, pinned in
 * package.json), not on the machine's own: npm puts node_modules/.bin first on every script's
 * PATH, so `npm test`, `npm start` and the tools they start all run on it (decision 030).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
) as { dependencies: Record<string, string>; engines: { node: string } };

it('runs the tests on the pinned Node.js, which the engines field asks for', () => {
  const pinned = manifest.dependencies.node!;
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  expect(process.version).toBe(`v${pinned}`);
  expect(manifest.engines.node).toBe(`>=${pinned.split('.')[0]}`);
});
