import type { DeviceDetail, TemplateDetail } from '@hmi/domain';
import {
  decodePayload,
  encodePayload,
  spbTopic,
  type SpbPayload,
  type SpbTopic,
} from '@hmi/domain/sparkplug';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import {
  registerDevice,
  setTemplateLimit,
  startDeviceTestServer,
  uniqueDeviceName,
} from '../device/device-test-factories.ts';
import { connectedDevice, uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { SparkplugRepo } from './sparkplug.repo.ts';

/**
 * An edge node registered as an operator would (SN, PIN, and its Sparkplug identity: needed on an
 * external broker, where the connection does not name the SN).
 */
export async function registerNode(server: TestServer) {
  const { sn, secret } = await registerDevice(server, { kind: 'gateway', model: 'Edge' });
  const groupId = uniqueSn('G');
  const edgeNodeId = uniqueSn('E');
  await new SparkplugRepo(server.app.db).insert(sn, sn, { groupId, edgeNodeId, deviceId: '' });
  return { sn, secret, groupId, edgeNodeId };
}

/** A raw Sparkplug edge node over MQTT.js with our codec: every message under the test's control. */
export class RawEdgeNode {
  readonly commands: { topic: string; payload: SpbPayload }[] = [];
  states: string[] = [];
  private constructor(
    readonly client: MqttClient,
    readonly groupId: string,
    readonly edgeNodeId: string,
  ) {
    client.on('message', (topic, payload) => {
      if (topic.includes('/STATE/')) this.states.push(payload.toString());
      else this.commands.push({ topic, payload: decodePayload(payload) });
    });
  }

  static async connect(server: TestServer, node: Awaited<ReturnType<typeof registerNode>>, bdSeq = '0') {
    const url = server.app.deviceMqttUrl;
    const will = encodePayload({
      timestamp: Date.now(),
      metrics: [{ name: 'bdSeq', datatype: 8, value: bdSeq }],
    });
    const client = await connectedDevice(url, node.sn, node.secret, {
      will: {
        topic: spbTopic({ groupId: node.groupId, messageType: 'NDEATH', edgeNodeId: node.edgeNodeId }),
        payload: Buffer.from(will),
        qos: 1,
        retain: false,
      },
    });
    const edge = new RawEdgeNode(client, node.groupId, node.edgeNodeId);
    await client.subscribeAsync(
      [
        `spBv1.0/${node.groupId}/NCMD/${node.edgeNodeId}`,
        `spBv1.0/${node.groupId}/DCMD/${node.edgeNodeId}/#`,
        'spBv1.0/STATE/hmi-cloud',
      ],
      { qos: 1 },
    );
    return edge;
  }

  publish(messageType: SpbTopic['messageType'], payload: SpbPayload, deviceId?: string): Promise<unknown> {
    const topic = spbTopic({
      groupId: this.groupId,
      messageType,
      edgeNodeId: this.edgeNodeId,
      ...(deviceId ? { deviceId } : {}),
    });
    return this.client.publishAsync(topic, Buffer.from(encodePayload(payload)), { qos: 1 });
  }

  rebirths(): number {
    return this.commands.filter(
      (c) => c.topic.includes('/NCMD/') && c.payload.metrics.some((m) => m.name === 'Node Control/Rebirth'),
    ).length;
  }
}

/** Binds an SN with a PIN through the API. */
export async function bind(
  server: TestServer,
  token: string,
  sn: string,
  pin: string,
): Promise<DeviceDetail> {
  const res = await server.call<DeviceDetail>('POST', '/device/bind', {
    token,
    body: { sn, pin, name: uniqueDeviceName('Spb') },
  });
  expect(res.body, `bind of ${sn}`).toMatchObject({ code: 0 });
  return res.body.data;
}

export async function templateOf(server: TestServer, token: string, id: number): Promise<TemplateDetail> {
  const res = await server.call<TemplateDetail>('GET', `/template/detail?id=${id}`, { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** A console (no billing) with a team that may have 20 templates: the Sparkplug suites' start. */
export async function sparkplugTestTeam(): Promise<{ server: TestServer; token: string }> {
  const server = await startDeviceTestServer(NO_BILLING);
  const main = await createActiveUser(server);
  await setTemplateLimit(server, main.profile.team_id, 20);
  return { server, token: main.tokens.token };
}

/** A device's row as the host leaves it: id, online, template and sync state. */
export const deviceRow = (server: TestServer, sn: string) =>
  server.app.db
    .selectFrom('devices')
    .select(['id', 'online', 'template_id', 'sync_state'])
    .where('sn', '=', sn)
    .executeTakeFirst();
