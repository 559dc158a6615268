import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlarmGroupListReply,
  AlarmRuleListReply,
  BoardReply,
  DeviceListReply,
  GroupListReply,
  MyAccountReply,
  TagAllocation,
  TemplateListReply,
  TokenPair,
} from '@hmi/domain';
import { CardStatus } from '@hmi/domain';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { demoBanner } from './demo-banner.ts';
import { DEMO_LEVELS } from './demo-billing.ts';
import { DEMO_ACCOUNT, DEMO_SPARKPLUG, demoDevices, startDemo, type DemoRun } from './demo-seed.ts';

describe('npm run demo seeding', () => {
  let server: TestServer;
  const runs: DemoRun[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const run of runs) await run.stop();
    await server.close();
  });

  it(
    'binds, groups, labels and templates the simulated devices, which come online and synced',
    { timeout: 90_000 },
    async () => {
      const run = await startDemo(server.app, { baseUrl: server.url, devices: 6, rate: 5 });
      runs.push(run);
      // Six simulated devices and the two devices of the Sparkplug B edge node.
      expect(run.boundNow).toBe(8);
      expect(run.list).toHaveLength(8);
      expect(run.devices.filter((d) => d.sparkplugId !== undefined).map((d) => d.sn)).toEqual(
        DEMO_SPARKPLUG.devices.map((d) => `${DEMO_SPARKPLUG.sn}-${d.id}`),
      );
      for (const d of run.devices) {
        const row = run.list.find((r) => r.sn === d.sn);
        expect(row, d.sn).toMatchObject({
          name: d.name,
          kind: d.kind,
          online: 1,
          sync_state: 1,
          template_name: d.template,
        });
        expect(row!.group_path.at(-1)).toBe(d.group);
        expect(row!.labels.map((l) => l.name).sort()).toEqual([...d.labels].sort());
      }
      // The devices run their template: they report its tags.
      const handle = run.handles[0]!;
      await expect.poll(() => Object.keys(handle.values()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      // The Sparkplug devices run templates generated from their births, and no rebirth was needed.
      const mixer = run.list.find((r) => r.sn === `${DEMO_SPARKPLUG.sn}-Mixer`)!;
      expect(mixer.template_name).toBe('spB Syrup_room/Mixer');
      expect(run.edgeNode?.births).toBe(1);
    },
  );

  it(
    'seeds again without failing or duplicating (a second run of the demo)',
    { timeout: 90_000 },
    async () => {
      await runs.pop()!.stop();
      // The first run saved the suggested board for the demo user: their first screen has cards.
      const first = await server.call<TokenPair>('POST', '/global/login?type=1', {
        body: { user: DEMO_ACCOUNT.email, passwd: DEMO_ACCOUNT.password },
      });
      const board = await server.call<BoardReply>('GET', '/board', { token: first.body.data.token });
      expect(board.body.data.updated_at).toBeGreaterThan(0);
      expect(board.body.data.cards.filter((c) => c.kind === 'indicator')).toHaveLength(3);
      expect(board.body.data.cards.filter((c) => c.kind === 'trend').length).toBeGreaterThanOrEqual(2);
      expect(board.body.data.devices.length).toBeGreaterThan(1);
      // The user keeps one card: a second run leaves their board as it is.
      const kept = board.body.data.cards.slice(0, 1);
      await server.call('POST', '/board/save', {
        token: first.body.data.token,
        body: { cards: kept, layouts: {} },
      });

      const again = await startDemo(server.app, { baseUrl: server.url, devices: 6 });
      runs.push(again);
      expect(again.boundNow).toBe(0);
      expect(again.list.every((d) => d.online === 1 && d.sync_state === 1)).toBe(true);
      // A device bound by the first run runs its template again after the restart of its simulator.
      await expect
        .poll(() => again.handles[0]!.config?.tags.length ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(0);

      const login = await server.call<TokenPair>('POST', '/global/login?type=1', {
        body: { user: DEMO_ACCOUNT.email, passwd: DEMO_ACCOUNT.password },
      });
      expect(login.body.code).toBe(0);
      const token = login.body.data.token;
      const list = await server.call<DeviceListReply>('GET', '/device/list?page_size=200', { token });
      expect(list.body.data.total).toBe(8);
      const groups = await server.call<GroupListReply>('GET', '/device/group/list', { token });
      expect(groups.body.data.list.map((g) => g.name).sort()).toEqual([
        'Line 1',
        'Line 2',
        'Plant A',
        'Plant B',
      ]);
      const templates = await server.call<TemplateListReply>('GET', '/template/list', { token });
      // The two of the demo and the two generated from the Sparkplug births, not made twice.
      expect(templates.body.data.list.map((t) => t.name).sort()).toEqual([
        'Filling line HMI',
        'Utility gateway',
        'spB Syrup_room/Dosing',
        'spB Syrup_room/Mixer',
      ]);
      const filler = templates.body.data.list.find((t) => t.name === 'Filling line HMI')!;
      const rules = await server.call<AlarmRuleListReply>(
        'GET',
        `/alarm/rule/list?template_id=${filler.id}`,
        { token },
      );
      expect(rules.body.data.list.map((r) => r.name).sort()).toEqual([
        'Filler almost empty',
        'Product too hot',
        'Product warm',
      ]);
      const after = await server.call<BoardReply>('GET', '/board', { token });
      expect(after.body.data.cards).toEqual(kept);
      const alarmGroups = await server.call<AlarmGroupListReply>('GET', '/alarm/group/list', { token });
      expect(alarmGroups.body.data.list.map((g) => g.name).sort()).toEqual([
        'Levels',
        'Pressures',
        'Temperatures',
      ]);

      // Billing shown working: activated Cloud Application cards (issued once, not again on the
      // second run) and a TAG level on every device, so history is stored every 1 s / 5 s.
      const account = await server.call<MyAccountReply>('GET', '/billing/myAccount', { token });
      const cards = account.body.data.cards.filter((c) => c.type === 'ca');
      expect(cards).toHaveLength(2);
      expect(cards.every((c) => c.status === CardStatus.Active)).toBe(true);
      const allocations = await server.call<{ list: TagAllocation[] }>('GET', '/billing/tag/allocations', {
        token,
      });
      const byDevice = new Map(allocations.body.data.list.map((a) => [a.sn, a]));
      for (const d of again.devices) {
        expect(byDevice.get(d.sn), d.sn).toMatchObject({
          level: DEMO_LEVELS[d.kind],
          interval_s: d.kind === 'hmi' ? 1 : 5,
        });
      }
    },
  );

  it('prints where to sign in, where devices connect and where mail goes (outbox or SMTP host, no credentials)', () => {
    const devices = demoDevices(3);
    const input = {
      address: 'http://localhost:8080',
      mqttUrl: 'mqtt://127.0.0.1:1883',
      devices,
      boundNow: 3,
    };
    const text = demoBanner({ ...input, config: { dataDir: '/tmp/demo', smtpUrl: undefined } }).join('\n');
    expect(text).toContain(`sign in with  ${DEMO_ACCOUNT.email}  /  ${DEMO_ACCOUNT.password}`);
    expect(text).toContain(`mail goes to ${join('/tmp/demo', 'outbox')} (mail and SMS are written here`);
    for (const d of devices) expect(text).toContain(d.pin);
    expect(text).not.toContain('Sparkplug');
    const spb = demoBanner({
      ...input,
      config: { dataDir: '/tmp/demo', smtpUrl: undefined },
      sparkplug: DEMO_SPARKPLUG,
    }).join('\n');
    expect(spb).toContain(
      `Sparkplug B edge node Demo/Syrup_room: SN ${DEMO_SPARKPLUG.sn}, PIN ${DEMO_SPARKPLUG.secret}`,
    );
    const smtp = demoBanner({
      ...input,
      config: { dataDir: '/tmp/demo', smtpUrl: 'smtp://demo:hunter22@smtp.example.com:587' },
    }).join('\n');
    expect(smtp).toContain('mail goes to SMTP smtp.example.com:587');
    expect(smtp).not.toContain('hunter22');
  });

  it('gives every demo device a valid, distinct name and identity', () => {
    const devices = demoDevices(12);
    expect(new Set(devices.map((d) => d.name)).size).toBe(12);
    expect(new Set(devices.map((d) => d.sn)).size).toBe(12);
    expect(devices.filter((d) => d.kind === 'gateway')).toHaveLength(4);
  });
});
