#!/usr/bin/env node
/**
 * Bundles the server (Node 20 cannot run .ts) into dist/server/main.js (or `$DIST_DIR/server`)
 * and the chunks it imports later; packages stay external.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const outdir = path.join(distDir, 'server');
// Chunks of an earlier build would stay beside the new ones.
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outdir,
  // The app's code is a chunk of its own, imported while PostgreSQL starts (server/main.ts); the
  // chunks sit beside main.js, where server/paths.ts expects every built file to be.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  alias: { '@contract': path.join(root, 'contract') },
  logLevel: 'warning',
});

// A build outside the project borrows its packages (they stay external to the bundle).
if (path.relative(root, distDir).startsWith('..')) {
  const link = path.join(distDir, 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(root, 'node_modules'), link, 'dir');
}
