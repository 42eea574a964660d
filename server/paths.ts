/**
 * Where the project's files are, whether the server runs from source (tsx) or from the build
 * (dist/server/main.js and its chunks): both walk up to the folder holding package.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string | null {
  let directory = start;
  while (!fs.existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
  return directory;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Built, this file is inlined into `<build>/server/main.js` or a chunk beside it. */
const isBuilt = fileURLToPath(import.meta.url).endsWith('.js');

// A build outside the project (DIST_DIR elsewhere) finds the project from where it was started.
const root = findProjectRoot(here) ?? findProjectRoot(process.cwd());
if (!root) throw new Error(`No package.json above ${here} or ${process.cwd()}`);
export const projectRoot = root;
export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');
/** The web build sits beside the server's in `<build>/web` (`dist/web` unless DIST_DIR moves it). */
export const webBuildFolder = isBuilt
  ? path.resolve(here, '..', 'web')
  : path.join(projectRoot, 'dist', 'web');
