import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AlarmEngine } from '../modules/alarm/alarm-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alarmEngine: AlarmEngine;
  }
}

/**
 * The alarm engine: evaluates every committed live value against its template's rules (issue 6;
 * see modules/alarm/alarm-engine.ts). Started once the database is migrated (it reads the open
 * records first); on close it stops listening and lets its queued transitions commit before the
 * database closes.
 */
export const alarmEnginePlugin = fp<{ config: Config }>(
  async (app) => {
    const engine = new AlarmEngine({ db: app.db, bus: app.bus, log: app.log });
    await engine.start();
    app.decorate('alarmEngine', engine);
    app.addHook('onClose', async () => engine.stop());
  },
  {
    name: 'alarm-engine',
    dependencies: ['db', 'bus', 'live-data'],
  },
);
