import type { TokenPair } from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { ClientMeta, IssuedTokens } from './session.service.ts';

/**
 * The login reply. `host` is '' (same origin) unless PUBLIC_URL was set and names another host
 * than the one the client called: then the client must talk to that regional host.
 */
export function presentTokenPair(config: Config, request: FastifyRequest, tokens: IssuedTokens): TokenPair {
  const publicHost = new URL(config.publicUrl).host;
  const host =
    config.publicUrlExplicit && request.host !== publicHost ? new URL(config.publicUrl).origin : '';
  return { ...tokens, host, region: config.region };
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
