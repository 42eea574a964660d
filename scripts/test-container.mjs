#!/usr/bin/env node
/**
 * `npm run test:container`: the Dockerfile and both compose files, built and run with podman, as
 * a self-hoster would run them (docs/decisions/059; run before each release, docs/testing.md).
 *
 * It installs podman, runc, debootstrap and podman-compose when missing (root on Debian), builds a
 * local base of the public image's shape when missing (scripts/container/local-base.mjs: no image
 * registry is needed), builds the image on it, and checks with the containers running: /healthz
 * and the image's own HEALTHCHECK; settings taken from the environment; an account, a vehicle
 * and its photo that outlive the container (a new one on the same volume finds them, bytes and
 * all); every process inside running as the user `node`, PID 1 being the server itself;
 * `podman stop` returning within 10 s with PostgreSQL shut down cleanly and no crash recovery
 * on the next start; the README's backup of the volume restored into another; a folder of the
 * host refused plainly until it belongs to uid 1000; compose.yaml's app on its named volume; and
 * compose.postgres.yaml's two app servers on one PostgreSQL serving a session from either, with
 * the README's pg_dump and pg_restore. It prints the image's size and the time from `podman run`
 * to the first answer, on a fresh volume and on an existing one.
 *
 * Everything it creates carries its run's name and is removed at the end, even on failure; the
 * images (base, app, the PostgreSQL stand-in) stay so the next run reuses their layers.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, gradientPng, waitForHealth } from './container/garage-api.mjs';
import { ensureDebianImage, ensureLocalBase } from './container/local-base.mjs';
import {
  ENGINE_FLAGS,
  ensureHostTools,
  imageExists,
  LIMIT_FLAGS,
  podman,
  podmanResult,
  podmanShown,
  writeContainersConf,
} from './container/podman.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** The name both compose files give the image (`image: garage-ledger`). */
const IMAGE = 'localhost/garage-ledger:latest';
const POSTGRES_IMAGE = 'docker.io/library/postgres:18';
const RUN = `garage-ledger-test-${process.pid}`;
const LABEL = `garage-ledger-test=${RUN}`;
const STOP_LIMIT_MS = 10_000;
const START_GOAL_MS = 2_000;
const EXISTING_VOLUME_STARTS = 3;
const CRASH_RECOVERY = /not properly shut down|automatic recovery in progress|redo starts at/;

const figures = [];
const cleanups = [];
/** The compose projects of this run, for their logs when a check fails. */
const projects = [];

function check(passed, text, detail = '') {
  if (!passed) throw new Error(`✗ ${text}${detail ? `\n    ${detail}` : ''}`);
  console.log(`  ✓ ${text}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function ids(kind, filter) {
  const listed = podman(
    [kind, ...(kind === 'ps' ? ['--all'] : ['ls']), '--quiet', '--filter', filter],
    {
      allowFailure: true,
    },
  );
  return listed.split('\n').filter(Boolean);
}

/** Removes every container, volume and network carrying `filter`'s label. */
function removeLabelled(filter) {
  const containers = ids('ps', filter);
  if (containers.length) {
    podman(['rm', '--force', '--volumes', ...containers], { allowFailure: true });
  }
  const volumes = ids('volume', filter);
  if (volumes.length) podman(['volume', 'rm', '--force', ...volumes], { allowFailure: true });
  const networks = ids('network', filter);
  if (networks.length) podman(['network', 'rm', '--force', ...networks], { allowFailure: true });
}

function showLogsOf(filter) {
  for (const container of ids('ps', filter)) {
    const name = podman(['inspect', '--format', '{{.Name}}', container], { allowFailure: true });
    const logs = podmanResult(['logs', '--tail', '25', container]);
    console.error(`\n--- last lines of ${name} ---\n${logs.stdout}${logs.stderr}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function buildImage() {
  console.log('\nThe image');
  const baseImage = await ensureLocalBase();
  const secret = [];
  const extraCertificates = process.env.NODE_EXTRA_CA_CERTS;
  // npm inside the build trusts what Node trusts here (a proxy that re-signs TLS, say).
  if (extraCertificates && fs.existsSync(extraCertificates)) {
    secret.push('--secret', `id=ca_certificates,src=${extraCertificates}`);
  }
  const since = performance.now();
  await podmanShown(
    [
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      ...LIMIT_FLAGS,
      '--build-arg',
      `BASE_IMAGE=${baseImage}`,
      ...secret,
      '--tag',
      IMAGE,
      root,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const buildMs = performance.now() - since;
  const image = JSON.parse(podman(['image', 'inspect', IMAGE]))[0];
  const base = JSON.parse(podman(['image', 'inspect', baseImage]))[0];
  const config = image.Config;
  check(config.User === 'node', 'the image runs as the user node', `User: ${config.User}`);
  check(
    JSON.stringify(Object.keys(config.Volumes ?? {})) === '["/data"]',
    'one volume, /data',
    JSON.stringify(config.Volumes),
  );
  check('3000/tcp' in (config.ExposedPorts ?? {}), 'port 3000 exposed');
  check(
    /\/healthz/.test(JSON.stringify(image.Config.Healthcheck ?? image.Healthcheck ?? {})),
    'a HEALTHCHECK on /healthz',
  );
  const sizeMb = (bytes) => `${Math.round(bytes / 1e6)} MB`;
  figures.push(
    `image ${IMAGE}: ${sizeMb(image.Size)} (its base ${baseImage}: ${sizeMb(base.Size)})`,
    `build: ${seconds(buildMs)}`,
  );
}

// ---------------------------------------------------------------------------------------------

function runApp(name, volume, port, env = {}) {
  const settings = { HOST: '127.0.0.1', PORT: String(port), ...env };
  podman([
    'run',
    '--detach',
    '--name',
    name,
    '--label',
    LABEL,
    ...LIMIT_FLAGS,
    '--network',
    'host',
    ...Object.entries(settings).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    '--volume',
    `${volume}:/data`,
    IMAGE,
  ]);
}

/** `podman stop` (its default 10 s before SIGKILL), timed; checks the exit and the log. */
function stopTimed(name, postgresLog) {
  const since = performance.now();
  podman(['stop', name]);
  const stopMs = performance.now() - since;
  check(stopMs < STOP_LIMIT_MS, `podman stop returned in ${seconds(stopMs)} (limit 10 s)`);
  const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', name]);
  check(exitCode === '0', 'the server exited with 0 (not killed)', `exit code ${exitCode}`);
  const logs = podmanResult(['logs', name]);
  check(
    logs.stdout.includes('SIGTERM received, shutting down') &&
      !logs.stdout.includes('shutdown took too long'),
    'PID 1 got SIGTERM and shut down in order',
  );
  const log = fs.readFileSync(postgresLog, 'utf8').trimEnd();
  check(
    log.endsWith('database system is shut down'),
    'PostgreSQL shut down cleanly before the container ended',
    log.split('\n').slice(-3).join('\n    '),
  );
  return stopMs;
}

function processesOf(name) {
  const lines = podman(['top', name, 'pid', 'user', 'state', 'args']).split('\n').slice(1);
  return lines.map((line) => {
    const [pid, user, state, ...args] = line.trim().split(/\s+/);
    return { pid: Number(pid), user, state, command: args.join(' ') };
  });
}

async function embeddedApp() {
  console.log('\nThe app alone (embedded PostgreSQL, data in a volume)');
  const volume = `${RUN}-data`;
  podman(['volume', 'create', '--label', LABEL, volume]);
  const dataDir = podman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume]);
  const postgresLog = path.join(dataDir, 'postgres.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const supportEmail = `help-${process.pid}@garage.example`;
  const env = { SUPPORT_EMAIL: supportEmail, PUBLIC_URL: base };

  let name = `${RUN}-app-1`;
  let since = performance.now();
  runApp(name, volume, port, env);
  const freshMs = await waitForHealth(base, since);
  check(true, `/healthz answers 200 on a fresh volume (${seconds(freshMs)} after podman run)`);
  figures.push(`first /healthz, fresh volume: ${seconds(freshMs)} (initdb and migrations)`);
  check(
    podmanResult(['healthcheck', 'run', name]).status === 0,
    "the image's HEALTHCHECK passes (podman healthcheck run)",
  );
  const site = await new Client(base).expect(200, 'GET', '/api/site');
  check(
    site.supportEmail === supportEmail,
    'settings come from the environment (SUPPORT_EMAIL, HOST, PORT, PUBLIC_URL)',
    JSON.stringify(site),
  );

  const processes = processesOf(name);
  const [first] = processes;
  check(
    first.pid === 1 &&
      first.command.includes('/app/dist/server/main.js') &&
      SERVER_NODE_FLAGS.every((flag) => first.command.includes(flag)),
    'PID 1 is the server itself, with its V8 flags (no npm, no shell)',
    first.command,
  );
  check(
    processes.some((running) => running.command.includes('bin/postgres')) &&
      processes.every((running) => running.user === 'node'),
    'every process, PostgreSQL too, runs as node, none as root',
    processes.map((running) => `${running.pid} ${running.user} ${running.command}`).join('\n    '),
  );
  const status = podman(['exec', name, 'cat', '/proc/1/status']);
  check(
    /^Uid:\s+1000\s+1000\s+1000\s+1000$/m.test(status) &&
      podman(['exec', name, 'id', '-u']) === '1000',
    'PID 1 and podman exec run as uid 1000',
  );

  const owner = new Client(base);
  const email = `owner-${process.pid}@garage.example`;
  await owner.register(email);
  const vehicle = await owner.addVehicle({ year: 1967, make: 'Ford', model: 'Mustang' });
  const photo = gradientPng();
  const image = await owner.addPhoto(vehicle.id, photo);
  const stored = await owner.download(image.imageUrl);
  check(
    stored.type.startsWith('image/') && stored.bytes.length > 0,
    `registered, added a vehicle and uploaded a photo (${photo.length} bytes of PNG, stored as ${stored.type})`,
  );

  const stopTimes = [stopTimed(name, postgresLog)];
  podman(['rm', name]);
  check(
    fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')) &&
      !fs.existsSync(path.join(dataDir, 'garage-ledger.lock')),
    'the volume holds the database, and the app released its lock',
  );

  const startTimes = [];
  for (let start = 1; start <= EXISTING_VOLUME_STARTS; start++) {
    const logLength = fs.statSync(postgresLog).size;
    name = `${RUN}-app-${start + 1}`;
    since = performance.now();
    runApp(name, volume, port, env);
    startTimes.push(await waitForHealth(base, since));
    const newLines = fs.readFileSync(postgresLog, 'utf8').slice(logLength);
    const appLog = podmanResult(['logs', name]).stdout;
    check(
      !CRASH_RECOVERY.test(newLines) && !appLog.includes('left running by an earlier crash'),
      `a new container on the same volume answers in ${seconds(startTimes.at(-1))}, with no crash recovery`,
      newLines.match(CRASH_RECOVERY)?.[0],
    );
    if (start === 1) {
      const vehicles = await owner.expect(200, 'GET', '/api/vehicles');
      const found = vehicles.find((entry) => entry.id === vehicle.id);
      check(
        found?.make === 'Ford' && found.imageUrl === image.imageUrl,
        'the session, the vehicle and its photo are still there',
        JSON.stringify(found),
      );
      const again = await owner.download(image.imageUrl);
      check(again.bytes.equals(stored.bytes), 'the photo answers the same bytes as before');
      const zombies = processesOf(name).filter((running) => running.state === 'Z');
      check(zombies.length === 0, 'no zombie process', JSON.stringify(zombies));
    }
    stopTimes.push(stopTimed(name, postgresLog));
    podman(['rm', name]);
  }
  await volumeBackupAndRestore(volume, port, env, owner, vehicle, stored.bytes, image.imageUrl);
  const typical = median(startTimes);
  figures.push(
    `first /healthz, existing volume: ${startTimes.map(seconds).join(', ')} (median ${seconds(typical)}; goal under 2 s: ${typical < START_GOAL_MS ? 'met' : 'missed'})`,
    `podman stop: ${stopTimes.map(seconds).join(', ')}`,
  );
}

/** The README's backup of a stopped app's volume (a tar of /data), restored into a new volume. */
async function volumeBackupAndRestore(volume, port, env, owner, vehicle, photoBytes, photoUrl) {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-backup-'));
  cleanups.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
  const tar = (target, ...args) =>
    podman([
      'run',
      '--rm',
      ...LIMIT_FLAGS,
      '--user',
      'root',
      '--entrypoint',
      'tar',
      '--volume',
      `${target}:/data`,
      '--volume',
      `${backupDir}:/backup`,
      IMAGE,
      ...args,
    ]);
  tar(volume, '-czf', '/backup/garage-ledger-data.tgz', '-C', '/data', '.');
  const restored = `${RUN}-restored`;
  podman(['volume', 'create', '--label', LABEL, restored]);
  tar(restored, '-xzf', '/backup/garage-ledger-data.tgz', '-C', '/data');
  const name = `${RUN}-app-restored`;
  runApp(name, restored, port, env);
  await waitForHealth(`http://127.0.0.1:${port}`, performance.now());
  const vehicles = await owner.expect(200, 'GET', '/api/vehicles');
  const again = await owner.download(photoUrl);
  check(
    vehicles.some((entry) => entry.id === vehicle.id) && again.bytes.equals(photoBytes),
    `the volume's backup (tar of /data, ${Math.round(fs.statSync(path.join(backupDir, 'garage-ledger-data.tgz')).size / 1e6)} MB) restored into a new volume serves the same garage`,
  );
  podman(['stop', name]);
  podman(['rm', name]);
}

/** The README's host folder instead of a volume: refused plainly until it belongs to uid 1000. */
async function hostFolder() {
  console.log('\nA folder of the host as /data');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-host-data-'));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  fs.chmodSync(folder, 0o755);
  const port = await freePort();
  const refused = `${RUN}-host-folder-refused`;
  runApp(refused, folder, port);
  const exitCode = podman(['wait', refused]);
  const logs = podmanResult(['logs', refused]);
  const output = `${logs.stdout}${logs.stderr}`;
  check(
    exitCode === '1' &&
      output.includes(
        'Garage Ledger could not start: DATA_DIR /data cannot be written by the user Garage ' +
          'Ledger runs as (uid 1000).',
      ) &&
      !/^\s+at /m.test(output),
    "a root's folder stops the app with a plain message naming uid 1000",
    output.trim().split('\n').slice(-4).join('\n    '),
  );
  fs.chownSync(folder, 1000, 1000);
  const served = `${RUN}-host-folder`;
  runApp(served, folder, port);
  await waitForHealth(`http://127.0.0.1:${port}`, performance.now());
  check(
    fs.existsSync(path.join(folder, 'postgres', 'PG_VERSION')),
    'given to uid 1000 (chown 1000:1000), the same folder holds the database and serves',
  );
  stopTimed(served, path.join(folder, 'postgres.log'));
}

// ---------------------------------------------------------------------------------------------

function compose(file, project, args, env) {
  const result = spawnSync('podman-compose', ['--file', file, '--project-name', project, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(`podman-compose ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
}

function serviceContainer(project, service) {
  return podman([
    'ps',
    '--all',
    '--format',
    '{{.Names}}',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
  ]);
}

async function composeAlone() {
  console.log('\ncompose.yaml (podman-compose)');
  const project = `${RUN}-compose`;
  projects.push(project);
  cleanups.push(() => removeLabelled(`label=io.podman.compose.project=${project}`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The published address and port in one setting, so that nothing listens beyond loopback.
  const env = { GARAGE_LEDGER_PORT: `127.0.0.1:${port}`, PUBLIC_URL: base };
  compose('compose.yaml', project, ['up', '--detach'], env);
  await waitForHealth(base, performance.now());
  const client = new Client(base);
  await client.register(`compose-${process.pid}@garage.example`);
  await client.addVehicle({ year: 2019, make: 'Honda', model: 'Civic' });
  check(true, 'up: the app answers on its published port; an account and a vehicle are stored');
  const volume = `${project}_garage-ledger-data`;
  const dataDir = podman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume]);
  check(
    fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')),
    `the data lives in the named volume (${volume})`,
  );
  stopTimed(serviceContainer(project, 'garage-ledger'), path.join(dataDir, 'postgres.log'));
  removeLabelled(`label=io.podman.compose.project=${project}`);
}

/**
 * The public postgres:18 cannot be pulled here: when it is not in local storage, a stand-in
 * (Debian's PostgreSQL behind the official image's settings, scripts/container/) takes its name
 * for the run. Debian's is 15, the oldest the app supports; its pg_dump matches its server, so
 * the README's backup commands run as written.
 */
async function providePostgres() {
  if (imageExists(POSTGRES_IMAGE)) return 'postgres:18 (found in local storage)';
  const standIn = 'localhost/garage-ledger-test-postgres:15-debian';
  if (!imageExists(standIn)) {
    console.log(`  Making ${standIn} (once)…`);
    const context = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-postgres-'));
    try {
      fs.copyFileSync(
        path.join(import.meta.dirname, 'container', 'postgres-entrypoint.sh'),
        path.join(context, 'postgres-entrypoint.sh'),
      );
      fs.chmodSync(path.join(context, 'postgres-entrypoint.sh'), 0o755);
      await podmanShown(
        [
          'build',
          '--quiet',
          '--format',
          'docker',
          '--network',
          'host',
          ...LIMIT_FLAGS,
          '--file',
          path.join(import.meta.dirname, 'container', 'postgres.Containerfile'),
          '--build-arg',
          `BASE_IMAGE=${await ensureDebianImage()}`,
          '--tag',
          standIn,
          context,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    } finally {
      fs.rmSync(context, { recursive: true, force: true });
    }
  }
  podman(['tag', standIn, POSTGRES_IMAGE]);
  cleanups.push(() => podman(['untag', standIn, POSTGRES_IMAGE], { allowFailure: true }));
  return `postgres:18, stood in for by ${standIn},`;
}

async function untilHealthy(container, timeoutMs = 120_000) {
  const since = performance.now();
  while (performance.now() - since < timeoutMs) {
    if (podmanResult(['healthcheck', 'run', container]).status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${container} was not healthy within ${timeoutMs / 1000} s`);
}

async function composeWithPostgres() {
  console.log('\ncompose.postgres.yaml (podman-compose): PostgreSQL and two app servers');
  const postgres = await providePostgres();
  const project = `${RUN}-replicas`;
  projects.push(project);
  cleanups.push(() => removeLabelled(`label=io.podman.compose.project=${project}`));
  const [port1, port2] = [await freePort(), await freePort()];
  const env = {
    POSTGRES_PASSWORD: crypto.randomBytes(18).toString('hex'),
    APP_1_PORT: String(port1),
    APP_2_PORT: String(port2),
  };
  // podman-compose does not wait for a dependency's health: PostgreSQL first, then the rest.
  compose('compose.postgres.yaml', project, ['up', '--detach', 'postgres'], env);
  await untilHealthy(serviceContainer(project, 'postgres'));
  check(true, `${postgres} is healthy by the file's own check (pg_isready)`);
  compose('compose.postgres.yaml', project, ['up', '--detach'], env);
  const [first, second] = [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`];
  await Promise.all([first, second].map((base) => waitForHealth(base, performance.now())));
  check(true, 'both app servers answer /healthz on the one database');
  const appVolumes = ['app-1', 'app-2'].flatMap((service) =>
    JSON.parse(
      podman(['inspect', '--format', '{{json .Mounts}}', serviceContainer(project, service)]),
    )
      .filter((mount) => mount.Type === 'volume')
      .map((mount) => mount.Name),
  );
  check(appVolumes.length === 0, 'the app servers keep no volume of their own', appVolumes.join());

  const onFirst = new Client(first);
  const email = `replicas-${process.pid}@garage.example`;
  await onFirst.register(email);
  const onSecond = onFirst.at(second);
  const user = await onSecond.expect(200, 'GET', '/api/user');
  check(user.email === email, 'a session made on app-1 is served by app-2', JSON.stringify(user));
  const vehicle = await onSecond.addVehicle({ year: 2004, make: 'Saab', model: '9-3' });
  const listed = await onFirst.expect(200, 'GET', '/api/vehicles');
  check(
    listed.some((entry) => entry.id === vehicle.id),
    'a vehicle added through app-2 is listed by app-1',
  );

  // The README's pg_dump and pg_restore, run in the postgres service's container as
  // `docker compose exec -T postgres …` runs them.
  const database = serviceContainer(project, 'postgres');
  const dump = spawnSync(
    'podman',
    [
      ...ENGINE_FLAGS,
      ...['exec', '--interactive', database, 'pg_dump', '-U', 'garage_ledger', '-Fc'],
      'garage_ledger',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  check(
    dump.status === 0 && dump.stdout.subarray(0, 5).toString() === 'PGDMP',
    `pg_dump wrote a backup of the database (${Math.round(dump.stdout.length / 1e3)} KB)`,
    dump.stderr?.toString(),
  );
  await onFirst.expect(200, 'DELETE', `/api/vehicles/${vehicle.id}`);
  const afterDelete = await onSecond.expect(200, 'GET', '/api/vehicles');
  check(
    !afterDelete.some((entry) => entry.id === vehicle.id),
    'then the vehicle is deleted through app-1, and app-2 no longer lists it',
  );
  const apps = ['app-1', 'app-2'].map((service) => serviceContainer(project, service));
  for (const [index, container] of apps.entries()) {
    const since = performance.now();
    podman(['stop', container]);
    const stopMs = performance.now() - since;
    check(stopMs < STOP_LIMIT_MS, `app-${index + 1} stopped in ${seconds(stopMs)}`);
  }
  const restore = podmanResult(
    [
      ...['exec', '--interactive', database, 'pg_restore', '-U', 'garage_ledger'],
      ...['-d', 'garage_ledger', '--clean', '--if-exists'],
    ],
    { input: dump.stdout },
  );
  check(restore.status === 0, 'pg_restore --clean put the backup back', restore.stderr);
  for (const container of apps) podman(['start', container]);
  await Promise.all([first, second].map((base) => waitForHealth(base, performance.now())));
  const afterRestore = await onSecond.expect(200, 'GET', '/api/vehicles');
  check(
    afterRestore.some((entry) => entry.id === vehicle.id),
    'after the restore both servers start again, the session holds and the deleted vehicle is back',
  );
  await onSecond.expect(200, 'POST', '/api/logout');
  const afterLogout = await onFirst.call('GET', '/api/user');
  check(afterLogout.status === 401, 'signing out on app-2 ends the session on app-1 too');
  removeLabelled(`label=io.podman.compose.project=${project}`);
}

// ---------------------------------------------------------------------------------------------

let cleaning = false;
function cleanUp() {
  if (cleaning) return;
  cleaning = true;
  for (const cleanup of cleanups.reverse()) cleanup();
}

process.on('SIGINT', () => {
  console.error('\nInterrupted: removing what the test made…');
  cleanUp();
  process.exit(130);
});

let failed = false;
try {
  console.log(`Container test ${RUN} (load average ${os.loadavg()[0].toFixed(1)})`);
  ensureHostTools([
    { command: 'podman', pkg: 'podman' },
    { command: 'runc', pkg: 'runc' },
    { command: 'debootstrap', pkg: 'debootstrap' },
    { command: 'podman-compose', pkg: 'podman-compose' },
  ]);
  const containersConf = writeContainersConf();
  process.env.CONTAINERS_CONF = containersConf;
  cleanups.push(() => fs.rmSync(path.dirname(containersConf), { recursive: true, force: true }));
  cleanups.push(() => removeLabelled(`label=${LABEL}`));
  await buildImage();
  await embeddedApp();
  await hostFolder();
  await composeAlone();
  await composeWithPostgres();
} catch (error) {
  failed = true;
  console.error(`\n${error.message ?? error}`);
  showLogsOf(`label=${LABEL}`);
  for (const project of projects) showLogsOf(`label=io.podman.compose.project=${project}`);
} finally {
  cleanUp();
}

console.log('\nFigures');
for (const figure of figures) console.log(`  ${figure}`);
console.log(`  load average after the run: ${os.loadavg()[0].toFixed(1)} (2 cores shared)`);
console.log(failed ? '\nThe container test FAILED.' : '\nEvery container check passed.');
process.exit(failed ? 1 : 0);
