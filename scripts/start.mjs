#!/usr/bin/env node
/**
 * `npm start`: runs the built server, building first only when the build is missing or older
 * than any of its sources, so that an install already built answers within a couple of seconds.
 * The build folder is `dist` unless DIST_DIR moves it.
 *
 * This process becomes the server (`process.execve`: the same pid, a fresh Node with the
 * server's V8 flags) rather than starting it as a child, so nothing stands between npm, or a
 * service manager, and the server: a SIGTERM reaches the server itself, which drains and stops
 * its embedded PostgreSQL (server/main.ts), and its exit code is the process's.
 */
import { spawnSync } from 'node:child_process';
import { isBuildCurrent, root, serverEntry } from './build-state.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

if (!isBuildCurrent()) {
  console.log('Building Garage Ledger (the build is missing or older than its sources)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
// Flags this script was started with (`node --cpu-prof scripts/start.mjs`) go on to the server.
const nodeArgs = [...SERVER_NODE_FLAGS, ...process.execArgv];
process.execve(process.execPath, [process.execPath, ...nodeArgs, serverEntry], {
  ...process.env,
  NODE_ENV: 'production',
});
