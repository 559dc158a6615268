import {
  ErrorCode,
  historyExportQuery,
  HistoryPaths,
  historyRawQuery,
  historyStreamEnd,
  historyStreamQuery,
  historyStreamRow,
  historyRawReply,
  historySeriesQuery,
  historySeriesReply,
  historyTagsReply,
  idQuery,
  ingestDrops,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { entityRoutes, read } from '../../plugins/entity-routes.ts';
import type { RouteSchemas } from '../../plugins/route-table.ts';
import { csvStream, xlsxBuffer } from './history.export.ts';
import { csvPage, ndjsonPage, planPage } from './history.stream.ts';

/** The export for integrators in the OpenAPI document: its replies are pages of rows, not the envelope. */
const streamSchema: RouteSchemas & { querystring: typeof historyStreamQuery } = {
  querystring: historyStreamQuery,
  summary: 'Export history by cursor (NDJSON or CSV pages)',
  description:
    'One page of at most `limit` rows of the range, in time order then tag id. The next page: the same ' +
    "query with `cursor` set to this reply's `X-Next-Cursor` (absent on the last page). NDJSON pages end " +
    'with a `{ next_cursor, rows }` line; a page cut short ends without it (CSV: the transfer fails).',
  errors: [ErrorCode.E1003_NO_DATA],
  media: {
    'application/x-ndjson': {
      description: 'a row a line, then the end line',
      schema: historyStreamRow.or(historyStreamEnd),
    },
    'text/csv': { description: 'ts,time,tag_id,tag,value (CRLF)' },
  },
  replyHeaders: {
    'X-Next-Cursor': 'the cursor of the next page; absent on the last page',
    Link: 'the next page\'s URL, rel="next"',
  },
};

/** /history: raw rows, downsampled series, export (device view 2, data scope) and the ingest drop counters. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = app.services.history;
  entityRoutes(app, [
    read({
      path: HistoryPaths.raw,
      permission: Perm.DeviceView,
      query: historyRawQuery,
      reply: historyRawReply,
      run: (caller, query) => history.raw(caller, query),
    }),
    read({
      path: HistoryPaths.series,
      permission: Perm.DeviceView,
      query: historySeriesQuery,
      reply: historySeriesReply,
      run: (caller, query) => history.series(caller, query),
    }),
    read({
      path: HistoryPaths.tags,
      permission: Perm.DeviceView,
      query: idQuery,
      reply: historyTagsReply,
      run: (caller, query) => history.tags(caller, query.id),
    }),
    read({
      path: HistoryPaths.drops,
      permission: Perm.DeviceView,
      query: idQuery,
      reply: ingestDrops,
      run: (caller, query) => history.drops(caller, query.id),
    }),
  ]);

  // A file download (csv stream or xlsx), not a JSON reply: written by hand (docs/architecture.md).
  app.get(
    HistoryPaths.export,
    { preHandler: requirePermission(Perm.DeviceView), schema: { querystring: historyExportQuery } },
    async (request, reply) => {
      const q = request.query;
      const range = await history.check(requireUser(request), q);
      const names = await history.tagNames(range.deviceId, range.tagIds);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      const file = `history-${range.deviceId}-${stamp}.${q.format}`;
      reply.header('content-disposition', `attachment; filename="${file}"`);
      if (q.format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return reply.send(csvStream(history, range, q.tz, names));
      }
      const body = await xlsxBuffer(history, range, q.tz, names);
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(body);
    },
  );

  // The export for integrators: a page by cursor, the next cursor in a header (docs/api.md, Integrations).
  app.get(
    HistoryPaths.stream,
    { preHandler: requirePermission(Perm.DeviceView), schema: streamSchema },
    async (request, reply) => {
      const q = request.query;
      const page = await planPage(history, requireUser(request), q);
      if (page.nextCursor) {
        const next = new URL(request.url, 'http://localhost');
        next.searchParams.set('cursor', page.nextCursor);
        void reply.header('x-next-cursor', page.nextCursor);
        void reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      void reply.header('access-control-expose-headers', 'X-Next-Cursor, Link');
      void reply.header('cache-control', 'no-store');
      if (q.format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvPage(history, page));
      return reply.type('application/x-ndjson; charset=utf-8').send(ndjsonPage(history, page));
    },
  );
};
