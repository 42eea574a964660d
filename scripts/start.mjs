#!/usr/bin/env node
/**
 * `npm start`: runs the built server, building first only when the build is missing or older
 * than any of its sources, so that an install already built answers within a couple of seconds.
 * The build folder is `dist` unless DIST_DIR moves it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { isBuildCurrent, root, serverEntry } from './build-state.mjs';

if (!isBuildCurrent()) {
  console.log('Building Garage Ledger (the build is missing or older than its sources)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
// The server drains and stops its database on SIGTERM: pass it on (a container stops only this
// process) and wait. Passed on once: npm also passes its SIGTERM on to this process, and a stop
// sent to the whole process group reaches the server by itself as well (the server waits out any
// repeat, server/main.ts). Ctrl-C already reaches the server through the terminal's process
// group, so SIGINT is only waited out here.
let passedOn = false;
process.on('SIGTERM', () => {
  if (!passedOn) server.kill('SIGTERM');
  passedOn = true;
});
process.on('SIGINT', () => {});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
