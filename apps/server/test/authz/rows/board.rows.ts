import { Perm } from '@hmi/domain';
import type { Fixture } from '../fixture.ts';
import type { Member } from '../members.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * The data board and favourite devices (board module). Each caller has their own board and
 * favourites: the list rows first store, for the caller, a board card and a favourite naming the
 * fixture device (as a user who had it in scope before a role change), so the reply must show
 * its marked tag and name to the main account and the in-scope member only.
 */
const v1 = (path: string) => `/v1${path}`;
let sequence = 0;

/** The caller's board holds an indicator card on the fixture device's marked tag. */
async function storeBoard(fx: Fixture, self: Member | null): Promise<void> {
  if (!self) return;
  const cards = JSON.stringify([
    {
      id: 'fx',
      kind: 'indicator',
      title: '',
      device_id: fx.scoped.device.id,
      tag_id: fx.scoped.template.tags.speed,
    },
  ]);
  await fx.server.app.db
    .insertInto('boards')
    .values({ user_id: self.id, team_id: self.teamId, cards, layouts: '{}', updated_at: Date.now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ team_id: self.teamId, cards }))
    .execute();
}

/** The caller starred the fixture device. */
async function storeFavourite(fx: Fixture, self: Member | null): Promise<void> {
  if (!self) return;
  await fx.server.app.db
    .insertInto('favourite_devices')
    .values({ user_id: self.id, device_id: fx.scoped.device.id, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'device_id']).doNothing())
    .execute();
}

export const boardRows: MatrixRow[] = [
  {
    method: 'GET',
    url: v1('/board'),
    access: [Perm.DashboardView],
    scope: { kind: 'list' },
    request: async ({ fx, self }) => {
      await storeBoard(fx, self);
      return {};
    },
  },
  {
    // A suggestion from the caller's devices: the fixture device (and its marked tag) only for
    // the callers who have it in scope.
    method: 'GET',
    url: v1('/board/suggestion'),
    access: [Perm.DashboardView],
    scope: { kind: 'list' },
    request: () => ({}),
  },
  {
    method: 'POST',
    url: v1('/board/save'),
    access: [Perm.DashboardView],
    scope: { kind: 'object' },
    // A card id of its own per cell: the reference is new to its card, so the scope is checked.
    request: ({ fx }) => ({
      body: {
        cards: [
          {
            id: `c${++sequence}`,
            kind: 'indicator',
            device_id: fx.scoped.device.id,
            tag_id: fx.scoped.template.tags.speed,
          },
        ],
        layouts: {},
      },
    }),
  },
  {
    method: 'GET',
    url: v1('/board/favourites'),
    access: [Perm.DeviceView],
    scope: { kind: 'list' },
    request: async ({ fx, self }) => {
      await storeFavourite(fx, self);
      return {};
    },
  },
  {
    method: 'POST',
    url: v1('/board/favourite'),
    access: [Perm.DeviceView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { device_id: fx.scoped.device.id, on: true } }),
  },
];
