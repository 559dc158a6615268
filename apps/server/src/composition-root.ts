import { MenuPath } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Engine } from './db/create-database.ts';
import type { Database } from './db/database.ts';
import { DbDeviceRegistry } from './modules/device-connection/db-device-registry.ts';
import { DeviceConfigPublisher } from './modules/device-connection/device-config.publisher.ts';
import { DeviceConnectionRepo } from './modules/device-connection/device-connection.repo.ts';
import { DeviceConnectionService } from './modules/device-connection/device-connection.service.ts';
import { DeviceLinkRunner } from './modules/device-connection/device-link.runner.ts';
import { DeviceStateService } from './modules/device-connection/device-state.service.ts';
import { AccountService } from './modules/account/account.service.ts';
import { AlarmGroupRepo } from './modules/alarm-rule/alarm-group.repo.ts';
import { AlarmGroupService } from './modules/alarm-rule/alarm-group.service.ts';
import { AlarmRuleChanges } from './modules/alarm-rule/alarm-rule.changes.ts';
import { AlarmRuleImporter } from './modules/alarm-rule/alarm-rule.import.ts';
import { AlarmRuleRepo } from './modules/alarm-rule/alarm-rule.repo.ts';
import { AlarmRuleService } from './modules/alarm-rule/alarm-rule.service.ts';
import { AlarmEngine } from './modules/alarm/alarm-engine.ts';
import { notifyDefaults } from './modules/alarm/alarm-notify-policy.ts';
import { AlarmRecordRepo } from './modules/alarm/alarm-record.repo.ts';
import { AlarmService } from './modules/alarm/alarm.service.ts';
import { CommandTracker } from './modules/commands/command-tracker.ts';
import { DeviceGroupRepo } from './modules/device-group/device-group.repo.ts';
import { DeviceGroupService } from './modules/device-group/device-group.service.ts';
import { BindThrottle } from './modules/device/bind-throttle.ts';
import { BindingWall } from './modules/device/binding-wall.ts';
import { Catalogue } from './modules/device/index.ts';
import { DeviceRepo } from './modules/device/device.repo.ts';
import { DeviceService } from './modules/device/device.service.ts';
import { HealthService } from './modules/health/health.service.ts';
import { HistoryStore } from './modules/history-store/index.ts';
import { HistoryRepo } from './modules/history/history.repo.ts';
import { HistoryService } from './modules/history/history.service.ts';
import { IngestService } from './modules/ingest/ingest.service.ts';
import { LabelRepo } from './modules/label/label.repo.ts';
import { BoardRepo } from './modules/board/board.repo.ts';
import { BoardService } from './modules/board/board.service.ts';
import { LabelService } from './modules/label/label.service.ts';
import { ControlPanelRepo } from './modules/control-panel/control-panel.repo.ts';
import { ControlPanelService } from './modules/control-panel/control-panel.service.ts';
import { DeviceActs } from './modules/live/device-acts.ts';
import { LiveHub } from './modules/live/live-hub.ts';
import { LiveRepo } from './modules/live/live.repo.ts';
import { MessageRepo } from './modules/messages/message.repo.ts';
import { MessageService } from './modules/messages/message.service.ts';
import { MonitorRepo } from './modules/monitor/monitor.repo.ts';
import { MonitorService } from './modules/monitor/monitor.service.ts';
import { AlarmMailer } from './modules/notify/alarm-mailer.ts';
import { DeliveryRepo } from './modules/notify/delivery.repo.ts';
import { NotifyHub, notifyHubDefaults } from './modules/notify/notify-hub.ts';
import { NotifyService } from './modules/notify/notify.service.ts';
import { ActivationRepo } from './modules/registration/activation.repo.ts';
import { RegistrationService } from './modules/registration/registration.service.ts';
import { AccessTokens } from './modules/session/access-token.ts';
import { LoginAttemptRepo } from './modules/session/login-throttle.repo.ts';
import { LoginThrottle } from './modules/session/login-throttle.service.ts';
import { LoginService } from './modules/session/login.service.ts';
import { RoleRepo } from './modules/role/role.repo.ts';
import { MemberGrantsRepo } from './modules/role/member-grants.repo.ts';
import { DataScopeRepo } from './modules/role/data-scope.repo.ts';
import { DataPickerRepo } from './modules/role/data-picker.repo.ts';
import { DataPickerService, CreatorGrantService, GrantRules, RoleService } from './modules/role/index.ts';
import { InvitationService } from './modules/invitation/index.ts';
import { InvitationRepo } from './modules/invitation/invitation.repo.ts';
import { InvitationLimits } from './modules/invitation/invitation-limits.ts';
import {
  MemberAccessService,
  MemberService,
  MembershipService,
  type MembershipHooks,
} from './modules/member/index.ts';
import { MemberAccessRepo } from './modules/member/member-access.repo.ts';
import { MemberRepo } from './modules/member/member.repo.ts';
import { PrincipalService } from './modules/session/principal.service.ts';
import { ZoneService } from './modules/zone/index.ts';
import { composeRemote } from './modules/remote/index.ts';
import { ZoneRepo } from './modules/zone/zone.repo.ts';
import {
  BillingAccountService,
  BillingClock,
  CardActivationService,
  DeviceQuotaService,
  RechargeRecordService,
  TagAllocationService,
  TrafficLedgerService,
  TrafficService,
  TemplateLockService,
} from './modules/billing/index.ts';
import { BillingEventsRepo } from './modules/billing/billing-events.repo.ts';
import { BillingNotifier } from './modules/billing/billing-notifier.ts';
import { BillingLedgerRepo } from './modules/billing/billing-ledger.repo.ts';
import { CardRepo } from './modules/billing/card.repo.ts';
import { TrafficRepo } from './modules/billing/traffic.repo.ts';
import { SessionRepo } from './modules/session/session.repo.ts';
import { SessionService } from './modules/session/session.service.ts';
import { SettagRepo } from './modules/settag/settag.repo.ts';
import { SettagService } from './modules/settag/settag.service.ts';
import { TemplateRepo } from './modules/device/template.repo.ts';
import { TemplateService } from './modules/device/template.service.ts';
import { UserRepo } from './modules/users/user.repo.ts';
import { UserService } from './modules/users/user.service.ts';
import { AddressLimits } from './modules/verification/address-limits.ts';
import { RateLimiter } from './modules/verification/rate-limit.service.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import type { Bus } from './plugins/bus.ts';
import type { Mailer } from './plugins/mail.ts';
import { createDeviceLink, readDeviceLinkEnv } from './plugins/mqtt/device-link-settings.ts';
import { attached, type Runnable } from './plugins/runtime.ts';

/** What the infrastructure plugins opened before the app is composed. */
export interface Infrastructure {
  db: Kysely<Database>;
  /** The database engine (SQL that differs by engine: history). */
  dbEngine: Engine;
  config: Config;
  mailer: Mailer;
  bus: Bus;
  log: FastifyBaseLogger;
}

/**
 * The composition root: every service, repository, hub and engine of the app is built here, once
 * per app instance (no module-level state), from the infrastructure the plugins opened, and
 * wired to each other. Nothing here does I/O. `services` is what routes reach as `app.services`;
 * `runtime` lists the parts that run, in start order, for the runtime plugin to start and stop;
 * `deviceMqttUrl` says where devices connect once the link runs.
 */
export function composeApp(infra: Infrastructure) {
  const { db, dbEngine, config, mailer, bus, log } = infra;

  // Accounts and sessions.
  const users = new UserService(new UserRepo(db));
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtl);
  const scopes = new DataScopeRepo(db);
  // What a sub-account creates stays visible to them (a member grant, see CreatorGrantService).
  const memberGrants = new MemberGrantsRepo(db);
  const creators = new CreatorGrantService(memberGrants);
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
  const alarmRecords = new AlarmRecordRepo(db);
  const messages = new MessageService(new MessageRepo(db), bus, alarmRecords);

  // The device connection and what devices record.
  const deviceRegistry = new DbDeviceRegistry(db);
  const linkSettings = readDeviceLinkEnv({
    mqttUrl: config.mqttUrl,
    mqttPort: config.mqttPort,
    deviceAutoRegister: config.deviceAutoRegister,
    host: config.host,
    broker: config.broker,
  });
  if (config.mqttClientId) linkSettings.clientId = config.mqttClientId;
  if (config.mqttShareGroup) linkSettings.shareGroup = config.mqttShareGroup;
  const deviceLink = createDeviceLink(linkSettings, deviceRegistry);
  const catalogue = new Catalogue(db);
  const historyStore = new HistoryStore({
    db,
    engine: dbEngine,
    writer: config.ingest,
    retention: config.history,
    log,
  });
  const ruleRepo = new AlarmRuleRepo(db);
  const deviceConfig = new DeviceConfigPublisher(db, deviceLink, catalogue.tags, ruleRepo, log);
  const deviceConnections = new DeviceConnectionService(new DeviceConnectionRepo(db));
  const deviceState = new DeviceStateService(db, deviceConfig, log, deviceConnections);
  const deviceLinkRunner = new DeviceLinkRunner(deviceLink, deviceState, config);

  // Billing: cards make the template allowance that templates and getUserInfo read.
  const cardRepo = new CardRepo(db);
  const billingLedger = new BillingLedgerRepo(db);
  // One clock for card status, allowance, locks and the billing messages job (tests move it).
  const billingClock = new BillingClock();
  const billingAccount = new BillingAccountService(cardRepo, billingLedger, billingClock.now);
  // Templates beyond the allowance lock; devices collect what their TAG allocation allows.
  const templateLocks = new TemplateLockService(billingAccount, bus, billingClock.now);
  const deviceQuotas = new DeviceQuotaService(billingLedger, templateLocks, config.billingEnabled);
  // Remote Access traffic: the remote access sessions record bytes and ask canStart here.
  const trafficRepo = new TrafficRepo(db);
  const trafficLedger = new TrafficLedgerService(db, dbEngine, trafficRepo, billingClock.now);

  // Devices, groups, labels, templates and their alarm rules.
  const deviceGroups = new DeviceGroupService(db, new DeviceGroupRepo(db), creators, bus);
  const labels = new LabelService(new LabelRepo(db));
  const templates = new TemplateService(
    db,
    config,
    new TemplateRepo(db),
    deviceConfig,
    ruleRepo,
    creators,
    billingAccount,
    templateLocks,
  );
  billingAccount.attachTemplates(templates);
  templateLocks.attachTemplates(templates);
  const bindingWall = new BindingWall(db, bus, historyStore, deviceConnections);
  const alarmGroupRepo = new AlarmGroupRepo(db);
  const ruleChanges = new AlarmRuleChanges(db, dbEngine, templates, deviceConfig, bus);
  const alarmGroups = new AlarmGroupService(db, alarmGroupRepo, ruleChanges);
  const alarmRules = new AlarmRuleService(ruleRepo, alarmGroups, templates, ruleChanges);

  // Security zones: operating a device (writing a tag) needs its zone.
  const zones = new ZoneService(db, new ZoneRepo(db), bus);

  // Live data: ingest, commands, the device data sockets.
  const ingest = new IngestService(catalogue, historyStore, bus, log, deviceQuotas);
  const commands = new CommandTracker(deviceLink);
  const deviceActs = new DeviceActs(catalogue, bus, log);
  const live = new LiveRepo(catalogue, historyStore);
  const liveHub = new LiveHub(live, bus, config.live, principals.reload, log);

  // Remote access: tunnels through the devices' connections, metered in the traffic ledger.
  const remoteAccess = composeRemote({
    db,
    config,
    bus,
    log,
    commands,
    meter: trafficLedger,
    zones,
    reload: principals.reload,
  });

  // Alarms and notifications.
  const alarmEngine = new AlarmEngine({
    db,
    bus,
    log,
    scopes,
    notify: { ...notifyDefaults, intervalMs: config.alarmNotifyIntervalMs },
  });

  // Team administration: roles and data permissions.
  const roleRepo = new RoleRepo(db);
  const grantRules = new GrantRules(roleRepo, config.region, scopes);
  const roles = new RoleService(db, roleRepo, grantRules, config.region, bus);
  const dataPicker = new DataPickerService(new DataPickerRepo(db), roleRepo, memberGrants);

  // Members and invitations: joining and leaving run the other modules' hooks (invitations void
  // a leaving inviter's pending ones; billing needs none: cards stay with the activating team)
  // in the same transaction.
  const membershipHooks: MembershipHooks[] = [];
  const memberRepo = new MemberRepo(db);
  const membership = new MembershipService(
    db,
    memberRepo,
    memberGrants,
    sessions,
    bus,
    config.region,
    membershipHooks,
  );
  const invitationRepo = new InvitationRepo(db);
  const members = new MemberService(
    db,
    memberRepo,
    roles,
    roleRepo,
    memberGrants,
    grantRules,
    membership,
    messages,
    (teamId, userId) => invitationRepo.isInvited(teamId, userId, Date.now()),
  );
  const invitations = new InvitationService(
    db,
    invitationRepo,
    roles,
    members,
    membership,
    messages,
    mailer,
    config.region,
    config.publicUrl,
    new InvitationLimits(limiter, config.invitationLimits),
  );
  membershipHooks.push(invitations.hooks);
  const memberAccess = new MemberAccessService(
    new MemberAccessRepo(db),
    members,
    scopes,
    roleRepo,
    memberGrants,
  );
  // Billing messages (cards expiring, expired): a job of every server, each event once.
  const billingNotifier = new BillingNotifier(
    db,
    new BillingEventsRepo(db),
    messages,
    log,
    billingClock.now,
    config.billingJobMs,
  );
  const deliveries = new DeliveryRepo(db);
  const alarmMailer = new AlarmMailer(deliveries, mailer, `${config.publicUrl}/#${MenuPath.MsgAlarm}`, log);
  const notifyHub = new NotifyHub(bus, principals.reload, log, {
    ...notifyHubDefaults,
    messageRate: { perSecond: config.live.messageRate, burst: config.live.messageBurst },
  });

  const services = {
    health: new HealthService(db),
    users,
    tokens,
    principals,
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
    account: new AccountService(db, config, users, sessions, verification, roles, templates),
    addressLimits: new AddressLimits(limiter, config.addressLimits),
    messages,
    deviceRegistry,
    deviceLink,
    deviceConfig,
    deviceConnections,
    historyStore,
    history: new HistoryService(new HistoryRepo(catalogue), historyStore),
    deviceGroups,
    labels,
    templates,
    devices: new DeviceService(
      db,
      new DeviceRepo(db),
      deviceGroups,
      labels,
      templates,
      deviceConfig,
      new BindThrottle(limiter),
      bindingWall,
      creators,
      bus,
    ),
    monitor: new MonitorService(
      db,
      new MonitorRepo(db, catalogue),
      catalogue.tags,
      deviceConfig,
      deviceQuotas,
    ),
    ingest,
    commands,
    settag: new SettagService(
      new SettagRepo(catalogue),
      historyStore.lastValues,
      historyStore.tagWrites,
      commands,
      bus,
      config.settagTimeoutMs,
      zones,
      deviceQuotas,
    ),
    live,
    liveHub,
    board: new BoardService(new BoardRepo(db), catalogue.tags, historyStore.lastValues),
    alarmGroups,
    alarmRules,
    alarmImporter: new AlarmRuleImporter(alarmRules, ruleRepo, alarmGroupRepo, templates, ruleChanges),
    alarmEngine,
    alarms: new AlarmService(alarmRecords, catalogue.tags, alarmEngine.writer),
    alarmMailer,
    notify: new NotifyService(deliveries, mailer, limiter, `${config.publicUrl}/#${MenuPath.Profile}`),
    notifyHub,
    scopes,
    roles,
    dataPicker,
    members,
    memberAccess,
    invitations,
    zones,
    trafficLedger,
    remote: remoteAccess.remote,
    diacom: remoteAccess.diacom,
    tunnelHub: remoteAccess.tunnelHub,
    remoteListenAddress: remoteAccess.listenAddress,
    traffic: new TrafficService(db, trafficRepo, billingLedger, trafficLedger, billingClock.now),
    billingAccount,
    controlPanel: new ControlPanelService(
      new ControlPanelRepo(db),
      config.billingEnabled ? billingAccount : null,
      config.region,
      billingClock.now,
    ),
    cardActivation: new CardActivationService(
      db,
      cardRepo,
      billingLedger,
      limiter,
      config.cardPepper,
      billingClock.now,
      (teamId) => templateLocks.changed(teamId),
    ),
    tagAllocations: new TagAllocationService(
      db,
      dbEngine,
      cardRepo,
      billingLedger,
      billingClock.now,
      (t, d) => templateLocks.changed(t, [d]),
    ),
    billingClock,
    templateLocks,
    deviceQuotas,
    billingNotifier,
    rechargeRecords: new RechargeRecordService(billingLedger),
  };

  let detachMailer = (): void => undefined;

  /** What runs from start-up to close, in start order (plugins/runtime.ts stops it in reverse). */
  const runtime: Runnable[] = [
    // Devices connect (device state attached first).
    deviceLinkRunner,
    // The history writer registers and folds what a crash left out of the rollups before any data.
    historyStore,
    attached(() => ingest.attach(deviceLink)),
    attached(() => commands.attach()),
    attached(() => deviceActs.attach(deviceLink)),
    { start: () => liveHub.start(), closing: () => liveHub.stop(), stop: () => undefined },
    // Reads the open records first; on close lets its queued transitions commit.
    alarmEngine,
    // Alarm mails, off the engine's path; on close the mails in progress finish.
    {
      start: () => {
        detachMailer = alarmMailer.attach(bus);
      },
      stop: async () => {
        detachMailer();
        await alarmMailer.stop();
      },
    },
    // Billing messages (none in region cn: it has no billing).
    {
      start: () => (config.billingEnabled ? billingNotifier.start() : undefined),
      stop: () => billingNotifier.stop(),
    },
    // Tunnels: a server's leftover records ended on start; on close every tunnel ends, bytes flushed.
    remoteAccess.runnable,
    // The notify sockets close first on close.
    { start: () => notifyHub.start(), closing: () => notifyHub.stop(), stop: () => undefined },
  ];

  return { services, runtime, deviceMqttUrl: () => deviceLinkRunner.mqttUrl };
}

export type Services = ReturnType<typeof composeApp>['services'];

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}
