#!/usr/bin/env node
/**
 * Architecture convention 7, enforced: imports flow one way.
 *   contract  → zod only, and only contract/schemas/ builds schemas: the rest imports zod's
 *               types, so a page that needs texts and types loads no zod (decision 016)
 *   web       : app → features → components, lib → contract; no feature imports another feature
 *   server    : routes → service → repository → db; nothing imports web
 *   no cycles : between server modules (each folder of server/modules/, counting the imports
 *               that remain at run time) and between contract files (type-only imports too);
 *               tests are left out. Each cycle is printed as `a → b → … → a` (decision 071)
 * Biome's noRestrictedImports matches import text only and cannot express "another feature",
 * so this check resolves every import to a file and judges the pair (docs/decisions/003); a
 * cycle is a property of the whole graph, found with Tarjan's algorithm.
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

/** Every import of the given files: the importing file (project-relative), its text, whether type-only. */
export function readImports(
  files = ['contract', 'server', 'web', 'e2e'].flatMap((dir) => listFiles(path.join(root, dir))),
) {
  return files.flatMap((absolute) => {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const text = fs.readFileSync(absolute, 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => ({
      file,
      specifier: match[1] ?? match[2] ?? match[3],
      isTypeOnly: /^(?:import|export)\s+type\s/.test(match[0]),
    }));
  });
}

export function findViolations(imports = readImports()) {
  const violations = [];
  for (const { file, specifier, isTypeOnly } of imports) {
    const problem = check(file, specifier, { isTypeOnly });
    if (problem) violations.push(`${file}: '${specifier}': ${problem}`);
  }
  return violations;
}

/**
 * What a cycle is made of, for an import from `file` to the project path `target`: a server
 * module (its folder under server/modules/) or a contract file. Null when the pair is no edge:
 * tests and test helpers, imports within one module, and type-only imports between server
 * modules (erased at build, so they order nothing at run time). In the contract a type-only
 * import is still an edge: `X.ts` reading types from `schemas/X.ts` while the schema reads
 * texts from `X.ts` is a loop a reader has to hold in their head.
 */
function cycleEdge(file, target, isTypeOnly) {
  if (/\.test\.tsx?$/.test(file) || file.startsWith('server/test/')) return null;
  const moduleOf = (name) => /^server\/modules\/([^/]+)\//.exec(name)?.[1];
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (from && to)
    return isTypeOnly || from === to ? null : [`server/modules/${from}`, `server/modules/${to}`];
  if (file.startsWith('contract/') && target.startsWith('contract/')) {
    const withoutExtension = (name) => name.replace(/\.(ts|tsx|js|mjs)$/, '');
    return [withoutExtension(file), withoutExtension(target)];
  }
  return null;
}

/**
 * The cycles among server modules and among contract files, each as the list of its nodes with
 * the first repeated at the end, and the file that makes each step. Tarjan's algorithm finds
 * the strongly connected components; in each, a shortest way back to itself is traced from every
 * member no earlier cycle went through, so every member of a component is named.
 */
export function findCycles(imports = readImports()) {
  const edges = new Map();
  const via = new Map();
  for (const { file, specifier, isTypeOnly } of imports) {
    const target = resolveTarget(path.join(root, file), specifier);
    const edge = target === null ? null : cycleEdge(file, target, isTypeOnly);
    if (edge === null) continue;
    const [from, to] = edge;
    if (!edges.has(from)) edges.set(from, new Set());
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(from).add(to);
    if (!via.has(`${from} ${to}`)) via.set(`${from} ${to}`, file);
  }
  const cycles = [];
  for (const component of stronglyConnected(edges)) {
    const members = new Set(component);
    const isLoop = component.length > 1 || edges.get(component[0]).has(component[0]);
    if (!isLoop) continue;
    const covered = new Set();
    for (const start of [...component].sort()) {
      if (covered.has(start)) continue;
      const nodes = shortestWayBack(edges, members, start);
      for (const node of nodes) covered.add(node);
      cycles.push({
        nodes,
        steps: nodes.slice(1).map((to, index) => via.get(`${nodes[index]} ${to}`)),
      });
    }
  }
  return cycles;
}

/** Tarjan's algorithm: the strongly connected components of a graph given as node → successors. */
function stronglyConnected(edges) {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(next)));
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** A shortest path from `start` back to it, inside one component (breadth first). */
function shortestWayBack(edges, members, start) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...edges.get(node)].sort()) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) {
        const path = [start];
        for (let step = cameFrom.get(start); step !== start; step = cameFrom.get(step)) {
          path.unshift(step);
        }
        return [start, ...path];
      }
      queue.push(next);
    }
  }
  return [start, start];
}

export { check };

if (import.meta.url === `file://${process.argv[1]}`) {
  const imports = readImports();
  const violations = findViolations(imports);
  const cycles = findCycles(imports);
  if (violations.length > 0) {
    console.error(`Import rules broken (${violations.length}):\n  ${violations.join('\n  ')}`);
  }
  if (cycles.length > 0) {
    console.error(
      `Import cycles (${cycles.length}); break each so that imports flow one way:\n${cycles
        .map(
          ({ nodes, steps }) =>
            `  ${nodes.join(' → ')}\n${steps.map((file, index) => `      ${nodes[index]} → ${nodes[index + 1]}: ${file}`).join('\n')}`,
        )
        .join('\n')}`,
    );
  }
  if (violations.length > 0 || cycles.length > 0) process.exit(1);
  console.log('Imports flow one way, without cycles.');
}
