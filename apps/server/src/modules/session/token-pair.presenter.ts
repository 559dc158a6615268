import type { TokenPair } from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { ClientMeta, IssuedTokens } from './session.service.ts';

/**
 * The login reply. `host` is '' (same origin) unless PUBLIC_URL was set and names another host
 * than the one the client called: then the client must talk to that regional host.
 */
export function presentTokenPair(
  config: Config,
  request: FastifyRequest,
  tokens: IssuedTokens & { host?: string; region?: string },
): TokenPair {
  // A directory's login: the region it placed the account in.
  if (tokens.host !== undefined && tokens.region !== undefined) {
    return {
      token: tokens.token,
      refresh_token: tokens.refresh_token,
      host: tokens.host,
      region: tokens.region,
    };
  }
  const publicHost = new URL(config.publicUrl).host;
  const host =
    config.publicUrlExplicit && request.host !== publicHost ? new URL(config.publicUrl).origin : '';
  return { token: tokens.token, refresh_token: tokens.refresh_token, host, region: config.region };
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
