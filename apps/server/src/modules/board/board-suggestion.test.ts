import { boardBreakpoints, BoardColumns, Perm, type BoardReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildTemplate,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';
import { suggestBoard, type SuggestionDevice, type SuggestionTag } from './board-suggestion.ts';

const tag = (id: number, name: string, data_type: number): SuggestionTag => ({ id, name, data_type });

describe('suggestBoard', () => {
  const filler = [tag(1, 'running', 0), tag(2, 'speed', 7), tag(3, 'temp', 7), tag(4, 'recipe', 9)];
  const gateway = [tag(10, 'pressure', 8), tag(11, 'flow', 7), tag(12, 'energy', 3)];
  const devices: SuggestionDevice[] = [
    { id: 5, name: 'Filler_2', online: 0, template_id: 1 },
    { id: 3, name: 'Filler_1', online: 1, template_id: 1 },
    { id: 4, name: 'Pump', online: 1, template_id: 2 },
    { id: 6, name: 'Capper', online: 1, template_id: 1 },
  ];
  const tagsOf = new Map([
    [3, filler],
    [5, filler],
    [6, filler],
    [4, gateway],
  ]);

  it('proposes indicators of number tags, templates in turn, online devices first, then trends', () => {
    const { cards } = suggestBoard(devices, tagsOf);
    expect(cards.filter((c) => c.kind === 'indicator')).toEqual([
      expect.objectContaining({ device_id: 3, tag_id: 2 }),
      expect.objectContaining({ device_id: 4, tag_id: 10 }),
      expect.objectContaining({ device_id: 6, tag_id: 2 }),
    ]);
    const trends = cards.filter((c) => c.kind === 'trend');
    expect(trends.map((t) => [t.title, t.tags])).toEqual([
      [
        'Filler_1',
        [
          { device_id: 3, tag_id: 2 },
          { device_id: 3, tag_id: 3 },
        ],
      ],
      [
        'speed',
        [
          { device_id: 3, tag_id: 2 },
          { device_id: 6, tag_id: 2 },
          { device_id: 5, tag_id: 2 },
        ],
      ],
      [
        'Pump',
        [
          { device_id: 4, tag_id: 10 },
          { device_id: 4, tag_id: 11 },
          { device_id: 4, tag_id: 12 },
        ],
      ],
    ]);
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
  });

  it('lays out every breakpoint inside its columns, without overlaps', () => {
    const { cards, layouts } = suggestBoard(devices, tagsOf);
    for (const bp of boardBreakpoints) {
      const items = layouts[bp]!;
      expect(items.map((it) => it.i).sort()).toEqual(cards.map((c) => c.id).sort());
      for (const it of items) expect(it.x + it.w).toBeLessThanOrEqual(BoardColumns[bp]);
      for (const a of items)
        for (const b of items) {
          if (a === b) continue;
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          expect(apart, `${bp} ${a.i} ${b.i}`).toBe(true);
        }
      // Trends are tall enough for a chart.
      for (const it of items.filter((x) => x.i.startsWith('t'))) expect(it.h).toBeGreaterThanOrEqual(5);
    }
  });

  it('proposes nothing without a number tag', () => {
    const bools = new Map([[3, [tag(1, 'running', 0), tag(4, 'recipe', 9)]]]);
    expect(suggestBoard([devices[1]!], bools).cards).toEqual([]);
    expect(suggestBoard([], new Map()).cards).toEqual([]);
  });
});

describe('GET /board/suggestion', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startDeviceTestServer();
  });
  afterAll(async () => server?.close());

  const suggestion = async (token: string) =>
    (await server.call<BoardReply>('GET', '/board/suggestion', { token })).body;

  it('proposes cards of the caller’s devices, saved as any board; a member sees its scope only', async () => {
    const main = await createActiveUser(server);
    const token = main.tokens.token;
    expect((await suggestion(token)).data).toMatchObject({ cards: [], updated_at: 0 });

    await setTemplateLimit(server, main.profile.team_id, 5);
    const template = await buildTemplate(server, token, {
      tags: [
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'speed', data_type: 7, rw: 0, unit: 'rpm' },
        { name: 'level', data_type: 1, rw: 0, unit: '%' },
      ],
    });
    const a = await buildDevice(server, token, { template_id: template.id });
    const b = await buildDevice(server, token, { template_id: template.id });
    await buildDevice(server, token); // no template: nothing to show

    const reply = await suggestion(token);
    expect(reply.code).toBe(0);
    const proposed = reply.data;
    expect(proposed.updated_at).toBe(0);
    expect(proposed.cards.map((c) => c.kind)).toEqual(['indicator', 'indicator', 'trend', 'trend']);
    expect(proposed.devices.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    expect(proposed.tags.map((t) => t.name).sort()).toEqual(['level', 'speed', 'speed']);
    // Not saved: the board is still empty until the user accepts it.
    expect((await server.call<BoardReply>('GET', '/board', { token })).body.data.cards).toEqual([]);
    const saved = await server.call<BoardReply>('POST', '/board/save', {
      token,
      body: { cards: proposed.cards, layouts: proposed.layouts },
    });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data.cards).toEqual(proposed.cards);
    expect(saved.body.data.layouts).toEqual(proposed.layouts);

    const member = await createSubAccount(server, main, {
      permissions: [Perm.DashboardView],
      deviceIds: [b.id],
    });
    const mine = (await suggestion(member.tokens.token)).data;
    expect(mine.cards.length).toBeGreaterThan(0);
    expect(mine.devices.map((d) => d.id)).toEqual([b.id]);
    const refs = mine.cards.flatMap((c) =>
      c.kind === 'indicator' ? [c.device_id] : c.tags.map((t) => t.device_id),
    );
    expect(new Set(refs)).toEqual(new Set([b.id]));

    const noBoard = await createSubAccount(server, main, { permissions: [Perm.DeviceView] });
    expect((await suggestion(noBoard.tokens.token)).code).toBe(1002);
    expect((await server.call('GET', '/board/suggestion')).status).toBe(401);
  });
});
