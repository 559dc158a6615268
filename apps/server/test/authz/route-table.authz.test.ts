import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.ts';
import { rowsAgainstTable, routesWithoutRow } from './matrix.ts';
import { allRows, outsideRows } from './rows/index.ts';

/*
 * The matrix is generated from the route table the app records as it registers routes: a route
 * added later without a row fails here, naming its method and path, and so does a row whose
 * route is gone or whose access rule differs from the route's. HEAD routes that Fastify adds for
 * GET routes follow their GET's rule; their cell is a call without a token.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('authorization matrix: the route table', () => {
  it('every registered route has a row, and every row a route with the access rule it states', () => {
    const table = server.app.routeTable;
    expect(routesWithoutRow(table, [...allRows, ...outsideRows])).toEqual([]);
    expect(rowsAgainstTable(table, allRows)).toEqual([]);
    for (const row of outsideRows) {
      const route = table.find((r) => r.method === row.method && r.url === row.url);
      expect(route, `${row.method} ${row.url}: an outside row without a route`).toBeDefined();
      expect(route!.access, `${row.method} ${row.url} is inside the API: give it a matrix row`).toBeNull();
    }
    const guarded = allRows.filter((r) => r.access !== 'public').length;
    console.log(
      `authorization matrix: ${table.length} routes registered, ${allRows.length} with a row ` +
        `(${guarded} guarded x 6 callers), ${outsideRows.length} outside the API, the rest HEAD`,
    );
  });

  it('HEAD routes have their GET route’s rule and refuse a call without a token when guarded', async () => {
    const table = server.app.routeTable;
    const heads = table.filter((r) => r.method === 'HEAD');
    const failures: string[] = [];
    let cells = 0;
    for (const head of heads) {
      const get = table.find((r) => r.method === 'GET' && r.url === head.url);
      if (!get || JSON.stringify(get.access) !== JSON.stringify(head.access)) {
        failures.push(`HEAD ${head.url}: not the rule of a GET route`);
        continue;
      }
      // Public, sockets, and routes outside the API (their own rules, tested in their suites).
      if (head.access === null || head.access.kind === 'public' || head.websocket) continue;
      cells++;
      const res = await fetch(`${server.url}${head.url}`, { method: 'HEAD' });
      if (res.status !== 401) failures.push(`HEAD ${head.url}: ${res.status} without a token`);
    }
    console.log(`authorization matrix, HEAD routes: ${heads.length} routes, ${cells} cells checked`);
    expect(failures).toEqual([]);
  });
});
