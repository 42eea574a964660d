/**
 * Where the server's own requests to ntfy and webhook addresses may go (decision 063): public
 * addresses only, unless the operator allows private ones (`ALLOW_PRIVATE_WEBHOOKS`, a home
 * network). A user's address could otherwise make the server call what only it can reach: itself,
 * its database, the cloud's metadata service, the machines of its network.
 *
 * The host is resolved (every address `dns.lookup` gives), each address is judged, and the
 * request connects only to the addresses judged: they are handed to it through its `lookup`, so
 * a name whose DNS answer changes between the check and the connection (DNS rebinding) cannot lead
 * it elsewhere. Numeric spellings (`127.1`, `0x7f000001`, `2130706433`, `[::ffff:127.0.0.1]`)
 * are read by the URL parser as the address they reach, and judged as such.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * IPv4 blocks that are not public (IANA's special-purpose registry, not globally reachable): this
 * network and the unspecified address, private networks (RFC 1918), carrier-grade NAT, loopback,
 * link-local, protocol assignments, the documentation and benchmarking networks, multicast, and
 * the reserved block with the broadcast address.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 blocks that are not public: the unspecified and loopback addresses with the deprecated
 * IPv4-compatible ones (::/96), NAT64's local-use prefix, discard-only, Teredo, benchmarking,
 * documentation, unique-local, link-local, the old site-local, and multicast. The IPv4 forms
 * inside IPv6 (mapped, NAT64, 6to4) are judged by the IPv4 address they carry.
 */
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of NOT_PUBLIC_V4) NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of NOT_PUBLIC_V6) NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a final dotted quad read). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const part = (piece: string) => (piece === '' ? [] : piece.split(':'));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...Array<string>(missing).fill('0'), ...back].map((group) =>
    /^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? null : groups;
}

const dottedQuad = (high: number, low: number) =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d and ::ffff:0:a.b.c.d), NAT64, 6to4. */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return dottedQuad(g6, g7);
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return dottedQuad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return dottedQuad(g6, g7);
  }
  if (g0 === 0x2002) return dottedQuad(g1, g2);
  return null;
}

/** Whether the server may send to `address` without the operator's leave: a public IP address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== null) return isPublicAddress(ipv4);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/** An address the request may connect to, judged. */
export type CheckedAddress = { address: string; family: 4 | 6 };

/** The address resolves to a private one, and the operator has not allowed them. */
export class PrivateAddressError extends Error {
  constructor() {
    super('The address is not public');
    this.name = 'PrivateAddressError';
  }
}

/** Every address of a host name, as the system resolver gives them (its hosts file too). */
export type ResolveHost = (hostname: string) => Promise<CheckedAddress[]>;

const resolveWithSystem: ResolveHost = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** What the request needs of the operator's choice. */
export type OutboundPolicy = { allowPrivateAddresses: boolean; resolve?: ResolveHost };

/**
 * The addresses `url` reaches, each judged: throws PrivateAddressError when any is not public
 * (and private ones are not allowed), or the resolver's error when the name does not resolve.
 */
export async function resolveCheckedAddresses(
  url: URL,
  { allowPrivateAddresses, resolve = resolveWithSystem }: OutboundPolicy,
): Promise<CheckedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(host);
  const addresses: CheckedAddress[] =
    family === 0 ? await resolve(host) : [{ address: host, family: family === 6 ? 6 : 4 }];
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivateAddresses && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new PrivateAddressError();
  }
  return addresses;
}

/**
 * The judgement of a saved address: `private` when it reaches a private address, `public` when
 * every address it resolves to is public, `unresolved` when its name does not resolve now (it is
 * judged again at every send, so nothing unjudged is ever called).
 */
export async function judgeAddress(
  url: string,
  policy: OutboundPolicy & { timeoutMs: number },
): Promise<'public' | 'private' | 'unresolved'> {
  try {
    await raceSignal(
      resolveCheckedAddresses(new URL(url), policy),
      AbortSignal.timeout(policy.timeoutMs),
    );
    return 'public';
  } catch (error) {
    return error instanceof PrivateAddressError ? 'private' : 'unresolved';
  }
}

/** `promise`, or the signal's reason once it aborts (a DNS lookup cannot itself be cancelled). */
function raceSignal<Value>(promise: Promise<Value>, signal: AbortSignal): Promise<Value> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Value>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * A `lookup` for the request that answers only the addresses judged, whatever DNS says now: the
 * connection goes where the check looked (for the family asked, when one is).
 */
export function pinnedLookup(addresses: readonly CheckedAddress[]): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
    const first = usable[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`No checked address of ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all) {
      callback(
        null,
        usable.map(({ address, family }) => ({ address, family })),
      );
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/**
 * POSTs `body` to `url` at one of its judged addresses and answers the status of the answer,
 * never reading its body. Redirects are not followed (a 3xx is an answer like any other). Every
 * failure to get an answer within `timeoutMs` (name, connection, TLS, timeout) rejects.
 */
export async function postToAddress(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: OutboundPolicy & { timeoutMs: number },
): Promise<number> {
  const target = new URL(url);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  const addresses = await raceSignal(resolveCheckedAddresses(target, policy), signal);
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        // A fresh connection each time: a kept-alive one could lead to an address judged before.
        agent: false,
        signal,
      },
      (response) => {
        // The body is never read: nothing of it reaches the user or the logs.
        response.on('error', () => {});
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
