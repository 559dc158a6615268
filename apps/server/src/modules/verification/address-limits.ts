import { ErrorCode } from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { RateLimiter } from './rate-limit.service.ts';

/**
 * Limits per client address (`request.ip`, from X-Forwarded-For with TRUST_PROXY) of the public
 * account calls, as route preHandlers so each route states its limit. Every call counts, before
 * anything is looked up and whatever the answer: each new account would buy more bind attempts,
 * and the answers 1010 (unknown) and 1012 (taken) tell which accounts exist.
 */
export class AddressLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: Config['addressLimits'],
  ) {}

  /** POST /global/register (REGISTER_IP_LIMIT per REGISTER_IP_WINDOW). */
  async register(request: FastifyRequest): Promise<void> {
    await this.limiter.consume(
      'register:ip',
      request.ip,
      [this.rules.register],
      ErrorCode.E1036_TOO_FREQUENT,
    );
  }

  /** phoneverify, resendmail, forgetverify, modifyPwd, together (CODE_IP_LIMIT per CODE_IP_WINDOW). */
  async codes(request: FastifyRequest): Promise<void> {
    await this.limiter.consume('code:ip', request.ip, [this.rules.codes], ErrorCode.E1036_TOO_FREQUENT);
  }
}
