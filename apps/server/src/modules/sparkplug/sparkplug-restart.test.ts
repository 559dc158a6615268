import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataType, decodeState } from '@hmi/domain/sparkplug';
import { connect, type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../../../test/mosquitto.ts';
import { NO_BILLING, startTestServer } from '../../../test/test-server.ts';
import { waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { RawEdgeNode, registerNode } from './sparkplug-test-helpers.ts';

/*
 * The host's STATE on an external broker across a lost connection and a restart (a Mosquitto of
 * the suite's own): online after each connection, its Last Will when the connection drops, the
 * clean death on stop, a newer birth after the restart; and a node already born before the
 * restart is asked for a rebirth by the host that no longer knows its birth.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('Sparkplug host STATE and rebirth across a restart', () => {
  it(
    'publishes its STATE birth, will and death, and asks born nodes for a rebirth after a restart',
    { timeout: 60_000 },
    async () => {
      const broker = await startMosquitto();
      cleanups.push(broker.stop);
      const dataDir = await mkdtemp(join(tmpdir(), 'hmi-spb-restart-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
      if (schema)
        cleanups.push(async () => {
          const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
          await pool.query(`drop schema if exists "${schema}" cascade`);
          await pool.end();
        });
      const hostId = `host-${randomBytes(3).toString('hex')}`;
      const env = {
        DATA_DIR: dataDir,
        MQTT_URL: broker.url,
        MQTT_CLIENT_ID: `hmi-spb-${randomBytes(4).toString('hex')}`,
        SPARKPLUG_HOST_ID: hostId,
        ...NO_BILLING,
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      };
      const states: { online: boolean; timestamp: number }[] = [];
      const observer: MqttClient = connect(broker.url, { clientId: `observer-${hostId}` });
      cleanups.push(() => observer.endAsync(true));
      observer.on('message', (_t, payload) => {
        const s = decodeState(payload);
        if (s) states.push(s);
      });
      await new Promise((r) => observer.once('connect', r));
      await observer.subscribeAsync(`spBv1.0/STATE/${hostId}`, { qos: 1 });

      const first = await startTestServer(env);
      await waitUntil(() => states.some((s) => s.online), 5_000, 'STATE online');
      const born = states.find((s) => s.online)!.timestamp;
      // The connection drops: the broker publishes the will (same timestamp); the reconnection publishes online again.
      (first.app.services.deviceLink as unknown as { client: MqttClient }).client.stream.destroy();
      await waitUntil(() => states.some((s) => !s.online && s.timestamp === born), 5_000, 'STATE will');
      await waitUntil(
        () => states.filter((s) => s.online).length >= 2,
        8_000,
        'STATE online after the reconnection',
      );

      const node = await registerNode(first);
      const edge = await RawEdgeNode.connect(
        { ...first, app: { ...first.app, deviceMqttUrl: broker.url } } as never,
        node,
        '0',
      );
      cleanups.push(() => edge.client.endAsync(true));
      await edge.publish('NBIRTH', {
        timestamp: Date.now(),
        seq: 0,
        metrics: [
          { name: 'bdSeq', datatype: DataType.UInt64, value: '0' },
          { name: 'Flow', alias: '1', datatype: DataType.Double, value: 1 },
        ],
      });
      await edge.publish('NDATA', {
        timestamp: Date.now(),
        seq: 1,
        metrics: [{ alias: '1', datatype: DataType.Double, value: 2 }],
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(edge.rebirths()).toBe(0);

      states.length = 0;
      await first.close();
      expect(states.at(-1)).toEqual({ online: false, timestamp: born });

      const second = await startTestServer(env);
      cleanups.push(() => second.close());
      await waitUntil(() => states.some((s) => s.online), 5_000, 'STATE online after the restart');
      expect(states.find((s) => s.online)!.timestamp).toBeGreaterThan(born);
      // The node goes on from seq 2; this host knows no birth of it: it asks for one.
      await edge.publish('NDATA', {
        timestamp: Date.now(),
        seq: 2,
        metrics: [{ alias: '1', datatype: DataType.Double, value: 3 }],
      });
      await waitUntil(() => edge.rebirths() === 1, 5_000, 'rebirth request after the restart');
    },
  );
});
