import { ErrorCode, LiveCloseCode } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../src/plugins/auth.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import type { TestServer } from '../test-server.ts';
import { startDeviceTestServer } from '../../src/modules/device/device-test-factories.ts';
import { keyRefused } from '../../src/modules/api-key/index.ts';
import { Fixture } from './fixture.ts';
import { send, socketOutcome, type CellReply } from './http.ts';
import { contains, SCOPE_MARK, TEAM_MARK } from './marks.ts';
import {
  callerClasses,
  type CallerClass,
  type MatrixRow,
  type OutsideRow,
  type RowAccess,
} from './matrix-types.ts';

/** The codes a caller class may get from a guarded row (see callerClasses). */
export function expectedCodes(row: MatrixRow, cls: CallerClass): readonly number[] {
  const override = row.expect?.[cls];
  if (override !== undefined) return [override];
  const scope = row.scope ?? { kind: 'team' };
  const refused = scope.kind === 'object' ? (scope.codes ?? [ErrorCode.E1003_NO_DATA]) : [0];
  switch (cls) {
    case 'anonymous':
      return [ErrorCode.E1008_AUTH_HEADER_MISSING];
    case 'withoutPermission':
      return row.access === 'signedIn' ? [0] : [ErrorCode.E1002_PERMISSION_DENIED];
    case 'keyWithout':
      return keyRefused(row.url) || row.access !== 'signedIn' ? [ErrorCode.E1002_PERMISSION_DENIED] : [0];
    case 'otherTeam':
      return refused;
    case 'outOfScope':
      return scope.kind === 'object' && scope.teamWide ? [0] : refused;
    default:
      return [0];
  }
}

/** What a reply must not (or must) carry for this caller, as failure texts. */
function leaks(row: MatrixRow, cls: CallerClass, reply: CellReply): string[] {
  const failures: string[] = [];
  if ((cls === 'otherTeam' || cls === 'anonymous') && contains(reply.text, TEAM_MARK))
    failures.push(`${cls}: the reply carries team A's data: ${reply.text.slice(0, 300)}`);
  if (cls === 'outOfScope' && contains(reply.text, SCOPE_MARK))
    failures.push(
      `outOfScope: the reply carries data outside the member's scope: ${reply.text.slice(0, 300)}`,
    );
  if (
    row.scope?.kind === 'list' &&
    (cls === 'main' || cls === 'inScope') &&
    !contains(reply.text, SCOPE_MARK)
  )
    failures.push(`${cls}: the list does not show the fixture objects, so hiding them proves nothing`);
  return failures;
}

/** Runs every cell of a row; returns how many it checked and what failed. */
export async function checkRow(fx: Fixture, row: MatrixRow): Promise<{ cells: number; failures: string[] }> {
  const failures: string[] = [];
  if (row.access === 'public') {
    if (row.websocket) {
      const outcome = await socketOutcome(fx.server, row.url);
      if (outcome !== LiveCloseCode.TokenInvalid)
        failures.push(`anonymous: the socket ended with ${outcome}, not ${LiveCloseCode.TokenInvalid}`);
      return { cells: 1, failures };
    }
    const ctx = { fx, caller: 'anonymous' as const, self: null, allowed: true };
    const reply = await send(fx.server, row.method, row.url, undefined, (await row.request?.(ctx)) ?? {});
    const wanted = row.expect?.anonymous;
    const refused: (number | null)[] = [ErrorCode.E1008_AUTH_HEADER_MISSING, ErrorCode.E1009_LOGIN_EXPIRED];
    if (wanted !== undefined ? reply.code !== wanted : reply.status === 401 || refused.includes(reply.code))
      failures.push(
        `anonymous: code ${reply.code} (HTTP ${reply.status}) without a token, expected ${wanted ?? 'an answer'}: ${reply.text.slice(0, 300)}`,
      );
    if (contains(reply.text, TEAM_MARK)) failures.push(`anonymous: the reply carries team A's data`);
    return { cells: 1, failures };
  }
  for (const cls of callerClasses) {
    const codes = expectedCodes(row, cls);
    const self =
      row.freshCaller && cls !== 'anonymous'
        ? await fx.callers.fresh(cls, row.access)
        : await fx.callers.of(cls, row.access);
    const ctx = { fx, caller: cls, self, allowed: codes.length === 1 && codes[0] === 0 };
    const reply = await send(fx.server, row.method, row.url, self?.token, (await row.request?.(ctx)) ?? {});
    if (reply.code === null || !codes.includes(reply.code))
      failures.push(
        `${cls}: code ${reply.code} (HTTP ${reply.status}), expected ${codes.join(' or ')}: ${reply.text.slice(0, 300)}`,
      );
    failures.push(...leaks(row, cls, reply));
    if (row.check && self) failures.push(...row.check(ctx, reply).map((f) => `${cls}: ${f}`));
  }
  return { cells: callerClasses.length, failures };
}

const accessText = (a: RouteAccess | RowAccess | null): string =>
  a === null
    ? 'no rule'
    : typeof a === 'string'
      ? a
      : 'kind' in a
        ? a.kind === 'permission'
          ? `permission ${[...a.ids].sort((x, y) => x - y).join('+')}`
          : a.kind
        : `permission ${[...a].sort((x, y) => x - y).join('+')}`;

/** Failures of rows that name no registered route, or state another access than the route's. */
export function rowsAgainstTable(table: readonly RouteEntry[], rows: readonly MatrixRow[]): string[] {
  const failures: string[] = [];
  for (const row of rows) {
    const route = table.find((r) => r.method === row.method && r.url === row.url);
    if (!route) failures.push(`${row.method} ${row.url}: a matrix row without a route`);
    else if (accessText(route.access) !== accessText(row.access))
      failures.push(
        `${row.method} ${row.url}: the row says ${accessText(row.access)}, the route table ${accessText(route.access)}`,
      );
    else if (route.websocket !== (row.websocket ?? false))
      failures.push(`${row.method} ${row.url}: websocket ${route.websocket} in the table, not in the row`);
    if (row.access !== 'public' && !row.scope)
      failures.push(`${row.method} ${row.url}: a guarded row needs a scope`);
  }
  return failures;
}

/** Failures of routes of the table without a row (HEAD routes made for a GET follow their GET's row). */
export function routesWithoutRow(
  table: readonly RouteEntry[],
  rows: readonly (MatrixRow | OutsideRow)[],
): string[] {
  const has = (method: string, url: string) => rows.some((r) => r.method === method && r.url === url);
  return table
    .filter((r) => !has(r.method, r.url))
    .filter((r) => !(r.method === 'HEAD' && has('GET', r.url)))
    .map((r) => `${r.method} ${r.url}: a route without a matrix row (${accessText(r.access)})`);
}

export interface MatrixOptions {
  /** Settings of the suite's server (environment variables). */
  env?: Record<string, string>;
  /** Extra setup after the fixture (e.g. a connected device). */
  setup?: (fx: Fixture) => Promise<(() => Promise<void>) | void>;
}

/**
 * A suite of matrix rows: one server and one fixture, a test per route running its cells, and
 * the number of cells printed at the end.
 */
export function describeMatrix(name: string, rows: readonly MatrixRow[], options: MatrixOptions = {}) {
  describe(`authorization matrix: ${name}`, () => {
    let server: TestServer;
    let fx: Fixture;
    let teardown: (() => Promise<void>) | void;
    let cells = 0;
    beforeAll(async () => {
      // Every cell of the key class uses one of a few keys: no per-key rate in the way.
      server = await startDeviceTestServer({
        API_KEY_RATE: '100000',
        API_KEY_BURST: '100000',
        ...options.env,
      });
      fx = await Fixture.build(server);
      teardown = await options.setup?.(fx);
    });
    afterAll(async () => {
      console.log(`authorization matrix, ${name}: ${rows.length} routes, ${cells} cells checked`);
      await teardown?.();
      await server?.close();
    });

    it('every row is a registered route with the access rule it states', () => {
      expect(rowsAgainstTable(server.app.routeTable, rows)).toEqual([]);
    });

    it.each(rows.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_, row) => {
      const result = await checkRow(fx, row);
      cells += result.cells;
      expect(result.failures).toEqual([]);
    });
  });
}
