#!/usr/bin/env node
/**
 * Bundles the server (Node 20 cannot run .ts) into dist/server/main.js (or `$DIST_DIR/server`)
 * and the chunks it imports later; packages stay external but for BUNDLED_PACKAGES.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Packages the bundle takes in rather than importing from node_modules at run time. Drizzle's
 * own modules re-export one another (`export *`, some 450 files): Node resolving that graph at
 * start-up made some 80 MB of garbage, and the server's memory never came back down from it.
 * Bundled, esbuild resolves it once at build time and keeps only what the server uses.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];
const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const EXTERNAL_PACKAGES = Object.keys(dependencies)
  .filter((name) => !BUNDLED_PACKAGES.includes(name))
  .flatMap((name) => [name, `${name}/*`]);
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const outdir = path.join(distDir, 'server');
// Chunks of an earlier build would stay beside the new ones.
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  // The file-reader pool's thread is an entry of its own beside main.js (decision 061).
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    'file-reader.worker': path.join(root, 'server/modules/imports/file-reader.worker.ts'),
  },
  outdir,
  // The app's code is a chunk of its own, imported while PostgreSQL starts (server/main.ts); the
  // chunks sit beside main.js, where server/paths.ts expects every built file to be.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL_PACKAGES,
  sourcemap: true,
  alias: { '@contract': path.join(root, 'contract') },
  logLevel: 'warning',
});

// A build outside the project borrows its packages (they stay external to the bundle).
if (path.relative(root, distDir).startsWith('..')) {
  const link = path.join(distDir, 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(root, 'node_modules'), link, 'dir');
}
