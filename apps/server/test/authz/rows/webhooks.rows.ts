import { Perm } from '@hmi/domain';
import { ok, type Fixture } from '../fixture.ts';
import { marked, neutral, TEAM_MARK } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * Webhooks (issue 29; integration view 49, manage 50). Endpoints belong to the team, not to a
 * data scope: the out-of-scope member may act on them (teamWide); team B gets 1003 for team A's
 * ids and never sees them in its list. The URLs resolve nowhere (.invalid): a test delivery fails
 * fast in the background.
 */
const v1 = (path: string) => `/v1${path}`;
const teamObject = { kind: 'object', teamWide: true } as const;

const endpointBody = (name: string) => ({
  name,
  url: 'https://hooks.example.invalid/hmi',
  format: 'json',
  events: ['alarm.raised'],
  enabled: true,
});

/** A new endpoint of team A, made by its main account, named with the team mark. */
const freshEndpoint = async (fx: Fixture): Promise<number> =>
  (
    await ok<{ endpoint: { id: number } }>(
      fx.server,
      fx.a.main.token,
      '/integration/webhook/add',
      endpointBody(marked(TEAM_MARK, 'hook')),
    )
  ).endpoint.id;

// One endpoint per fixture for the routes that leave it in place (a team holds at most 20).
const shared = new WeakMap<Fixture, Promise<number>>();
const teamEndpoint = (fx: Fixture): Promise<number> => {
  let id = shared.get(fx);
  if (!id) shared.set(fx, (id = freshEndpoint(fx)));
  return id;
};

export const webhookRows: readonly MatrixRow[] = [
  {
    method: 'GET',
    url: v1('/integration/webhook/list'),
    access: [Perm.IntegrationView],
    scope: { kind: 'team' },
    // Made before the cells run, so team B's empty list proves something.
    request: async ({ fx }) => (await teamEndpoint(fx), {}),
  },
  {
    method: 'POST',
    url: v1('/integration/webhook/add'),
    access: [Perm.IntegrationManage],
    scope: { kind: 'team' },
    request: () => ({ body: endpointBody(neutral('hook')) }),
  },
  {
    method: 'POST',
    url: v1('/integration/webhook/edit'),
    access: [Perm.IntegrationManage],
    scope: teamObject,
    request: async ({ fx }) => ({
      body: { id: await teamEndpoint(fx), ...endpointBody(marked(TEAM_MARK, 'hook')) },
    }),
  },
  {
    method: 'POST',
    url: v1('/integration/webhook/delete'),
    access: [Perm.IntegrationManage],
    scope: teamObject,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? await freshEndpoint(fx) : await teamEndpoint(fx) },
    }),
  },
  {
    method: 'POST',
    url: v1('/integration/webhook/test'),
    access: [Perm.IntegrationManage],
    scope: teamObject,
    request: async ({ fx }) => ({ body: { id: await teamEndpoint(fx) } }),
  },
  {
    method: 'GET',
    url: v1('/integration/webhook/deliveries'),
    access: [Perm.IntegrationView],
    scope: teamObject,
    request: async ({ fx }) => ({ query: { endpoint_id: await teamEndpoint(fx) } }),
  },
];
