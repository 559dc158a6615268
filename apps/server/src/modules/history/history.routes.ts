import {
  envelope,
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
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { csvStream, xlsxBuffer } from './history.export.ts';

/** /history: raw rows, downsampled series, export (device view 2, data scope) and the ingest drop counters. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = app.services.history;
  const view = requirePermission(Perm.DeviceView);

  app.get(
    HistoryPaths.raw,
    {
      preHandler: view,
      schema: { querystring: historyRawQuery, response: { 200: envelope(historyRawReply) } },
    },
    async (request) => ok(await history.raw(requireUser(request), request.query)),
  );

  app.get(
    HistoryPaths.series,
    {
      preHandler: view,
      schema: { querystring: historySeriesQuery, response: { 200: envelope(historySeriesReply) } },
    },
    async (request) => ok(await history.series(requireUser(request), request.query)),
  );

  app.get(
    HistoryPaths.export,
    { preHandler: view, schema: { querystring: historyExportQuery } },
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

  app.get(
    HistoryPaths.tags,
    { preHandler: view, schema: { querystring: idQuery, response: { 200: envelope(historyTagsReply) } } },
    async (request) => ok(await history.tags(requireUser(request), request.query.id)),
  );

  app.get(
    HistoryPaths.drops,
    { preHandler: view, schema: { querystring: idQuery, response: { 200: envelope(ingestDrops) } } },
    async (request) => ok(await history.drops(requireUser(request), request.query.id)),
  );
};
