import type { AddressInfo } from 'node:net';
import type { Config } from '../../config.ts';

/**
 * The ws(s):// base devices dial on this server: TUNNEL_PUBLIC_URL; else PUBLIC_URL when set
 * (one server behind a proxy); else the listening address (a wildcard bind becomes 127.0.0.1:
 * devices on other hosts need one of the settings). With several servers each one's
 * TUNNEL_PUBLIC_URL must name that server, not the load balancer.
 */
export function deviceBaseUrl(config: Config, address: AddressInfo | string | null): string {
  if (config.remote.publicUrl) return config.remote.publicUrl;
  if (config.publicUrlExplicit) return config.publicUrl.replace(/^http/, 'ws');
  if (address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `ws://${host}:${address.port}`;
  }
  return `ws://127.0.0.1:${config.port}`;
}
