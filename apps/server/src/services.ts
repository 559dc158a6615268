import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DeviceConfigPublisher } from './devices/device-config.publisher.ts';
import { AccountService } from './modules/account/account.service.ts';
import { DeviceGroupRepo } from './modules/device-group/device-group.repo.ts';
import { DeviceGroupService } from './modules/device-group/device-group.service.ts';
import { BindThrottle } from './modules/device/bind-throttle.ts';
import { BindingWall } from './modules/device/binding-wall.ts';
import { DeviceRepo } from './modules/device/device.repo.ts';
import { DeviceService } from './modules/device/device.service.ts';
import type { HistoryStore } from './modules/history-store/index.ts';
import { HistoryRepo } from './modules/history/history.repo.ts';
import { HistoryService } from './modules/history/history.service.ts';
import { LabelRepo } from './modules/label/label.repo.ts';
import { LabelService } from './modules/label/label.service.ts';
import { MessageRepo } from './modules/messages/message.repo.ts';
import { MessageService } from './modules/messages/message.service.ts';
import { MonitorRepo } from './modules/monitor/monitor.repo.ts';
import { MonitorService } from './modules/monitor/monitor.service.ts';
import { ActivationRepo } from './modules/registration/activation.repo.ts';
import { RegistrationService } from './modules/registration/registration.service.ts';
import { AccessTokens } from './modules/session/access-token.ts';
import { LoginAttemptRepo } from './modules/session/login-throttle.repo.ts';
import { LoginThrottle } from './modules/session/login-throttle.service.ts';
import { LoginService } from './modules/session/login.service.ts';
import { SessionRepo } from './modules/session/session.repo.ts';
import { SessionService } from './modules/session/session.service.ts';
import { TemplateRepo } from './modules/template/template.repo.ts';
import { TemplateService } from './modules/template/template.service.ts';
import { UserRepo } from './modules/users/user.repo.ts';
import { AddressLimits } from './modules/verification/address-limits.ts';
import { RateLimiter } from './modules/verification/rate-limit.service.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import type { Bus } from './plugins/bus.ts';
import type { Mailer } from './plugins/mail.ts';

/** The application's services, wired once per app instance (no module-level state). */
export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  bus: Bus;
  deviceConfig: DeviceConfigPublisher;
  historyStore: HistoryStore;
}) {
  const { db, config, mailer, deviceConfig, historyStore } = deps;
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
  const groupRepo = new DeviceGroupRepo(db);
  const deviceGroups = new DeviceGroupService(db, groupRepo);
  const labelRepo = new LabelRepo(db);
  const templates = new TemplateService(db, config, new TemplateRepo(db), deviceConfig);
  const bindingWall = new BindingWall(db, deps.bus, historyStore);
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
    addressLimits: new AddressLimits(limiter, config.addressLimits),
    messages,
    deviceGroups,
    labels: new LabelService(labelRepo),
    historyStore,
    history: new HistoryService(new HistoryRepo(db), historyStore),
    templates,
    bindingWall,
    devices: new DeviceService(
      db,
      new DeviceRepo(db),
      groupRepo,
      deviceGroups,
      labelRepo,
      templates,
      deviceConfig,
      new BindThrottle(limiter),
      bindingWall,
    ),
    monitor: new MonitorService(db, new MonitorRepo(db), historyStore.deviceTags, deviceConfig),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}
