/**
 * Decision 056 with two app servers on one database, each keeping its own finished answers: a
 * write by one session is seen by the next read of another session of the same user, on the
 * server that took the write and on the other; the tag read before answers 200, not 304.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCountingApp, setUpTestApp } from '../test/app';
import { type SignedInUser, sessionCookieFrom } from '../test/auth';
import { newUser } from '../test/factory';

const first = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
let second: Awaited<ReturnType<typeof createStatementCountingApp>>;
let user: SignedInUser;
/** The session that reads: another browser of the same user. */
let readerCookie: string;

type Server = { name: string; inject: typeof first.inject };
const servers = (): Server[] => [
  { name: 'the server that took the write', inject: first.inject },
  {
    name: 'the other server',
    inject: async (options) => (await second.inject(options as never)).response,
  },
];

beforeAll(async () => {
  second = await createStatementCountingApp(first);
  user = await newUser(first);
  const signIn = await first.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  expect(signIn.statusCode).toBe(200);
  readerCookie = `gl_session=${sessionCookieFrom(signIn.headers['set-cookie'])}`;
});

afterAll(() => second?.close());

const readVehicles = (server: Server, etag?: string) =>
  server.inject({
    method: 'GET',
    url: '/api/vehicles',
    headers: {
      cookie: readerCookie,
      'accept-encoding': 'br, gzip',
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });

/** The models listed, from the answer as sent (brotli or gzip when long enough). */
function models(response: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  const encoding = response.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? zlib.brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? zlib.gunzipSync(response.rawPayload)
        : response.rawPayload;
  const vehicles = JSON.parse(bytes.toString()) as { model: string }[];
  return vehicles.map((vehicle) => vehicle.model).sort();
}

describe('two servers on one database', () => {
  it('give the same tag for the same data, and each answers it with a 304', async () => {
    const [one, other] = servers();
    const fromOne = await readVehicles(one!);
    const fromOther = await readVehicles(other!);
    expect(fromOne.headers.etag).toBe(fromOther.headers.etag);
    expect((await readVehicles(one!, String(fromOne.headers.etag))).statusCode).toBe(304);
    expect((await readVehicles(other!, String(fromOne.headers.etag))).statusCode).toBe(304);
  });

  for (const [writer, model] of [
    [0, 'Civic'],
    [1, 'Accord'],
  ] as const) {
    it(`see a write through ${writer === 0 ? 'the first' : 'the second'} server at once, on both`, async () => {
      const all = servers();
      // Both servers have read and kept the list as it was.
      const before = await readVehicles(all[0]!);
      await readVehicles(all[1]!);
      const etag = String(before.headers.etag);

      const created = await all[writer]!.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { cookie: user.cookie },
        payload: { year: 2020, make: 'Honda', model },
      });
      expect(created.statusCode, created.body).toBe(201);

      for (const server of all) {
        const after = await readVehicles(server, etag);
        expect(after.statusCode, server.name).toBe(200);
        expect(after.headers.etag, server.name).not.toBe(etag);
        expect(models(after), server.name).toContain(model);
        expect(models(after), server.name).toHaveLength(models(before).length + 1);
      }
    });
  }
});
