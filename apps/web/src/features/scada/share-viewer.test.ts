import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import { isShareRefused, shareViewState } from './share-viewer.api.ts';
import { sniffAssetKind } from './use-asset-urls.ts';

const refused = new ApiError(ErrorCode.E1001_AUTHENTICATION, 'no', { reason: 'revoked' }, false);

describe('shareViewState', () => {
  it('is ended on a refused token (1001)', () => {
    expect(isShareRefused(refused)).toBe(true);
    expect(shareViewState({ ended: false, error: refused, hasData: true })).toBe('ended');
  });
  it('is ended once the socket closed for the token, data or not', () =>
    expect(shareViewState({ ended: true, error: null, hasData: true })).toBe('ended'));
  it('fails (with a retry) on anything else', () => {
    const busy = new ApiError(ErrorCode.E1036_TOO_FREQUENT, 'busy', null, false);
    expect(isShareRefused(busy)).toBe(false);
    expect(shareViewState({ ended: false, error: busy, hasData: false })).toBe('failed');
  });
  it('loads, then is ready', () => {
    expect(shareViewState({ ended: false, error: null, hasData: false })).toBe('loading');
    expect(shareViewState({ ended: false, error: null, hasData: true })).toBe('ready');
  });
});

describe('sniffAssetKind', () => {
  const bytes = (...b: number[]) => new Uint8Array(b).buffer;
  it('tells PNG, JPEG and drawings apart', () => {
    expect(sniffAssetKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d))).toBe('png');
    expect(sniffAssetKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffAssetKind(new TextEncoder().encode('<svg/>').buffer)).toBe('svg');
  });
});
