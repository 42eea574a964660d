/**
 * Whether the build in `dist` (or DIST_DIR) is there and newer than every one of its sources:
 * what `npm start` checks before deciding to build.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
export const serverEntry = path.join(distDir, 'server/main.js');

/** What a build is made from: the source folders and the files that configure the build. */
const SOURCES = [
  'server',
  'web',
  'contract',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
];
const SKIPPED = new Set(['node_modules', '.git', 'test']);
// Tests and their helpers are not part of the build.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The newest modification time of the files under `entry` (0 when there are none). */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Files only: a folder's own time moves with any editor's swap file.
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    if (SKIPPED.has(child) || TEST_FILE.test(child)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildTime(distDir) {
  try {
    return Math.min(
      fs.statSync(path.join(distDir, 'server/main.js')).mtimeMs,
      fs.statSync(path.join(distDir, 'web/index.html')).mtimeMs,
    );
  } catch {
    return 0;
  }
}

/** True when the build in `distDir` exists and no source under `projectRoot` is newer. */
export function isBuildCurrentIn(projectRoot, distDir) {
  const built = buildTime(distDir);
  if (built === 0) return false;
  return SOURCES.every((source) => newestMtime(path.join(projectRoot, source)) <= built);
}

/** The same for this project's build. */
export function isBuildCurrent() {
  return isBuildCurrentIn(root, distDir);
}
