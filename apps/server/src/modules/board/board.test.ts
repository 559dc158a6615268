import {
  BoardLimits,
  ErrorCode,
  Perm,
  type BoardCardInput,
  type BoardReply,
  type FavouriteListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildTemplate,
  grantData,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let tags: { speed: number; running: number };
let devA: { id: number };
let devB: { id: number };

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 5);
  const template = await buildTemplate(server, token);
  tags = {
    speed: template.tags.find((t) => t.name === 'speed')!.id,
    running: template.tags.find((t) => t.name === 'running')!.id,
  };
  devA = await buildDevice(server, token, { template_id: template.id });
  devB = await buildDevice(server, token, { template_id: template.id });
});
afterAll(async () => server?.close());

const getBoard = async (t = token) => (await server.call<BoardReply>('GET', '/board', { token: t })).body;
const save = async (body: { cards: BoardCardInput[]; layouts: object }, t = token) =>
  (await server.call<BoardReply>('POST', '/board/save', { token: t, body })).body;
const favourites = async (t = token) =>
  (await server.call<FavouriteListReply>('GET', '/board/favourites', { token: t })).body;
const star = async (deviceId: number, on: boolean, t = token) =>
  (await server.call('POST', '/board/favourite', { token: t, body: { device_id: deviceId, on } })).body;

const indicator = (id: string, deviceId: number, tagId: number) => ({
  id,
  kind: 'indicator' as const,
  device_id: deviceId,
  tag_id: tagId,
});

describe('board routes: access', () => {
  const routes = [
    { method: 'GET', path: '/board', perm: Perm.DashboardView, body: undefined },
    { method: 'POST', path: '/board/save', perm: Perm.DashboardView, body: { cards: [], layouts: {} } },
    { method: 'GET', path: '/board/favourites', perm: Perm.DeviceView, body: undefined },
    { method: 'POST', path: '/board/favourite', perm: Perm.DeviceView, body: { device_id: 1, on: true } },
  ];
  it.each(routes)(
    '$method $path: 401, then 1002 without permission $perm',
    async ({ method, path, body, perm }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const sub = await createSubAccount(server, main, {
        permissions: [Perm.DashboardView, Perm.DeviceView].filter((p) => p !== perm),
      });
      expect((await server.call(method, path, { token: sub.tokens.token, body })).body.code).toBe(1002);
    },
  );
});

describe('board', () => {
  it('starts empty, then saves cards and a layout per breakpoint, read back as saved', async () => {
    const fresh = await createActiveUser(server);
    expect((await getBoard(fresh.tokens.token)).data).toMatchObject({
      cards: [],
      layouts: {},
      updated_at: 0,
      max_cards: BoardLimits.maxCards,
      indicator_suggested: 3,
    });

    const cards: BoardCardInput[] = [
      { ...indicator('a', devA.id, tags.speed), thresholds: { high_warn: 80, high_alarm: 90 } },
      {
        id: 'b',
        kind: 'trend',
        title: 'Line',
        tags: [
          { device_id: devA.id, tag_id: tags.speed },
          { device_id: devB.id, tag_id: tags.running },
        ],
      },
    ];
    const layouts = {
      lg: [
        { i: 'a', x: 0, y: 0, w: 3, h: 2 },
        { i: 'b', x: 3, y: 0, w: 9, h: 4 },
        { i: 'ghost', x: 0, y: 9, w: 1, h: 1 },
      ],
      xs: [
        { i: 'b', x: 0, y: 0, w: 1, h: 4 },
        { i: 'a', x: 0, y: 4, w: 1, h: 2 },
      ],
    };
    const saved = await save({ cards, layouts });
    expect(saved.code).toBe(0);
    const board = (await getBoard()).data;
    expect(board.cards).toEqual(saved.data.cards);
    expect(board.cards[0]).toMatchObject({
      window_ms: 3_600_000,
      thresholds: { low_alarm: null, high_warn: 80 },
    });
    // The layout item naming no card is dropped; breakpoints stay apart.
    expect(board.layouts).toEqual({ lg: layouts.lg.slice(0, 2), xs: layouts.xs });
    expect(board.updated_at).toBeGreaterThan(0);
    expect(board.devices.map((d) => d.id).sort()).toEqual([devA.id, devB.id].sort());
    expect(board.tags).toContainEqual(
      expect.objectContaining({ device_id: devA.id, tag_id: tags.speed, unit: 'rpm' }),
    );

    // Another layout for md leaves the others as sent.
    await save({ cards, layouts: { ...layouts, md: [{ i: 'a', x: 1, y: 1, w: 2, h: 2 }] } });
    expect((await getBoard()).data.layouts.md).toEqual([{ i: 'a', x: 1, y: 1, w: 2, h: 2 }]);
  });

  it(`caps the board at ${BoardLimits.maxCards} cards and refuses duplicate card ids`, async () => {
    const many = Array.from({ length: BoardLimits.maxCards + 1 }, (_, i) =>
      indicator(`c${i}`, devA.id, tags.speed),
    );
    expect((await save({ cards: many, layouts: {} })).code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await save({ cards: many.slice(0, BoardLimits.maxCards), layouts: {} })).code).toBe(0);
    expect(
      await save({
        cards: [indicator('x', devA.id, tags.speed), indicator('x', devB.id, tags.speed)],
        layouts: {},
      }),
    ).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.board.duplicateCard' }] },
    });
    const tooManyTags = Array.from({ length: 11 }, () => ({ device_id: devA.id, tag_id: tags.speed }));
    expect((await save({ cards: [{ id: 't', kind: 'trend', tags: tooManyTags }], layouts: {} })).code).toBe(
      1006,
    );
  });

  it('refuses devices outside the scope, foreign devices and tags not of the device (1003)', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildDevice(server, other.tokens.token);
    expect((await save({ cards: [indicator('f', foreign.id, tags.speed)], layouts: {} })).code).toBe(1003);
    expect((await save({ cards: [indicator('f', devA.id, 999_999)], layouts: {} })).code).toBe(1003);

    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DashboardView],
      deviceIds: [devA.id],
    });
    const st = sub.tokens.token;
    expect((await save({ cards: [indicator('b', devB.id, tags.speed)], layouts: {} }, st)).code).toBe(1003);
    expect((await save({ cards: [indicator('a', devA.id, tags.speed)], layouts: {} }, st)).code).toBe(0);
  });

  it('a card whose device left the scope reads "no access" and the board can still be saved', async () => {
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DashboardView],
      deviceIds: [devA.id, devB.id],
    });
    const st = sub.tokens.token;
    const cards = [indicator('a', devA.id, tags.speed), indicator('b', devB.id, tags.speed)];
    expect((await save({ cards, layouts: {} }, st)).code).toBe(0);
    await grantData(server, sub.roleId, { deviceIds: [devA.id] });

    const board = await getBoard(st);
    expect(board.code).toBe(0);
    expect(board.data.cards.map((c) => c.id)).toEqual(['a', 'b']);
    expect(board.data.devices.map((d) => d.id)).toEqual([devA.id]);
    expect(board.data.tags.every((t) => t.device_id === devA.id)).toBe(true);
    // Rearranging keeps the out-of-scope card; pointing a card at it anew is refused.
    const lg = [{ i: 'b', x: 0, y: 0, w: 2, h: 2 }];
    expect((await save({ cards, layouts: { lg } }, st)).code).toBe(0);
    expect(
      (await save({ cards: [cards[0]!, indicator('c', devB.id, tags.speed)], layouts: {} }, st)).code,
    ).toBe(1003);
  });
});

describe('favourite devices', () => {
  it('stars and unstars devices of the scope, newest first, with their first tags', async () => {
    const user = await createActiveUser(server);
    const t = user.tokens.token;
    const d1 = await buildDevice(server, t);
    const d2 = await buildDevice(server, t);
    expect(await star(d1.id, true, t)).toMatchObject({ code: 0, data: { device_id: d1.id, on: true } });
    await star(d2.id, true, t);
    await star(d2.id, true, t);
    expect((await favourites(t)).data.list.map((f) => f.device_id)).toEqual([d2.id, d1.id]);
    await star(d2.id, false, t);
    expect((await favourites(t)).data).toMatchObject({ list: [{ device_id: d1.id, last: [] }], max: 50 });
    expect((await star(devA.id, true, t)).code).toBe(1003);
  });

  it('favourites outside the scope after a role change disappear, never an error', async () => {
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView],
      deviceIds: [devA.id, devB.id],
    });
    const st = sub.tokens.token;
    await star(devA.id, true, st);
    await star(devB.id, true, st);
    const before = (await favourites(st)).data.list;
    expect(before.map((f) => f.device_id).sort()).toEqual([devA.id, devB.id].sort());
    expect(before[0]!.last.map((l) => l.name)).toEqual(['speed', 'running']);

    await grantData(server, sub.roleId, { deviceIds: [devA.id] });
    expect(await favourites(st)).toMatchObject({ code: 0, data: { list: [{ device_id: devA.id }] } });
    expect((await star(devB.id, false, st)).code).toBe(1003);
    // The scope comes back: so does the favourite.
    await grantData(server, sub.roleId, { deviceIds: [devA.id, devB.id] });
    expect((await favourites(st)).data.list).toHaveLength(2);
  });

  it(`keeps at most ${BoardLimits.favouritesMax} favourites`, async () => {
    const user = await createActiveUser(server);
    const now = Date.now();
    // Bound devices of the team, inserted directly (50 binds would take the suite's time).
    const rows = await server.app.db
      .insertInto('devices')
      .values(
        Array.from({ length: BoardLimits.favouritesMax }, (_, i) => ({
          team_id: user.profile.team_id,
          sn: `FAV${now}${i}`,
          secret_hash: 'x',
          name: `fav${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    await server.app.db
      .insertInto('favourite_devices')
      .values(ids.map((device_id) => ({ user_id: user.profile.dbuser_id, device_id, created_at: now })))
      .execute();
    const extra = await buildDevice(server, user.tokens.token);
    expect(await star(extra.id, true, user.tokens.token)).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.board.favouritesFull' }] },
    });
    expect((await star(ids[0]!, true, user.tokens.token)).code).toBe(0);
  });
});
