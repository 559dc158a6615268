import { HealthService } from '../modules/health/health.service.ts';
import { CreatorGrantService } from '../modules/role/index.ts';
import { DataScopeRepo } from '../modules/role/data-scope.repo.ts';
import { MemberGrantsRepo } from '../modules/role/member-grants.repo.ts';
import { LoginAttemptRepo } from '../modules/session/login-throttle.repo.ts';
import { LoginThrottle } from '../modules/session/login-throttle.service.ts';
import { LoginService, type LoginPlacement } from '../modules/session/login.service.ts';
import { PrincipalService } from '../modules/session/principal.service.ts';
import { SessionRepo } from '../modules/session/session.repo.ts';
import { SessionService } from '../modules/session/session.service.ts';
import { UserRepo } from '../modules/users/user.repo.ts';
import { UserService } from '../modules/users/user.service.ts';
import { AddressLimits } from '../modules/verification/address-limits.ts';
import { RateLimiter } from '../modules/verification/rate-limit.service.ts';
import { VerificationRepo } from '../modules/verification/verification.repo.ts';
import { VerificationService } from '../modules/verification/verification.service.ts';
import type { Infrastructure } from './infrastructure.ts';
import { composeTokens } from './regions.ts';

/**
 * Accounts and sessions: users, tokens, who calls (principals with their data scopes), sessions,
 * login, verification codes and the rate limiter they share. Needs only the infrastructure.
 */
export function composeAccounts(infra: Infrastructure) {
  const { db, config, mailer, bus } = infra;
  const users = new UserService(new UserRepo(db));
  // By what this server is: alone, a directory or a region (docs/regions.md).
  const composedTokens = composeTokens(infra, users);
  const tokens = composedTokens.codec;
  const scopes = new DataScopeRepo(db);
  // What a sub-account creates stays visible to them (a member grant, see CreatorGrantService).
  const memberGrants = new MemberGrantsRepo(db);
  const principals = new PrincipalService(tokens, users, scopes);
  const sessions = new SessionService(
    db,
    new SessionRepo(db),
    tokens,
    {
      refreshTtlMs: config.refreshTokenTtl * 1000,
      reuseGraceMs: config.refreshReuseGrace * 1000,
      secret: config.jwtSecret,
    },
    bus,
  );
  const throttle = new LoginThrottle(
    new LoginAttemptRepo(db),
    config.loginThrottle.limit,
    config.loginThrottle.windowMs,
  );
  const limiter = new RateLimiter(db);
  const verification = new VerificationService(new VerificationRepo(db), limiter, mailer, config.jwtSecret);
  // A directory places each sign-in in a region (set once the directory is composed).
  let placer: LoginPlacement | null = null;
  const placement: LoginPlacement = {
    place: (user, region) => (placer ? placer.place(user, region) : Promise.resolve(undefined)),
  };
  return {
    composedTokens,
    setPlacement: (p: LoginPlacement | null) => {
      placer = p;
    },
    services: {
      health: new HealthService(db),
      users,
      tokens,
      principals,
      sessions,
      login: new LoginService(users, throttle, sessions, placement),
      addressLimits: new AddressLimits(limiter, config.addressLimits),
      scopes,
    },
    verification,
    limiter,
    memberGrants,
    creators: new CreatorGrantService(memberGrants),
  };
}

export type Accounts = ReturnType<typeof composeAccounts>;
