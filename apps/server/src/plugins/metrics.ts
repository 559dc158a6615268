import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList } from 'node:net';
import { ErrorCode } from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { messageOf } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app: several apps run in one test process). */
    metrics: Registry;
  }
}

/** Loopback and private networks: who may read /metrics when no METRICS_TOKEN is set. */
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateNetworks.addSubnet(net, prefix, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6'); // unique local
privateNetworks.addSubnet('fe80::', 10, 'ipv6'); // link local

/** True for a loopback or private address (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return privateNetworks.check(mapped[1]!, 'ipv4');
  if (ip.includes(':')) return privateNetworks.check(ip.replace(/%.*$/, ''), 'ipv6');
  return privateNetworks.check(ip, 'ipv4');
}

/** What a scrape of /metrics gets: the text, 401 (token missing or wrong), or 404 (not for this address). */
export type MetricsAccess = 'allowed' | 'missing' | 'wrong' | 'hidden';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends `Authorization: Bearer <token>`
 * (compared in constant time, over digests so that the length says nothing either). Without:
 * only loopback and private addresses, and only asked directly: a request that came through a
 * proxy (Forwarded or X-Forwarded-For) while TRUST_PROXY is off says nothing of its client, so it
 * is refused. Everyone else gets the 404 of an unknown route.
 */
export function metricsGuard(config: Pick<Config, 'metricsToken' | 'trustProxy'>) {
  const expected = config.metricsToken === undefined ? null : digest(config.metricsToken);
  return (request: FastifyRequest): MetricsAccess => {
    if (expected) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!bearer) return 'missing';
      return timingSafeEqual(digest(bearer[1]!), expected) ? 'allowed' : 'wrong';
    }
    const proxied =
      request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
    if (proxied && !config.trustProxy) return 'hidden';
    return isPrivateAddress(request.ip) ? 'allowed' : 'hidden';
  };
}

/**
 * The Prometheus registry of the app (`app.metrics`, labelled with this server's writer name)
 * and GET /metrics, at the root so that a scraper uses it as is (docs/metrics.md). Features
 * register their metrics on the registry where the composition root builds them. prom-client's
 * default process metrics start with the first scrape that is served: an app nobody scrapes
 * (tests, benches) runs no event-loop monitor or GC observer.
 */
export const metricsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const registry = new Registry();
    registry.setDefaultLabels({ server: config.ingest.writerName });
    app.decorate('metrics', registry);
    const guard = metricsGuard(config);
    let defaults = false;
    app.get('/metrics', async (request, reply) => {
      const access = guard(request);
      if (access === 'hidden') return reply.callNotFound();
      if (access !== 'allowed') {
        const code =
          access === 'missing' ? ErrorCode.E1008_AUTH_HEADER_MISSING : ErrorCode.E1001_AUTHENTICATION;
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code, data: null, msg: messageOf(code) });
      }
      if (!defaults) {
        collectDefaultMetrics({ register: registry });
        defaults = true;
      }
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
