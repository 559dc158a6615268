import { describe, expect, it } from 'vitest';
import { checkedAddress, refusedAddress, RefusedTarget, type Resolver } from './webhook-http.ts';

/* The SSRF check on its own: addresses, and names through an injected resolver. */

const resolving =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
  ])('refuses %s by default', (ip) => {
    expect(refusedAddress(ip, false)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '192.0.2.1'])('allows %s', (ip) => {
    expect(refusedAddress(ip, false)).toBeNull();
  });

  it('with WEBHOOK_ALLOW_PRIVATE allows loopback and private, never metadata or unspecified', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.10', '::1', 'fe80::1']) {
      expect(refusedAddress(ip, true), ip).toBeNull();
    }
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '0.0.0.0', '::', '::ffff:169.254.169.254']) {
      expect(refusedAddress(ip, true), ip).not.toBeNull();
    }
  });

  it.each([['127.0.0.1'], ['10.0.0.1'], ['169.254.169.254'], ['93.184.216.34', '10.1.2.3']])(
    'refuses a name resolving to %s after resolution',
    async (...addresses) => {
      await expect(
        checkedAddress('hooks.example.com', resolving(...addresses), false),
      ).rejects.toBeInstanceOf(RefusedTarget);
    },
  );

  it('pins the first address of a name whose every address passes', async () => {
    await expect(
      checkedAddress('hooks.example.com', resolving('93.184.216.34', '93.184.216.35'), false),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('checks a bracketed IPv6 literal without resolving it', async () => {
    const never: Resolver = () => Promise.reject(new Error('asked'));
    await expect(checkedAddress('[::1]', never, false)).rejects.toThrow(/not allowed/);
    await expect(checkedAddress('[2606:4700::1111]', never, false)).resolves.toMatchObject({ family: 6 });
  });

  it('refuses a name that does not resolve', async () => {
    const fails: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    await expect(checkedAddress('nowhere.invalid', fails, false)).rejects.toThrow(/cannot resolve/);
  });
});
