/**
 * The calls the container test makes, as a browser would: JSON and multipart over HTTP with the
 * session cookie, and an `Origin` on every write (the server refuses writes from other sites).
 */
import zlib from 'node:zlib';

export class Client {
  /** @param {string} base e.g. http://127.0.0.1:3000 */
  constructor(base, cookie = '') {
    this.base = base;
    this.cookie = cookie;
  }

  /** The same session, through another server. */
  at(base) {
    return new Client(base, this.cookie);
  }

  async call(method, path, { json, form } = {}) {
    const headers = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') headers.origin = this.base;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body });
    const session = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith('gl_session='));
    if (session) this.cookie = session;
    return response;
  }

  /** The answer's JSON when its status is `expected`; otherwise an error naming both. */
  async expect(expected, method, path, options) {
    const response = await this.call(method, path, options);
    const text = await response.text();
    if (response.status !== expected) {
      throw new Error(`${method} ${path} answered ${response.status}, not ${expected}: ${text}`);
    }
    return text ? JSON.parse(text) : undefined;
  }

  register(email) {
    return this.expect(201, 'POST', '/api/register', {
      json: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'correct-horse-1',
        authType: 'local',
      },
    });
  }

  addVehicle(vehicle) {
    return this.expect(201, 'POST', '/api/vehicles', { json: vehicle });
  }

  addPhoto(vehicleId, png) {
    const form = new FormData();
    form.append('vehicleId', String(vehicleId));
    form.append('caption', 'In the driveway');
    form.append('isPrimary', 'true');
    form.append('image', new Blob([png], { type: 'image/png' }), 'driveway.png');
    return this.expect(201, 'POST', '/api/vehicle-images', { form });
  }

  /** The bytes at `path` (a stored file), with their type. */
  async download(path) {
    const response = await this.call('GET', path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return {
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }
}

/** A real PNG (a 64 × 48 gradient), written by hand: the test needs no image library. */
export function gradientPng(width = 64, height = 48) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row.writeUInt8(Math.round((x / width) * 255), 1 + x * 3);
      row.writeUInt8(Math.round((y / height) * 255), 2 + x * 3);
      row.writeUInt8(160, 3 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Polls `GET /healthz` until it answers 200; resolves with the milliseconds since `since`. */
export async function waitForHealth(base, since, timeoutMs = 120_000) {
  while (performance.now() - since < timeoutMs) {
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${base}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
}
