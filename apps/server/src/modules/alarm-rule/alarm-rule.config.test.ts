import {
  AlarmLevel,
  AlarmType,
  deviceConfigSchema,
  deviceTopic,
  type DeviceConfig,
  type DeviceDetail,
  type TemplateDetail,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { AlarmRulesEvent } from './alarm-rule.events.ts';
import { connectedDevice, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { buildDevice, setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRule, buildAlarmTemplate } from './alarm-rule-test-helpers.ts';

/*
 * Rules reach the devices: a plain MQTT client acting as the device (DESIGN section 5) receives
 * the retained config of its template with the rules in `alarms`, at a new version, and every
 * change is announced on the bus for the alarm engines.
 */
let server: TestServer;
let token: string;
let teamId: number;
const clients: MqttClient[] = [];
const events: AlarmRulesEvent[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer();
  const main = await createActiveUser(server);
  token = main.tokens.token;
  teamId = main.profile.team_id;
  await setTemplateLimit(server, teamId, 5);
  server.app.bus.subscribe('alarm.rules', (e) => events.push(e));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server?.close();
});

/** A device bound with the template, connected and recording its configs. */
async function deviceOn(template: TemplateDetail) {
  const device = await buildDevice(server, token, { template_id: template.id });
  const client = await connectedDevice(server.app.deviceMqttUrl, device.hmi_sn, device.secret);
  clients.push(client);
  const configs: DeviceConfig[] = [];
  client.on('message', (topic, payload) => {
    if (topic === deviceTopic(device.hmi_sn, 'config') && payload.length > 0)
      configs.push(deviceConfigSchema.parse(JSON.parse(payload.toString('utf8'))));
  });
  await client.subscribeAsync(deviceTopic(device.hmi_sn, 'config'), { qos: 1 });
  const next = async (after: number): Promise<DeviceConfig> => {
    await waitUntil(() => configs.some((c) => c.version > after), 8_000, `a config above ${after}`);
    return configs.find((c) => c.version > after)!;
  };
  return { device, configs, next };
}

const detail = async (id: number) =>
  (await server.call<DeviceDetail>('GET', `/device/detail?id=${id}`, { token })).body.data;
const templateVersion = async (id: number) =>
  (await server.call<TemplateDetail>('GET', `/template/detail?id=${id}`, { token })).body.data.version;

describe('alarm rules in the device config', () => {
  it('add, edit and delete bump the template version, republish the config with the alarms and tell the bus', async () => {
    const { template, tag } = await buildAlarmTemplate(server, token);
    const { device, next } = await deviceOn(template);
    const start = (await detail(device.id)).config_version;
    const initial = await next(start - 1);
    expect(initial.alarms).toEqual([]);
    const v0 = await templateVersion(template.id);
    events.length = 0;

    const high = await addRule(server, token, {
      template_id: template.id,
      name: 'too hot',
      level: AlarmLevel.Critical,
      tag_id: tag('real'),
      type: AlarmType.High,
      value: '80.5',
      content: '{device}: {tag} = {value}',
    });
    const first = await next(start);
    expect(first.version).toBe(start + 1);
    expect(first.alarms).toEqual([
      {
        id: high.id,
        name: 'too hot',
        tagId: tag('real'),
        type: AlarmType.High,
        level: AlarmLevel.Critical,
        value: 80.5,
        content: '{device}: {tag} = {value}',
      },
    ]);
    expect(await templateVersion(template.id)).toBe(v0 + 1);
    expect((await detail(device.id)).sync_state).toBe(0);
    expect(events).toEqual([{ teamId, templateId: template.id }]);

    const exact = await addRule(server, token, {
      template_id: template.id,
      name: 'huge',
      level: AlarmLevel.Minor,
      tag_id: tag('uint64'),
      type: AlarmType.HighHigh,
      value: '18446744073709551615',
    });
    const drift = await addRule(server, token, {
      template_id: template.id,
      name: 'drift',
      level: AlarmLevel.Mild,
      tag_id: tag('int32'),
      type: AlarmType.SmallDeviation,
      target: '10',
      deviation: '1.50',
    });
    const second = await next(first.version + 1);
    expect(second.alarms.map((a) => [a.id, a.value, a.target, a.deviation])).toEqual([
      [high.id, 80.5, undefined, undefined],
      // 64-bit limits and texts a double would change travel as strings.
      [exact.id, '18446744073709551615', undefined, undefined],
      [drift.id, 0, 10, '1.50'],
    ]);

    const edit = await server.call('POST', '/alarm/rule/edit', {
      token,
      body: {
        id: high.id,
        name: 'too hot',
        level: 8,
        tag_id: tag('real'),
        type: AlarmType.HighHigh,
        value: 90,
      },
    });
    expect(edit.body.code).toBe(0);
    const third = await next(second.version);
    expect(third.alarms[0]).toMatchObject({ id: high.id, type: AlarmType.HighHigh, level: 8, value: 90 });
    expect(third.alarms[0]).not.toHaveProperty('content');

    events.length = 0;
    expect(
      (await server.call('POST', '/alarm/rule/delete', { token, body: { ids: [high.id, drift.id] } })).body
        .code,
    ).toBe(0);
    const fourth = await next(third.version);
    expect(fourth.alarms.map((a) => a.id)).toEqual([exact.id]);
    expect(events).toEqual([{ teamId, templateId: template.id }]);
    expect(await templateVersion(template.id)).toBe(v0 + 5);
  });

  it('a failed change publishes nothing and keeps the version', async () => {
    const { template, tag } = await buildAlarmTemplate(server, token);
    const { device, configs } = await deviceOn(template);
    const rule = {
      template_id: template.id,
      name: 'once',
      level: AlarmLevel.Minor,
      tag_id: tag('int16'),
      type: AlarmType.Low,
      value: '1',
    };
    await addRule(server, token, rule);
    const version = await templateVersion(template.id);
    const configVersion = (await detail(device.id)).config_version;
    events.length = 0;
    expect((await server.call('POST', '/alarm/rule/add', { token, body: rule })).body.code).toBe(1088);
    expect(
      (await server.call('POST', '/alarm/rule/add', { token, body: { ...rule, name: 'x', value: 'y' } })).body
        .code,
    ).toBe(1006);
    await new Promise((r) => setTimeout(r, 300));
    expect(await templateVersion(template.id)).toBe(version);
    expect((await detail(device.id)).config_version).toBe(configVersion);
    expect(configs.filter((c) => c.version > configVersion)).toEqual([]);
    expect(events).toEqual([]);
  });
});
