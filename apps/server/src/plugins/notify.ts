import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Notifications: alarm mails with their delivery log, and the notify socket's hub (issue 6). */
export const notifyPlugin = fp<{ config: Config }>(async () => {}, {
  name: 'notify',
  dependencies: ['db', 'bus', 'mail', 'alarm-engine'],
});
