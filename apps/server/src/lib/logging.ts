import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Activation and socket tokens travel in query strings: keep them out of the logs. */
export const redactUrl = (url: string) => url.replace(/([?&](?:token|code)=)[^&]*/gi, '$1***');

/** True when log lines are printed for a person (LOG_FORMAT pretty, or auto on a terminal). */
export function prettyLogs(config: Pick<Config, 'logFormat'>): boolean {
  return config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
}

/**
 * The logger of lines meant for the operator whatever LOG_LEVEL says (the start banner, where an
 * outbox mail's links are): at info even when the level is warn or error (`npm run demo` runs at
 * warn), in the same format as every other line. Only LOG_LEVEL=silent silences them.
 */
export function operatorLog(app: FastifyInstance): FastifyInstance['log'] {
  // pino's own check (not in Fastify's logger type); Fastify's no-op logger (logger: false) has none.
  const log = app.log as FastifyInstance['log'] & { isLevelEnabled?(level: string): boolean };
  if (!log.isLevelEnabled || log.level === 'silent' || log.isLevelEnabled('info')) return log;
  return log.child({}, { level: 'info' });
}

/**
 * The pino options of the console: LOG_LEVEL, and one line per line of output: pretty and short
 * for a person at a terminal (pino-pretty, in pino's worker thread), JSON for production.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    ...(prettyLogs(config)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
  };
}

/**
 * One log line per request, after it is answered, at a level by outcome: server errors `error`,
 * refusals (4xx) `info`, successes `debug` — so the default level (info) stays quiet while a
 * user works, and LOG_LEVEL=debug shows every request. Replaces Fastify's two lines a request.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    // pino's own check (not in Fastify's logger type): no line object at a level that is off.
    if (!(request.log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level)) return;
    request.log[level](
      { method: request.method, url: redactUrl(request.url), status, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${redactUrl(request.url)} ${status}`,
    );
  });
}
