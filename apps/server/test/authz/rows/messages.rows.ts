import type { MatrixRow } from '../matrix-types.ts';

/*
 * The message centre and notifications (messages and notify modules): every signed-in user has
 * their own messages; alarm messages follow the data scope of their record's device.
 */
const v1 = (path: string) => `/v1${path}`;

export const messageRows: MatrixRow[] = [
  { method: 'GET', url: v1('/msg/notify/count'), access: 'signedIn', scope: { kind: 'team' } },
  { method: 'GET', url: v1('/msg/notify/today'), access: 'signedIn', scope: { kind: 'list' } },
  { method: 'GET', url: v1('/msg/notify'), access: 'signedIn', scope: { kind: 'list' } },
  {
    method: 'POST',
    url: v1('/msg/setread'),
    access: 'signedIn',
    scope: { kind: 'object' },
    // Allowed callers mark a message of their own; the others try the main account's.
    request: ({ fx, self, allowed }) => ({
      body: { ids: [fx.callers.noticeOf(allowed && self ? self : fx.a.main)] },
    }),
  },
  { method: 'GET', url: v1('/msg/notify/settings'), access: 'signedIn', scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/msg/notify/settings'),
    access: 'signedIn',
    scope: { kind: 'team' },
    request: () => ({ body: { mail_levels: 24 } }),
  },
  {
    method: 'POST',
    url: v1('/msg/notify/test'),
    access: 'signedIn',
    scope: { kind: 'team' },
    // One test mail a user per 30 s: the key acts as team A's main account, whose cell sent one.
    expect: { keyWithout: 1036 },
  },
  { method: 'GET', url: v1('/msg/notify/deliveries'), access: 'signedIn', scope: { kind: 'team' } },
  { method: 'GET', url: v1('/ws/notify'), access: 'public', websocket: true },
];
