/**
 * Podman as the container test drives it. On these Debian machines crun refuses the hybrid
 * cgroup mount and raising a limit is not permitted, so every call runs with runc and cgroupfs,
 * and every container with limits lowered to what the app needs. The same settings go to
 * podman-compose's own podman calls through a containers.conf of our own (CONTAINERS_CONF).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ENGINE_FLAGS = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
export const LIMIT_FLAGS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

/** A containers.conf carrying the flags above, for podman started by other tools. */
export function writeContainersConf() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-podman-')), 'c.conf');
  fs.writeFileSync(
    file,
    [
      '[containers]',
      'default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      '',
    ].join('\n'),
  );
  return file;
}

/** Runs podman and answers its stdout; a failure throws with podman's own words. */
export function podman(args, { allowFailure = false, input } = {}) {
  const result = spawnSync('podman', [...ENGINE_FLAGS, ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`podman ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  }
  return result.stdout.trim();
}

/** Runs a long command with its output shown as it comes; resolves when it succeeds. */
export function runShown(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export function podmanShown(args, options) {
  return runShown('podman', [...ENGINE_FLAGS, ...args], options);
}

/** Runs podman and answers its status and output, whatever they are. */
export function podmanResult(args, { input } = {}) {
  return spawnSync('podman', [...ENGINE_FLAGS, ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function imageExists(name) {
  return podmanResult(['image', 'exists', name]).status === 0;
}

/** The Debian packages the test needs, installed when missing (root on Debian only). */
export function ensureHostTools(tools) {
  const missing = tools.filter(
    ({ command }) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0,
  );
  if (missing.length === 0) return;
  const packages = missing.map(({ pkg }) => pkg);
  if (process.getuid?.() !== 0 || !fs.existsSync('/etc/debian_version')) {
    throw new Error(
      `The container test needs ${packages.join(', ')}; install them (Debian: apt-get install ` +
        `${packages.join(' ')}) or run it as root on Debian, where it installs them itself.`,
    );
  }
  console.log(`Installing ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}
