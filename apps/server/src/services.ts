import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AccountService } from './modules/account/account.service.ts';
import { MessageRepo } from './modules/messages/message.repo.ts';
import { MessageService } from './modules/messages/message.service.ts';
import { ActivationRepo } from './modules/registration/activation.repo.ts';
import { RegistrationService } from './modules/registration/registration.service.ts';
import { AccessTokens } from './modules/session/access-token.ts';
import { LoginAttemptRepo } from './modules/session/login-throttle.repo.ts';
import { LoginThrottle } from './modules/session/login-throttle.service.ts';
import { LoginService } from './modules/session/login.service.ts';
import { SessionRepo } from './modules/session/session.repo.ts';
import { SessionService } from './modules/session/session.service.ts';
import { UserRepo } from './modules/users/user.repo.ts';
import { RateLimiter } from './modules/verification/rate-limit.service.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import type { Mailer } from './plugins/mail.ts';

/** The application's services, wired once per app instance (no module-level state). */
export function createServices(deps: { db: Kysely<Database>; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  const users = new UserRepo(db);
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtl);
  const sessions = new SessionService(db, new SessionRepo(db), tokens, config.refreshTokenTtl * 1000);
  const throttle = new LoginThrottle(
    new LoginAttemptRepo(db),
    config.loginThrottle.limit,
    config.loginThrottle.windowMs,
  );
  const limiter = new RateLimiter(db);
  const verification = new VerificationService(new VerificationRepo(db), limiter, mailer, config.jwtSecret);
  const messages = new MessageService(new MessageRepo(db));
  return {
    users,
    tokens,
    sessions,
    login: new LoginService(users, throttle, sessions),
    registration: new RegistrationService(
      db,
      config,
      users,
      new ActivationRepo(db),
      verification,
      messages,
      limiter,
      mailer,
    ),
    account: new AccountService(db, config, users, sessions, verification),
    messages,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}
