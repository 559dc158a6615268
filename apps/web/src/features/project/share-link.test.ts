import { describe, expect, it } from 'vitest';
import type { ShareItem } from '@hmi/domain';
import { expiryHours, expiryMax, shareLink, shareStateAt } from './share-link.ts';

const at = { origin: 'https://hmi.example.com', pathname: '/console/' };

describe('shareLink', () => {
  it('puts the token in the fragment, never in the query', () => {
    const link = shareLink('abc_DEF-123', at);
    expect(link).toBe('https://hmi.example.com/console/#/scada?share=abc_DEF-123');
    const url = new URL(link);
    expect(url.search).toBe('');
    expect(url.searchParams.has('share')).toBe(false);
    expect(url.hash).toBe('#/scada?share=abc_DEF-123');
  });

  it('escapes what a query would not carry as is', () => {
    expect(shareLink('a+b/c=', at)).toBe('https://hmi.example.com/console/#/scada?share=a%2Bb%2Fc%3D');
  });
});

describe('expiryHours', () => {
  it('turns days into hours within 1 hour to 1 year', () => {
    expect(expiryHours(1, 'hours')).toBe(1);
    expect(expiryHours(30, 'days')).toBe(720);
    expect(expiryHours(365, 'days')).toBe(8760);
    expect(expiryHours(8760, 'hours')).toBe(8760);
  });

  it('refuses nothing, zero, fractions and more than a year', () => {
    expect(expiryHours(null, 'days')).toBeUndefined();
    expect(expiryHours(0, 'hours')).toBeUndefined();
    expect(expiryHours(1.5, 'hours')).toBeUndefined();
    expect(expiryHours(366, 'days')).toBeUndefined();
    expect(expiryHours(8761, 'hours')).toBeUndefined();
    expect(expiryMax('days')).toBe(365);
  });
});

describe('shareStateAt', () => {
  const item = (over: Partial<ShareItem>): ShareItem => ({
    id: 1,
    project_id: 2,
    name: 'Wall',
    created_by: 3,
    created_at: 1_000,
    expires_at: 10_000,
    revoked_at: null,
    last_used_at: null,
    state: 'active',
    ...over,
  });

  it('active before its expiry', () => expect(shareStateAt(item({}), 9_999)).toBe('active'));
  it('expired once its time is past, even when read as active', () =>
    expect(shareStateAt(item({}), 10_000)).toBe('expired'));
  it('expired as the server says', () =>
    expect(shareStateAt(item({ state: 'expired' }), 5_000)).toBe('expired'));
  it('revoked stays revoked after its expiry', () =>
    expect(shareStateAt(item({ revoked_at: 5_000, state: 'revoked' }), 20_000)).toBe('revoked'));
});
