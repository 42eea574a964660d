#!/usr/bin/env node
/**
 * HTTP benchmark of the built server on loopback: throughput, latency percentiles and the memory
 * of the app process, for the calls every page makes. Writes bench/results/http.md.
 *   npm run bench            (builds first)
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=20 node bench/http.bench.mjs
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const root = path.resolve(import.meta.dirname, '..');

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function startServer() {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-bench-'));
  fs.chmodSync(dataRoot, 0o755);
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dataRoot, 'data'),
      LOG_LEVEL: 'info',
      AUTH_MAX_ATTEMPTS: '100000000',
      AUTH_MAX_FAILURES: '100000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (output.includes('Server listening')) return;
      output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return { child, url, dataRoot };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(name, request) {
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          const response = await request();
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / SECONDS),
    p50: percentile(latencies, 50).toFixed(1),
    p95: percentile(latencies, 95).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    errors,
  };
}

const { child, url, dataRoot } = await startServer();
try {
  const email = `bench-${Date.now()}@example.com`;
  const register = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password: 'benchmark1' }),
  });
  const cookie = register.headers.getSetCookie()[0].split(';')[0];
  const rssAtStart = rssMb(child.pid);

  const results = [
    await run('GET /healthz (database round trip)', () => fetch(`${url}/healthz`)),
    await run('GET /api/user (session lookup + user)', () =>
      fetch(`${url}/api/user`, { headers: { cookie } }),
    ),
    await run('GET / (index.html)', () => fetch(`${url}/`)),
    await run('POST /api/login (Argon2id verify)', () =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'benchmark1' }),
      }),
    ),
  ];
  const rssAtEnd = rssMb(child.pid);

  const lines = [
    '# HTTP benchmark',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores · ` +
      `${SECONDS} s per call · ${CONCURRENCY} concurrent clients · embedded PostgreSQL · loopback`,
    '',
    '| call | requests | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.requests} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
    ),
    '',
    `App process RSS: ${rssAtStart} MB after start-up, ${rssAtEnd} MB after the run (PostgreSQL's own processes not included).`,
    '',
  ];
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/http.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataRoot, { recursive: true, force: true });
}
