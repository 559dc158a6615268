import {
  historyExportQuery,
  HistoryPaths,
  historyRawQuery,
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
import { csvStream, xlsxBuffer } from './history.export.ts';

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
};
