import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (tests inject one that answers what they need). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

// Never a target, whatever the operator allows: unspecified, multicast, reserved, broadcast, and
// the cloud metadata services (AWS/GCP/Azure 169.254.169.254, AWS IPv6, Alibaba).
const always = new BlockList();
always.addSubnet('0.0.0.0', 8, 'ipv4');
always.addSubnet('224.0.0.0', 4, 'ipv4');
always.addSubnet('240.0.0.0', 4, 'ipv4');
always.addAddress('169.254.169.254', 'ipv4');
always.addAddress('100.100.100.200', 'ipv4');
always.addAddress('::', 'ipv6');
always.addSubnet('ff00::', 8, 'ipv6');
always.addAddress('fd00:ec2::254', 'ipv6');

// Loopback, private, shared (CGNAT), link-local, benchmarking, unique local: allowed only with
// WEBHOOK_ALLOW_PRIVATE (an on-premises receiver).
const internal = new BlockList();
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('100.64.0.0', 10, 'ipv4');
internal.addSubnet('127.0.0.0', 8, 'ipv4');
internal.addSubnet('169.254.0.0', 16, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.0.0.0', 24, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addSubnet('198.18.0.0', 15, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');
internal.addSubnet('fe80::', 10, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(ip: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why an address may not be a webhook's target, or null when it may. */
export function refusedAddress(ip: string, allowPrivate: boolean): string | null {
  const v4 = isIP(ip) === 6 ? embeddedIpv4(ip) : undefined;
  if (v4 !== undefined) return refusedAddress(v4, allowPrivate);
  const family = isIP(ip) === 6 ? 'ipv6' : isIP(ip) === 4 ? 'ipv4' : null;
  if (!family) return `not an IP address: ${ip}`;
  if (always.check(ip, family)) return `address not allowed: ${ip}`;
  if (!allowPrivate && internal.check(ip, family)) return `private address not allowed: ${ip}`;
  return null;
}

/** A target refused before any connection (the delivery log shows the reason). */
export class RefusedTarget extends Error {}

/**
 * The address to connect to: the URL's IP, or the first address its host resolves to, once every
 * address it resolves to passed the check (a name that resolves to a private address among public
 * ones is refused: which one a client would use is not ours to guess).
 */
export async function checkedAddress(
  hostname: string,
  resolve: Resolver,
  allowPrivate: boolean,
): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal === 6 ? (6 as const) : (4 as const) }]
    : await resolve(host).catch((err: unknown) => {
        throw new RefusedTarget(`cannot resolve ${host}: ${(err as Error).message}`);
      });
  if (addresses.length === 0) throw new RefusedTarget(`cannot resolve ${host}`);
  for (const a of addresses) {
    const why = refusedAddress(a.address, allowPrivate);
    if (why) throw new RefusedTarget(literal ? why : `${host}: ${why}`);
  }
  return addresses[0]!;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolve: Resolver;
  /** Bytes of the answer kept. */
  excerptBytes: number;
}

export interface PostResult {
  status: number;
  excerpt: string;
  latencyMs: number;
}

/**
 * POSTs `body` to `url` through the checked address only: the connection's `lookup` answers the
 * address checked here (DNS is asked once, so a name cannot resolve to a public address for the
 * check and a private one for the connection); the Host header and TLS server name stay the
 * URL's. Redirects are answers like any other (not followed). Rejects with RefusedTarget, a
 * timeout or a connection error.
 */
export async function postPinned(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostResult> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new RefusedTarget(`not http or https: ${target.protocol}`);
  }
  const pinned = await checkedAddress(target.hostname, options.resolve, options.allowPrivate);
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const started = performance.now();
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolvePost, reject) => {
    const req = transport.request(
      target,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          resolvePost({
            status: res.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, options.excerptBytes),
            latencyMs: Math.round(performance.now() - started),
          });
          res.destroy();
        };
        res.on('data', (c: Buffer) => {
          if (size >= options.excerptBytes) return;
          chunks.push(c);
          size += c.length;
          if (size >= options.excerptBytes) done();
        });
        res.on('end', done);
        res.on('error', reject);
      },
    );
    req.on('error', (err) => {
      reject(err.name === 'AbortError' ? new Error(`timed out after ${options.timeoutMs} ms`) : err);
    });
    req.end(body);
  });
}
