import { MenuPath } from '@hmi/domain';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AlarmMailer } from '../modules/notify/alarm-mailer.ts';
import { DeliveryRepo } from '../modules/notify/delivery.repo.ts';
import { NotifyHub, notifyHubDefaults } from '../modules/notify/notify-hub.ts';
import { NotifyService } from '../modules/notify/notify.service.ts';
import { RateLimiter } from '../modules/verification/rate-limit.service.ts';

export interface Notify {
  hub: NotifyHub;
  mailer: AlarmMailer;
  service: NotifyService;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notify;
  }
}

/**
 * Notifications (issue 6): alarm mails on every raised alarm ('alarm.event', off the engine's
 * path, logged in notify_deliveries), the notify sockets' hub on the bus, and the settings and
 * test mail service. Registered after the alarm engine; on close the sockets close first, then
 * the mails in progress finish (at most a few seconds) before the database closes.
 */
export const notifyPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const repo = new DeliveryRepo(app.db);
    const mailer = new AlarmMailer(repo, app.mailer, `${config.publicUrl}/#${MenuPath.MsgAlarm}`, app.log);
    const service = new NotifyService(
      repo,
      app.mailer,
      new RateLimiter(app.db),
      `${config.publicUrl}/#${MenuPath.Profile}`,
    );
    const hub = new NotifyHub(app.bus, app.liveData.reload, app.log, {
      ...notifyHubDefaults,
      messageRate: { perSecond: config.live.messageRate, burst: config.live.messageBurst },
    });
    const detach = mailer.attach(app.bus);
    hub.start();
    app.decorate('notify', { hub, mailer, service });
    app.addHook('preClose', async () => hub.stop());
    app.addHook('onClose', async () => {
      detach();
      await mailer.stop();
    });
  },
  { name: 'notify', dependencies: ['db', 'bus', 'mail', 'live-data', 'alarm-engine'] },
);
