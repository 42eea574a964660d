#!/usr/bin/env node
/**
 * Architecture convention 7, enforced: imports flow one way.
 *   contract  → zod only, and only contract/schemas/ builds schemas: the rest imports zod's
 *               types, so a page that needs texts and types loads no zod (decision 016)
 *   web       : app → features → components, lib → contract; no feature imports another feature
 *   server    : routes → service → repository → db; nothing imports web
 * Biome's noRestrictedImports matches import text only and cannot express "another feature",
 * so this check resolves every import to a file and judges the pair (docs/decisions/003).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function listFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/** The project-relative target of an import, or null for a package. */
function resolveTarget(fromFile, specifier) {
  if (specifier.startsWith('@web/')) return path.posix.join('web', specifier.slice(5));
  if (specifier.startsWith('@contract/')) return path.posix.join('contract', specifier.slice(10));
  if (specifier.startsWith('.')) {
    return path
      .relative(root, path.resolve(path.dirname(fromFile), specifier))
      .split(path.sep)
      .join('/');
  }
  return null;
}

/** web/features/vehicles/api/x.ts → 'features/vehicles'; web/lib/x.ts → 'lib'. */
function webArea(file) {
  const parts = file.split('/');
  if (parts[0] !== 'web') return null;
  if (parts.length === 2) return 'entry';
  return parts[1] === 'features' ? `features/${parts[2]}` : parts[1];
}

function serverRole(file) {
  const match = /\.(routes|service|repository)(\.ts)?$/.exec(file);
  if (match) return match[1];
  if (file.startsWith('server/db/')) return 'db';
  return null;
}

const WEB_RANK = { entry: 4, app: 3, features: 2, components: 1, lib: 1 };
const SERVER_RANK = { routes: 3, service: 2, repository: 1, db: 0 };

function check(file, specifier, { isTypeOnly = false } = {}) {
  const target = resolveTarget(path.join(root, file), specifier);
  const isTest = /\.test\.tsx?$/.test(file) || file.startsWith('server/test/');

  if (file.startsWith('contract/')) {
    if (target === null && specifier !== 'zod' && !isTest && specifier !== 'vitest') {
      return 'contract/ may import only zod';
    }
    if (specifier === 'zod' && !isTypeOnly && !isTest && !file.startsWith('contract/schemas/')) {
      return "only contract/schemas/ builds zod schemas; elsewhere in contract/ use 'import type'";
    }
    if (target !== null && !target.startsWith('contract/'))
      return 'contract/ imports nothing of ours';
    return null;
  }
  if (target === null) return null;

  if (file.startsWith('server/') && target.startsWith('web/'))
    return 'the server never imports web/';
  if (file.startsWith('web/') && target.startsWith('server/')) return 'web/ never imports server/';

  if (file.startsWith('web/') && target.startsWith('web/')) {
    const from = webArea(file);
    const to = webArea(target);
    if (from === to) return null;
    if (from.startsWith('features/') && to.startsWith('features/')) {
      return `a feature never imports another feature (${from} → ${to}); compose them in web/app`;
    }
    const fromRank = WEB_RANK[from.split('/')[0]] ?? 0;
    const toRank = WEB_RANK[to.split('/')[0]] ?? 0;
    if (toRank > fromRank || (toRank === fromRank && from !== to && fromRank > 1)) {
      return `web/${from} may not import web/${to} (app → features → components, lib)`;
    }
    if (specifier.startsWith('.')) return `import web/${to} through '@web/…', not a relative path`;
  }

  if (file.startsWith('server/') && target.startsWith('server/')) {
    const from = serverRole(file);
    const to = serverRole(target);
    if (from !== null && to !== null && SERVER_RANK[to] > SERVER_RANK[from]) {
      return `a ${from} may not import a ${to} (routes → service → repository → db)`;
    }
    if (from === 'db' && target.startsWith('server/modules/'))
      return 'server/db never imports modules';
  }
  return null;
}

export function findViolations(
  files = ['contract', 'server', 'web', 'e2e'].flatMap((dir) => listFiles(path.join(root, dir))),
) {
  const violations = [];
  for (const absolute of files) {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const text = fs.readFileSync(absolute, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const problem = check(file, specifier, {
        isTypeOnly: /^(?:import|export)\s+type\s/.test(match[0]),
      });
      if (problem) violations.push(`${file}: '${specifier}': ${problem}`);
    }
  }
  return violations;
}

export { check };

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = findViolations();
  if (violations.length > 0) {
    console.error(`Import rules broken (${violations.length}):\n  ${violations.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Imports flow one way.');
}
