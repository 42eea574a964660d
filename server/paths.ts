/**
 * Where the project's files are, whether the server runs from source (tsx) or from the build
 * (dist/server/main.js): both walk up to the folder holding package.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  let directory = start;
  while (!fs.existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No package.json above ${start}`);
    directory = parent;
  }
  return directory;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = findProjectRoot(here);
export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');
/**
 * Built, this file is inlined into `<build>/server/main.js` and the web build sits beside it in
 * `<build>/web` (`DIST_DIR` may move the build elsewhere); from source it is `dist/web`.
 */
export const webBuildFolder =
  here === path.join(projectRoot, 'server')
    ? path.join(projectRoot, 'dist', 'web')
    : path.resolve(here, '..', 'web');
