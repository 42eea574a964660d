/**
 * The flags every Chromium we start runs with (the browser tests and Lighthouse): headless on a
 * machine with no GPU and a small /dev/shm, and, as TOOLCHAIN.md asks, never reaching out to
 * Google's hosts or anything but loopback.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
