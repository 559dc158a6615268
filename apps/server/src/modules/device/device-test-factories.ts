import { expect } from 'vitest';
import type { DeviceDetail, DeviceKind, TemplateDetail, TemplateTagInput } from '@hmi/domain';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * Factories of the device suites. Devices are registered through the real registry (as the
 * operator CLI does) and bound through the real API.
 */

/**
 * Settings for a test server's device connection: the external broker of MQTT_URL when set (CI
 * runs Mosquitto), with a client id and share group of its own; else the embedded broker on a
 * free port.
 */
export function mqttTestEnv(): Record<string, string> {
  const url = process.env.MQTT_URL;
  return url
    ? { MQTT_URL: url, MQTT_CLIENT_ID: uniqueSn('cloud'), MQTT_SHARE_GROUP: uniqueSn('share') }
    : { MQTT_PORT: '0' };
}

/** A test server whose device connection listens on a free port (or uses MQTT_URL). */
export const startDeviceTestServer = (env: Record<string, string> = {}): Promise<TestServer> =>
  startTestServer({ ...mqttTestEnv(), ...env });

let sequence = 0;
/** A device name that follows the rule and is unique in a run. */
export const uniqueDeviceName = (prefix = 'Dev') => `${prefix}_${Date.now().toString(36)}_${++sequence}`;

/** Registers a device as an operator would; returns its SN and PIN. */
export async function registerDevice(
  server: TestServer,
  overrides: { sn?: string; secret?: string; kind?: DeviceKind; model?: string } = {},
) {
  const sn = overrides.sn ?? uniqueSn('SN');
  const secret = overrides.secret ?? `pin-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
  await server.app.services.deviceRegistry.add({
    sn,
    secret,
    kind: overrides.kind,
    model: overrides.model ?? 'HMI-7',
  });
  return { sn, secret };
}

export interface DeviceOverrides {
  name?: string;
  group_id?: number | null;
  template_id?: number | null;
  address?: string;
  remark?: string;
  label_ids?: number[];
  kind?: DeviceKind;
  model?: string;
  /** Set in the database after binding (as the device-state service would). */
  online?: 0 | 1;
  sync_state?: 0 | 1;
}

/** A device registered and bound to the caller's team through POST /device/bind. */
export async function buildDevice(server: TestServer, token: string, overrides: DeviceOverrides = {}) {
  const { sn, secret } = await registerDevice(server, { kind: overrides.kind, model: overrides.model });
  const res = await server.call<DeviceDetail>('POST', '/device/bind', {
    token,
    body: {
      sn,
      pin: secret,
      name: overrides.name ?? uniqueDeviceName(),
      group_id: overrides.group_id,
      template_id: overrides.template_id,
      address: overrides.address,
      remark: overrides.remark,
      label_ids: overrides.label_ids,
    },
  });
  expect(res.body, `bind of ${sn}`).toMatchObject({ code: 0 });
  const device = res.body.data;
  const state = {
    ...(overrides.online !== undefined ? { online: overrides.online } : {}),
    ...(overrides.sync_state !== undefined ? { sync_state: overrides.sync_state } : {}),
  };
  if (Object.keys(state).length > 0) {
    await server.app.db.updateTable('devices').set(state).where('id', '=', device.id).execute();
  }
  return { ...device, ...state, secret };
}

/** A template of the caller's team through POST /template/add. */
export async function buildTemplate(
  server: TestServer,
  token: string,
  overrides: { name?: string; tags?: TemplateTagInput[] } = {},
): Promise<TemplateDetail> {
  const res = await server.call<TemplateDetail>('POST', '/template/add', {
    token,
    body: {
      name: overrides.name ?? `T${++sequence}`,
      hmi_model: 'HMI-7',
      tags: overrides.tags ?? [
        { name: 'speed', data_type: 1, rw: 2, unit: 'rpm' },
        { name: 'running', data_type: 0, rw: 0 },
      ],
    },
  });
  expect(res.body, 'template add').toMatchObject({ code: 0 });
  return res.body.data;
}

/** A group of the caller's team through POST /device/group/add. */
export async function buildGroup(
  server: TestServer,
  token: string,
  overrides: { name?: string; parent_id?: number | null } = {},
): Promise<{ id: number; name: string; parent_id: number | null }> {
  const res = await server.call<{ id: number; name: string; parent_id: number | null }>(
    'POST',
    '/device/group/add',
    {
      token,
      body: { name: overrides.name ?? `G${++sequence}`, parent_id: overrides.parent_id ?? null },
    },
  );
  expect(res.body, 'group add').toMatchObject({ code: 0 });
  return res.body.data;
}

/** A label of the caller's team through POST /device/label/add. */
export async function buildLabel(server: TestServer, token: string, name = `L${++sequence}`) {
  const res = await server.call<{ id: number; name: string }>('POST', '/device/label/add', {
    token,
    body: { name },
  });
  expect(res.body, 'label add').toMatchObject({ code: 0 });
  return res.body.data;
}

/** Raises a team's template limit (template_max_num, default 1) as a Cloud Application card would. */
export async function setTemplateLimit(server: TestServer, teamId: number, max: number): Promise<void> {
  await server.app.db.updateTable('teams').set({ template_max_num: max }).where('id', '=', teamId).execute();
}

/** Grants a sub-account's role data permissions on groups, templates and projects too (createSubAccount sets devices). */
export async function grantData(
  server: TestServer,
  roleId: number,
  data: { groupIds?: number[]; templateIds?: number[]; deviceIds?: number[]; projectIds?: number[] },
): Promise<void> {
  const lists = [
    ['group', data.groupIds],
    ['template', data.templateIds],
    ['device', data.deviceIds],
    ['project', data.projectIds],
  ] as const;
  for (const [kind, ids] of lists) {
    if (!ids) continue;
    await server.app.db
      .deleteFrom('role_grants')
      .where('role_id', '=', roleId)
      .where('kind', '=', kind)
      .execute();
    if (ids.length === 0) continue;
    await server.app.db
      .insertInto('role_grants')
      .values(ids.map((object_id) => ({ role_id: roleId, kind, object_id })))
      .execute();
  }
}
