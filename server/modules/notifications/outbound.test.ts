/**
 * The judge of outbound addresses (decision 063), with the real resolver and real sockets on
 * loopback: which addresses are public, every spelling of a private one refused, and a request
 * that connects to the address judged, whatever DNS answers afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../test/http-receiver';
import {
  type CheckedAddress,
  isPublicAddress,
  judgeAddress,
  PrivateAddressError,
  pinnedLookup,
  postToAddress,
  resolveCheckedAddresses,
} from './outbound';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(() => receiver?.close());

describe('a public address', () => {
  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    // Loopback and the unspecified address.
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    // RFC 1918.
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    // Link-local, with the clouds' metadata service.
    '169.254.169.254',
    'fe80::1',
    'febf::1',
    // Unique-local.
    'fc00::1',
    'fd12:3456:789a::1',
    // Carrier-grade NAT.
    '100.64.0.1',
    '100.127.255.255',
    // Multicast and broadcast.
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    'ff02::1',
    // IPv4 inside IPv6: mapped (both spellings), IPv4-compatible, NAT64, 6to4.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:127.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2002:c0a8:114::1',
    // Not an address at all.
    'localhost',
    '',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('the addresses of a URL', () => {
  const strict = { allowPrivateAddresses: false };

  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.000.000.001/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://0/',
    'http://[::]/',
    'http://localhost:8080/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]/',
  ])('%s is refused', async (url) => {
    await expect(resolveCheckedAddresses(new URL(url), strict)).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
  });

  it('are refused when any of them is private, and allowed where the operator says so', async () => {
    const resolve = async (): Promise<CheckedAddress[]> => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const url = new URL('https://hooks.example.net/garage');
    await expect(
      resolveCheckedAddresses(url, { allowPrivateAddresses: false, resolve }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(await resolveCheckedAddresses(url, { allowPrivateAddresses: true, resolve })).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    expect(
      await resolveCheckedAddresses(new URL('http://127.1:8080/'), { allowPrivateAddresses: true }),
    ).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('are judged at saving: private, public, or a name that does not resolve now', async () => {
    const policy = { allowPrivateAddresses: false, timeoutMs: 5000 };
    expect(await judgeAddress('http://localhost:8080/topic', policy)).toBe('private');
    expect(await judgeAddress('https://[::ffff:127.0.0.1]/', policy)).toBe('private');
    expect(await judgeAddress('https://1.1.1.1/garage', policy)).toBe('public');
    // `.invalid` never resolves (RFC 6761): saved, and judged again at every send.
    expect(await judgeAddress('https://ntfy.garage-ledger.invalid/topic', policy)).toBe(
      'unresolved',
    );
  });
});

describe('a request', () => {
  const allowed = { allowPrivateAddresses: true, timeoutMs: 5000 };

  it('connects to the address judged, asking DNS once, whatever it would answer afterwards', async () => {
    receiver.received.length = 0;
    const port = new URL(receiver.url).port;
    let lookups = 0;
    // A name no resolver knows: the only way to reach the receiver is the address judged.
    const resolve = async (): Promise<CheckedAddress[]> => {
      lookups += 1;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [];
    };
    const status = await postToAddress(
      `http://rebinding.garage-ledger.invalid:${port}/hook`,
      { 'Content-Type': 'text/plain' },
      'hello',
      { ...allowed, resolve },
    );
    expect(status).toBe(200);
    expect(lookups).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.host).toBe(`rebinding.garage-ledger.invalid:${port}`);
    expect(receiver.received[0]!.body).toBe('hello');
  });

  it('is not made to a private address unless allowed', async () => {
    receiver.received.length = 0;
    await expect(
      postToAddress(`${receiver.url}/hook`, {}, 'hello', {
        allowPrivateAddresses: false,
        timeoutMs: 5000,
      }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(receiver.received).toHaveLength(0);
  });

  it('answers a redirect’s status without following it', async () => {
    receiver.received.length = 0;
    receiver.answer(307);
    try {
      expect(await postToAddress(`${receiver.url}/moved`, {}, 'hello', allowed)).toBe(307);
      expect(receiver.received).toHaveLength(1);
    } finally {
      receiver.answer(200);
    }
  });
});

describe('the pinned lookup', () => {
  const checked: CheckedAddress[] = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ];

  function lookUp(options: { family?: number; all?: boolean }) {
    return new Promise<unknown>((resolve, reject) => {
      pinnedLookup(checked)('anything.example', options, (error, address, family) => {
        if (error) reject(error);
        else resolve(options.all ? address : { address, family });
      });
    });
  }

  it('answers only the addresses checked, of the family asked', async () => {
    expect(await lookUp({ all: true })).toEqual(checked);
    expect(await lookUp({})).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await lookUp({ family: 6 })).toEqual({ address: '::1', family: 6 });
    expect(await lookUp({ family: 6, all: true })).toEqual([{ address: '::1', family: 6 }]);
  });
});
