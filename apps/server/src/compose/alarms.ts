import { MenuPath } from '@hmi/domain';
import type { PrincipalLoader } from '../lib/current-user.ts';
import type { ScopeLoader } from '../lib/data-scope.ts';
import { AlarmEngine, type AlarmEngineOptions } from '../modules/alarm/alarm-engine.ts';
import { AlarmNotifyGate } from '../modules/alarm/alarm-notify-gate.ts';
import { notifyDefaults } from '../modules/alarm/alarm-notify-policy.ts';
import { AlarmRecordRepo } from '../modules/alarm/alarm-record.repo.ts';
import { AlarmWriter } from '../modules/alarm/alarm-writer.ts';
import { AlarmRepo } from '../modules/alarm/alarm.repo.ts';
import { AlarmService } from '../modules/alarm/alarm.service.ts';
import type { DeviceTagReads } from '../modules/device/index.ts';
import { MessageRepo } from '../modules/messages/message.repo.ts';
import { MessageService } from '../modules/messages/message.service.ts';
import { AlarmMailer } from '../modules/notify/alarm-mailer.ts';
import { DeliveryRepo } from '../modules/notify/delivery.repo.ts';
import { MailOutboxRepo } from '../modules/notify/mail-outbox.repo.ts';
import { NotifyHub, notifyHubDefaults } from '../modules/notify/notify-hub.ts';
import { NotifyService } from '../modules/notify/notify.service.ts';
import type { RateLimiter } from '../modules/verification/rate-limit.service.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

/** The message centre (alarm messages read their records through the alarm record repo). */
export function composeMessages({ db, bus }: Infrastructure) {
  const alarmRecords = new AlarmRecordRepo(db);
  return { services: { messages: new MessageService(new MessageRepo(db), bus, alarmRecords) }, alarmRecords };
}

export type Messages = ReturnType<typeof composeMessages>;

export interface AlarmNeeds {
  alarmRecords: AlarmRecordRepo;
  /** The data scopes of a team's users: the recipients of a transition. */
  scopes: ScopeLoader;
  deviceTags: DeviceTagReads;
  limiter: RateLimiter;
  /** Reloads a caller (the session module's PrincipalService.reload): the notify sockets. */
  reload: PrincipalLoader;
  /** This server's device partitions, with several servers (compose/cluster.ts). */
  partitions?: AlarmEngineOptions['partitions'];
}

/** Alarms and notifications: the engine over committed values, alarm mails, the notify sockets. */
export function composeAlarms({ db, config, bus, log, mailer }: Infrastructure, needs: AlarmNeeds) {
  const repo = new AlarmRepo(db, needs.scopes);
  const gate = new AlarmNotifyGate({ ...notifyDefaults, intervalMs: config.alarmNotifyIntervalMs });
  // Alarm mails go through the mail outbox: written with the alarm's messages, sent by any server.
  const outbox = new MailOutboxRepo(db);
  const writer = new AlarmWriter(db, repo, bus, Date.now, gate, outbox);
  const alarmEngine = new AlarmEngine({ repo, writer, bus, log, partitions: needs.partitions });
  const deliveries = new DeliveryRepo(db);
  const alarmMailer = new AlarmMailer({
    outbox,
    deliveries,
    limiter: needs.limiter,
    mailer,
    link: `${config.publicUrl}/#${MenuPath.MsgAlarm}`,
    claimer: bus.serverId,
    log,
  });
  const notifyHub = new NotifyHub(bus, needs.reload, log, {
    ...notifyHubDefaults,
    messageRate: { perSecond: config.live.messageRate, burst: config.live.messageBurst },
  });
  let detachMailer = (): void => undefined;
  return {
    services: {
      alarmEngine,
      alarms: new AlarmService(needs.alarmRecords, needs.deviceTags, writer),
      alarmMailer,
      notify: new NotifyService(
        deliveries,
        mailer,
        needs.limiter,
        `${config.publicUrl}/#${MenuPath.Profile}`,
      ),
      notifyHub,
    },
    /** The alarm mail outbox's claimer (every server runs one); on close the mails in progress finish. */
    mailerRunnable: {
      start: () => {
        detachMailer = alarmMailer.attach(bus);
      },
      stop: async () => {
        detachMailer();
        await alarmMailer.stop();
      },
    } satisfies Runnable,
    /** The notify sockets (they close first on close). */
    notifyRunnable: {
      start: () => notifyHub.start(),
      closing: () => notifyHub.stop(),
      stop: () => undefined,
    } satisfies Runnable,
  };
}

export type Alarms = ReturnType<typeof composeAlarms>;
