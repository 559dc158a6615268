import { ErrorCode, type DeviceDetail } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../test/factories.ts';
import type { TestServer } from '../test/test-server.ts';
import {
  buildDevice,
  buildGroup,
  buildLabel,
  setTemplateLimit,
  startDeviceTestServer,
} from './modules/device/device-test-factories.ts';

/*
 * The free-text rule (packages/domain validateFreeText, on every request schema) at the API:
 * control characters and lone surrogates get 1006 naming the field and the rule's key, and
 * nothing is stored. Run with DATABASE_URL too: PostgreSQL refuses NUL in text, so before the
 * rule a NUL reached the database as a 500, and a lone surrogate was stored as U+FFFD.
 */
let server: TestServer;
let token: string;
let teamId: number;
let sequence = 0;

beforeAll(async () => {
  server = await startDeviceTestServer();
  const main = await createActiveUser(server);
  token = main.tokens.token;
  teamId = main.profile.team_id;
  await setTemplateLimit(server, teamId, 10);
});
afterAll(async () => server?.close());

const CONTROL = 'validation.text.controlChars';
const BAD: [string, string, string][] = [
  ['NUL', 'Line\u00001', CONTROL],
  ['BEL', 'Line 1\u0007', CONTROL],
  ['ESC', '\u001b[31mLine 1\u001b[0m', CONTROL],
  ['DEL', 'Line\u007f1', CONTROL],
  ['C1 (NEL)', 'Line\u00851', CONTROL],
  ['a lone surrogate', 'Line \ud83d1', 'validation.text.malformed'],
  ['a line break', 'Line\n1', 'validation.text.singleLine'],
];

/** The 1006 reply of a field that broke the rule. */
const refused = (path: string, message: string, where = 'body') => ({
  status: 400,
  body: {
    code: ErrorCode.E1006_BAD_PARAMETER,
    data: { where, fields: [{ path, message }] },
    msg: 'Bad parameter',
  },
});
const call = async (method: string, path: string, body?: unknown) => {
  const res = await server.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: res.body };
};

/** The names of the team's rows of each table the calls below write. */
const stored = {
  group: () =>
    server.app.db
      .selectFrom('device_groups')
      .select('name')
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute(),
  label: () =>
    server.app.db.selectFrom('labels').select('name').where('team_id', '=', teamId).orderBy('id').execute(),
  alarmGroup: () =>
    server.app.db
      .selectFrom('alarm_groups')
      .select('name')
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute(),
};

describe.each([
  ['device group', 'group', '/device/group/add', '/device/group/rename'],
  ['label', 'label', '/device/label/add', '/device/label/rename'],
  ['alarm group', 'alarmGroup', '/alarm/group/add', '/alarm/group/edit'],
] as const)('%s names', (_, kind, addPath, renamePath) => {
  it.each(BAD)(
    'with %s: 1006 on the name and nothing stored, neither added nor renamed',
    async (_, name, key) => {
      const existing = (await call('POST', addPath, { name: `Ok ${kind} ${++sequence}` })).body.data as {
        id: number;
      };
      const before = await stored[kind]();
      expect(await call('POST', addPath, { name })).toEqual(refused('name', key));
      expect(await call('POST', renamePath, { id: existing.id, name })).toEqual(refused('name', key));
      expect(await stored[kind]()).toEqual(before);
      await call('POST', addPath.replace(/add$/, 'delete'), { id: existing.id });
    },
  );

  it('keeps emoji, CJK and inner spaces as typed; trims the ends', async () => {
    const res = await call('POST', addPath, { name: '  一号车间 🚰 east  ' });
    expect(res.body).toMatchObject({ code: 0, data: { name: '一号车间 🚰 east' } });
    expect((await stored[kind]()).map((r) => r.name)).toContain('一号车间 🚰 east');
  });
});

describe('other free text', () => {
  it('device remarks may hold line breaks and tabs; addresses and names may not', async () => {
    const device = await buildDevice(server, token, { remark: 'line 1\r\nline 2\tend' });
    expect(device.remark).toBe('line 1\r\nline 2\tend');
    expect(await call('POST', '/device/edit', { id: device.id, remark: 'bell\u0007' })).toEqual(
      refused('remark', CONTROL),
    );
    expect(await call('POST', '/device/edit', { id: device.id, address: 'Hall 1\nDock 2' })).toEqual(
      refused('address', 'validation.text.singleLine'),
    );
    const detail = await server.call<DeviceDetail>('GET', `/device/detail?id=${device.id}`, { token });
    expect(detail.body.data).toMatchObject({ remark: 'line 1\r\nline 2\tend', address: '' });
  });

  it('template, tag, monitor and alarm rule texts, user and team names, searches: 1006 on the field', async () => {
    const group = await buildGroup(server, token);
    const label = await buildLabel(server, token);
    const cases: [string, string, unknown, ReturnType<typeof refused>][] = [
      ['POST', '/template/add', { name: 'T\u0000' }, refused('name', CONTROL)],
      [
        'POST',
        '/template/add',
        { name: 'T1', description: 'ok\nok', tags: [{ name: 'speed\u001b', data_type: 1 }] },
        refused('tags.0.name', CONTROL),
      ],
      ['POST', '/template/add', { name: 'T2', description: 'x\u0000' }, refused('description', CONTROL)],
      ['POST', '/editUserInfo', { team_name: 'Team\u0007' }, refused('team_name', CONTROL)],
      ['POST', '/editUserInfo', { name: 'Ann\ud800' }, refused('name', 'validation.text.malformed')],
      ['POST', '/device/group/rename', { id: group.id, name: 'G\u0000' }, refused('name', CONTROL)],
      ['POST', '/device/label/rename', { id: label.id, name: 'L\u001b' }, refused('name', CONTROL)],
      ['GET', '/device/list?search=a%00b', undefined, refused('search', CONTROL, 'querystring')],
      ['GET', '/alarm/record/list?search=%1B%5B2J', undefined, refused('search', CONTROL, 'querystring')],
    ];
    for (const [method, path, body, expected] of cases)
      expect(await call(method, path, body), `${method} ${path} ${JSON.stringify(body)}`).toEqual(expected);
    const templates = await server.app.db
      .selectFrom('templates')
      .select('name')
      .where('team_id', '=', teamId)
      .execute();
    expect(templates).toEqual([]);
  });

  it('sign-in and registration fields: 1006 before any lookup (a NUL was a 500 on PostgreSQL)', async () => {
    const login = await server.call('POST', '/global/login?type=1', {
      body: { user: 'someone\u0000@example.com', passwd: 'Secret123' },
    });
    expect({ status: login.status, body: login.body }).toEqual(refused('user', CONTROL));
    const forget = await server.call('POST', '/global/forgetverify', {
      body: { username: 'x\u0000@example.com' },
    });
    expect({ status: forget.status, body: forget.body }).toEqual(refused('username', CONTROL));
    const register = await server.call('POST', '/global/register?type=1', {
      body: { username: 'new@example.com', passwd: 'Secret123', name: 'New\u001b[1m' },
    });
    expect({ status: register.status, body: register.body }).toEqual(refused('name', CONTROL));
  });
});
