import type { PermId } from '@hmi/domain';
import type { Fixture } from './fixture.ts';
import type { CellReply } from './http.ts';
import type { Member } from './members.ts';

/**
 * The callers of the matrix, for every guarded route:
 * - anonymous: no token (1008);
 * - otherTeam: team B's main account with team A's ids (1002 or 1003, never a byte of team A);
 * - withoutPermission: a member of team A whose role holds every permission but the route's
 *   (for a route open to every signed-in user: a member without any permission), with the
 *   in-scope data permissions (1002; 0 on a signed-in route);
 * - outOfScope: a member holding every permission whose data permissions exclude the fixture
 *   objects (1003 and the like, or the objects missing from lists);
 * - inScope: a member holding every permission with the fixture objects in scope (0);
 * - main: team A's main account (0);
 * - keyWithout: an API key of team A's main account holding every permission but the route's
 *   (none on a signed-in route): a key narrower than its user gets the narrower answer, what
 *   withoutPermission gets (1002), and 1002 on the routes no key reaches (the account's own).
 */
export const callerClasses = [
  'anonymous',
  'otherTeam',
  'withoutPermission',
  'outOfScope',
  'inScope',
  'main',
  'keyWithout',
] as const;
export type CallerClass = (typeof callerClasses)[number];

/** A route's access rule as a row states it: checked against the route table. */
export type RowAccess = 'public' | 'signedIn' | readonly PermId[];

/** How a cell's request is built. `query` values are joined with commas when lists. */
export interface CellRequest {
  query?: Record<string, string | number | boolean | readonly number[] | undefined>;
  body?: unknown;
  /** Headers of their own (e.g. the refresh token of /refreshtoken). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON (built per call: a FormData is read once). */
  form?: () => FormData | Promise<FormData>;
}

export interface CellContext {
  fx: Fixture;
  caller: CallerClass;
  /** The caller's account (null when anonymous). */
  self: Member | null;
  /**
   * True when the cell expects success (code 0): the request must then be one that succeeds,
   * e.g. on a fresh object for a destructive route (`fx.fresh`), unique names for creations.
   */
  allowed: boolean;
}

/**
 * What data scope means for a route:
 * - `object`: it touches one object of the data scope (the ids of the request): team B and the
 *   out-of-scope member get one of `codes` (default 1003). `teamWide` objects (labels, alarm
 *   groups) belong to the team, not to a data scope: the out-of-scope member may use them.
 * - `list`: it lists scoped data: everyone allowed gets 0, but the out-of-scope member and team B
 *   do not see the fixture objects, while the main account and the in-scope member do.
 * - `team`: team-wide data or the caller's own account: no object of a data scope.
 */
export type RowScope =
  { kind: 'object'; codes?: readonly number[]; teamWide?: boolean } | { kind: 'list' } | { kind: 'team' };

/** One route of the matrix. `url` is the route table's (prefix included). */
export interface MatrixRow {
  method: 'GET' | 'POST';
  url: string;
  access: RowAccess;
  /** The request of a cell; defaults to no query and no body. */
  request?: (ctx: CellContext) => CellRequest | Promise<CellRequest>;
  /** Required for guarded routes; public routes answer everyone alike. */
  scope?: RowScope;
  /**
   * Codes other than the defaults of the scope for some callers (e.g. sub-accounts 1105). On a
   * public route, `anonymous` is the code its call must get (else: anything but 1008 and 1009).
   */
  expect?: Partial<Record<CallerClass, number>>;
  /**
   * The route acts on the caller's own session or account (logout, password, closure): every
   * signed-in cell runs as a fresh account of the caller's class, so the cells stay independent.
   */
  freshCaller?: boolean;
  /**
   * What the reply of a cell must (not) show beyond the marks, e.g. ids outside the caller's
   * scope in a list of ids: failure texts (empty when right). Called for every signed-in cell.
   */
  check?: (ctx: CellContext, reply: CellReply) => string[];
  /** A WebSocket route: its cells open a socket (the sockets suite checks what flows on it). */
  websocket?: boolean;
}

/** A route outside the API's deny-by-default scope, listed with the reason it needs no row. */
export interface OutsideRow {
  method: string;
  url: string;
  outside: string;
}
