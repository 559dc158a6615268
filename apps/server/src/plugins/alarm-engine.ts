import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** The alarm engine: evaluates every committed live value against its template's rules (issue 6). */
export const alarmEnginePlugin = fp<{ config: Config }>(async () => {}, {
  name: 'alarm-engine',
  dependencies: ['db', 'bus', 'live-data'],
});
