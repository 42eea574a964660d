/**
 * Self time of a V8 CPU profile (`node --cpu-prof`), by package (or "our server" for the bundle,
 * "node" for Node's own modules) and by function: where the server's time goes under load.
 *   node bench/profile.mjs some.cpuprofile
 */
import fs from 'node:fs';

function moduleOf(url) {
  if (!url) return '(native: socket writes, GC, V8 builtins)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node (${url.slice(5).split('/')[0]})`;
  if (/\/server\/[^/]+\.js$/.test(url)) return 'our server (bundle)';
  return url;
}

export function summariseProfile(file, top = 12) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map();
  profile.samples.forEach((id, index) => {
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const modules = new Map();
  const functions = new Map();
  for (const [id, micros] of selfTime) {
    const { callFrame } = byId.get(id);
    total += micros;
    if (callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const module = moduleOf(callFrame.url);
    modules.set(module, (modules.get(module) ?? 0) + micros);
    const name = `${callFrame.functionName || '(anonymous)'} · ${module}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const busy = total - idle;
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: micros / busy }));
  return {
    totalMs: Math.round(total / 1000),
    busyMs: Math.round(busy / 1000),
    modules: rank(modules),
    functions: rank(functions),
  };
}

if (process.argv[1] === import.meta.filename) {
  const summary = summariseProfile(process.argv[2], Number(process.argv[3] ?? 20));
  console.log(`busy ${summary.busyMs} ms of ${summary.totalMs} ms`);
  for (const section of ['modules', 'functions']) {
    console.log(`\n${section}:`);
    for (const row of summary[section]) {
      console.log(`${(row.share * 100).toFixed(1).padStart(5)}%  ${row.ms} ms  ${row.name}`);
    }
  }
}
