import { describe, expect, it } from 'vitest';
import { KeyVault } from './key-crypto.ts';

const secret = (s: string) => new TextEncoder().encode(s.padEnd(32, '.'));

describe('KeyVault: the directory private keys at rest', () => {
  it('opens what it sealed, and each seal differs (a fresh IV)', () => {
    const vault = new KeyVault(secret('one'));
    const a = vault.seal('{"d":"private"}');
    expect(a).not.toContain('private');
    expect(a).not.toBe(vault.seal('{"d":"private"}'));
    expect(vault.open(a)).toBe('{"d":"private"}');
  });

  it('refuses a seal of another secret, or one altered', () => {
    const sealed = new KeyVault(secret('one')).seal('key');
    expect(() => new KeyVault(secret('two')).open(sealed)).toThrow();
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      new KeyVault(secret('one')).open([iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
  });
});
