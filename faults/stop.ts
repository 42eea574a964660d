/**
 * Stopping as a supervisor does: `npm start` runs in a process group of its own, and once it
 * answers, SIGTERM goes to the whole group (systemd and most supervisors stop a service so). The
 * server then gets the signal twice, from the group and passed on by npm, its parent:
 * scripts/start.mjs became the server (process.execve) rather than staying between them, and the
 * server's parent must be npm itself. Every process of the group must exit, the embedded
 * PostgreSQL (in a group of its own) must have stopped cleanly with it, and the next start on the
 * same DATA_DIR must find neither a PostgreSQL to stop nor a store to recover.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { isBuildCurrentIn } from '../scripts/build-state.mjs';
import { isProcessAlive } from '../server/db/data-dir-lock';
import { projectRoot } from '../server/paths';
import { embeddedPostgresPid, SERVING_LINE } from '../server/test/server-process';
import {
  builtMain,
  makeScratchFolder,
  type ScenarioResult,
  sleep,
  startApp,
  stopApp,
  stopLeftoverPostgres,
  waitUntil,
} from './lib';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const REPEAT_AFTER_MS = 50;

/** The pids of the processes in process group `group`, read from /proc. */
function processGroupMembers(group: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name (which may hold spaces): state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group) members.push(Number(entry));
    } catch {
      // Gone while we read.
    }
  }
  return members;
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Live processes whose command line names `folder` (PostgreSQL's is `postgres -D <folder>/…`). */
function processesNaming(folder: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .map(Number)
    .filter((pid) => commandLine(pid).includes(folder));
}

/** The parent of process `pid`. */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Resident memory of process `pid`, in MB. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The `node` release a process runs on, asked of its own executable. */
function runtimeOf(pid: number): string {
  const executable = fs.readlinkSync(`/proc/${pid}/exe`);
  return execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
}

export async function stopByProcessGroup(): Promise<ScenarioResult> {
  const problems: string[] = [];
  const distDir = path.dirname(path.dirname(builtMain));
  if (!isBuildCurrentIn(projectRoot, distDir)) {
    // `npm start` would build first, into the folder the other scenarios are running from.
    return {
      figures: {},
      problems: [`the build in ${distDir} is older than its sources: run \`npm run build\``],
    };
  }
  const root = makeScratchFolder('stop');
  const dataDir = path.join(root, 'data');
  const pinned = (
    JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies.node;
  const figures: Record<string, string | number> = {};

  const npm = spawn('npm', ['start'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
    },
  });
  const group = npm.pid!;
  let output = '';
  npm.stdout.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const started = await waitUntil(async () => SERVING_LINE.test(output), START_TIMEOUT_MS);
    if (!started) return { figures, problems: [`npm start did not serve in time:\n${output}`] };
    const url = SERVING_LINE.exec(output)![1]!;
    const health = await fetch(`${url}/healthz`);
    if (health.status !== 200) problems.push(`/healthz answered ${health.status}`);

    const members = processGroupMembers(group);
    const server = members.find((pid) => commandLine(pid).includes(builtMain));
    if (server === undefined) return { figures, problems: ['no server process in the group'] };
    const runtime = runtimeOf(server);
    figures['server runtime'] = runtime;
    if (runtime !== `v${pinned}`) problems.push(`the server runs on ${runtime}, not v${pinned}`);
    figures['processes in the group'] = members.length;
    const parent = parentOf(server);
    if (parent !== group) {
      problems.push(`the server's parent is \`${commandLine(parent)}\` (pid ${parent}), not npm`);
    }
    figures['npm RSS (MB)'] = residentMb(group);
    figures['server RSS at start (MB)'] = residentMb(server);
    const postgresPid = embeddedPostgresPid(dataDir);
    if (!postgresPid || !isProcessAlive(postgresPid)) problems.push('no embedded PostgreSQL ran');

    const stopStarted = performance.now();
    process.kill(-group, 'SIGTERM');
    // Whether the server's copy from npm lands before or after its first handler has run
    // is a matter of milliseconds; a second stop while it shuts down (a supervisor asking again,
    // Ctrl-C pressed twice) always lands after.
    await sleep(REPEAT_AFTER_MS);
    if (processGroupMembers(group).length > 0) process.kill(-group, 'SIGTERM');
    const allExited = await waitUntil(
      async () => processGroupMembers(group).length === 0,
      STOP_TIMEOUT_MS,
    );
    figures['stop (ms)'] = Math.round(performance.now() - stopStarted);
    if (!allExited) problems.push(`processes of the group still ran ${STOP_TIMEOUT_MS} ms later`);
    if (!output.includes('SIGTERM received, shutting down')) {
      problems.push(`the server never said it was shutting down:\n${output.slice(-2000)}`);
    }
    if (postgresPid && isProcessAlive(postgresPid)) {
      problems.push(`PostgreSQL (pid ${postgresPid}) is still running after the app stopped`);
    }
    if (fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) {
      problems.push('postmaster.pid is left in DATA_DIR');
    }
    const naming = processesNaming(dataDir);
    if (naming.length > 0) {
      problems.push(`processes naming DATA_DIR still run: ${naming.map(commandLine).join('; ')}`);
    }
    const postgresLog = path.join(dataDir, 'postgres.log');
    if (!fs.readFileSync(postgresLog, 'utf8').trimEnd().endsWith('database system is shut down')) {
      problems.push('postgres.log does not end with a clean shutdown');
    }

    // The next start, on the same data.
    const logSize = fs.statSync(postgresLog).size;
    const next = await startApp({ DATA_DIR: dataDir });
    try {
      if (next.output().includes('left running by an earlier crash')) {
        problems.push('the next start had to stop a PostgreSQL left running');
      }
      const recovery = fs.readFileSync(postgresLog, 'utf8').slice(logSize);
      if (/not properly shut down|automatic recovery/.test(recovery)) {
        problems.push(`the next start recovered the store:\n${recovery}`);
      }
    } finally {
      await stopApp(next);
    }
    return { figures, problems };
  } finally {
    for (const pid of processGroupMembers(group)) process.kill(pid, 'SIGKILL');
    await stopLeftoverPostgres(dataDir);
    fs.rmSync(root, { recursive: true, force: true });
  }
}
