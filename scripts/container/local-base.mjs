/**
 * The base image the container test builds on, made on this machine when it is missing (no image
 * registry is reachable here): Debian bookworm from debootstrap (minbase), imported as an image,
 * then Node.js (the project's own, from the `node` package in node_modules) and the machine's npm
 * added with the user `node` (uid 1000), as in the public node:24-bookworm-slim. Both images are
 * kept, so later runs skip this; the Node image's tag names its version, so a new pin makes a
 * new one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_FLAGS, imageExists, podmanShown, runShown } from './podman.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const DEBIAN_IMAGE = 'localhost/debian:bookworm-minbase';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';

/** What a slim Debian image leaves out: documentation, manuals and translations. */
const SLIM_EXCLUDES = [
  'path-exclude /usr/share/doc/*',
  'path-include /usr/share/doc/*/copyright',
  'path-exclude /usr/share/man/*',
  'path-exclude /usr/share/info/*',
  'path-exclude /usr/share/locale/*',
  'path-exclude /usr/share/lintian/*',
];

/** Makes (when missing) and answers the Debian bookworm image everything here starts from. */
export async function ensureDebianImage() {
  if (imageExists(DEBIAN_IMAGE)) return DEBIAN_IMAGE;
  console.log(`Making ${DEBIAN_IMAGE} with debootstrap (a minute or two, once)…`);
  const rootfs = fs.mkdtempSync(path.join('/var/tmp', 'garage-ledger-rootfs-'));
  try {
    await runShown('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    fs.writeFileSync(
      path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/slim'),
      `${SLIM_EXCLUDES.join('\n')}\n`,
    );
    fs.writeFileSync(
      path.join(rootfs, 'etc/apt/sources.list'),
      [
        `deb ${DEBIAN_MIRROR} bookworm main`,
        `deb ${DEBIAN_MIRROR} bookworm-updates main`,
        'deb http://deb.debian.org/debian-security bookworm-security main',
        '',
      ].join('\n'),
    );
    for (const folder of ['usr/share/man', 'usr/share/info', 'usr/share/locale']) {
      fs.rmSync(path.join(rootfs, folder), { recursive: true, force: true });
      fs.mkdirSync(path.join(rootfs, folder));
    }
    for (const folder of ['var/lib/apt/lists', 'var/cache/apt/archives', 'var/log']) {
      for (const entry of fs.readdirSync(path.join(rootfs, folder))) {
        if (entry === 'partial' || entry === 'lock') continue;
        fs.rmSync(path.join(rootfs, folder, entry), { recursive: true, force: true });
      }
    }
    const importing = `tar -C "$1" -c . | podman ${ENGINE_FLAGS.join(' ')} import --quiet --change 'CMD ["bash"]' - "$2"`;
    execFileSync('sh', ['-c', importing, 'sh', rootfs, DEBIAN_IMAGE], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
  return DEBIAN_IMAGE;
}

/** The project's Node.js binary (the `node` package's), whatever Node runs this script. */
function projectNode() {
  const binary = fs.realpathSync(path.join(root, 'node_modules', '.bin', 'node'));
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().slice(1);
  return { binary, version };
}

/** Builds (when missing) and answers the name of the local Node base image. */
export async function ensureLocalBase() {
  const node = projectNode();
  const name = `localhost/node:${node.version}-bookworm-slim`;
  if (imageExists(name)) return name;
  const debian = await ensureDebianImage();
  console.log(`Making ${name} (Node.js ${node.version} and npm on ${debian}, once)…`);
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'garage-ledger-node-base-'));
  try {
    fs.copyFileSync(node.binary, path.join(context, 'node'));
    fs.chmodSync(path.join(context, 'node'), 0o755);
    const globalModules = execFileSync('npm', ['root', '--global'], { encoding: 'utf8' }).trim();
    fs.cpSync(path.join(globalModules, 'npm'), path.join(context, 'npm'), { recursive: true });
    await podmanShown([
      'build',
      '--quiet',
      '--file',
      path.join(import.meta.dirname, 'node-base.Containerfile'),
      '--build-arg',
      `DEBIAN_IMAGE=${debian}`,
      '--tag',
      name,
      context,
    ]);
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
  return name;
}
