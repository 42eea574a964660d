#!/usr/bin/env node
/**
 * The contract holds what both sides need (docs/decisions/020), so everything it exports must be
 * imported somewhere: by server/, web/, e2e/, scripts/, bench/, faults/, the root configs, or
 * another contract module. Tests count as users. An export nobody imports is either dead or
 * belongs beside the one screen or module that uses it; this check names it and fails.
 * It reads import statements as text (multi-line and `import type` included): fast, and enough
 * for a codebase without `export *`. A named re-export counts as a use of the module it names
 * and as an export of the module that makes it.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = ['server', 'web', 'e2e', 'scripts', 'bench', 'faults', 'contract'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function listFiles(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : listFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

const relative = (file) => path.relative(root, file).split(path.sep).join('/');
const rootConfigs = fs
  .readdirSync(root)
  .filter((name) => SOURCE.test(name))
  .map((name) => path.join(root, name));
const files = [...SCANNED.flatMap((folder) => listFiles(path.join(root, folder))), ...rootConfigs];

/** contract/records.ts (no extension) for '@contract/records' or a relative path into contract/. */
function contractModule(fromFile, specifier) {
  let target = null;
  if (specifier.startsWith('@contract/')) target = `contract/${specifier.slice(10)}`;
  else if (specifier.startsWith('.'))
    target = relative(path.resolve(path.dirname(fromFile), specifier));
  if (!target?.startsWith('contract/')) return null;
  return target.replace(/\.(ts|js)$/, '');
}

/**
 * Exports nothing names yet that stay exported on purpose: the named result type of an exported
 * function, which its callers read field by field.
 */
const KEPT = new Set(['contract/pages.ts: PageAtPath']);

const isTest = (file) => /\.test\.tsx?$/.test(file);

// What each contract module exports (tests export nothing others use).
const EXPORT =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|type|interface|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
// A module passing on names from the one below it (`export { a, type b } from './rules/x'`,
// decision 071) exports them too: each must be imported from it, as its own would be.
const RE_EXPORT = /^export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/gm;
const exported = new Map();
for (const file of files) {
  const name = relative(file);
  if (!name.startsWith('contract/') || isTest(name)) continue;
  const text = fs.readFileSync(file, 'utf8');
  const passedOn = [...text.matchAll(RE_EXPORT)].flatMap((match) =>
    match[1]
      .split(',')
      .map((part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .at(-1)
          .trim(),
      )
      .filter(Boolean),
  );
  exported.set(name.replace(/\.ts$/, ''), [
    ...[...text.matchAll(EXPORT)].map((match) => match[1]),
    ...passedOn,
  ]);
}

// What every file imports from the contract: `import [type] { a, type b as c } from '…'`.
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(\*\s+as\s+\w+|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g;
const used = new Set();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  for (const [, clause, specifier] of text.matchAll(IMPORT)) {
    const module = contractModule(file, specifier);
    if (module === null || module === relative(file).replace(/\.ts$/, '')) continue;
    if (clause.startsWith('*')) {
      for (const name of exported.get(module) ?? []) used.add(`${module}:${name}`);
      continue;
    }
    for (const part of clause.slice(1, -1).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      if (name) used.add(`${module}:${name}`);
    }
  }
}

const unused = [...exported].flatMap(([module, names]) =>
  names
    .filter((name) => !used.has(`${module}:${name}`))
    .map((name) => `${module}.ts: ${name}`)
    .filter((entry) => !KEPT.has(entry)),
);
if (unused.length > 0) {
  console.error(
    `Exported from contract/ and imported by nothing (remove it, or move it beside its one user):\n  ${unused.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Every contract export is imported (${exported.size} modules).`);
