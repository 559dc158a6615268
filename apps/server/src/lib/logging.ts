import type { DestinationStream } from 'pino';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Query parameters that may carry a secret: activation, socket and share tokens, codes, passwords, PINs. */
const SECRET_PARAMS =
  /([?&](?:token|share|code|refresh_token|access_token|passwd|password|pin|secret|key)=)[^&#\s"]*/gi;

/** Activation and socket tokens travel in query strings: keep them out of the logs. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

/**
 * The credentials of a URL (`scheme://user:password@host`, or `scheme://token@host`) replaced by
 * `***`, wherever URLs appear in a text: MQTT_URL, DATABASE_URL, SMTP_URL, BUS_URL...
 */
export const redactCredentials = (text: string) =>
  text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^\s/@"'<>]*)@/gi, (_, scheme: string, info: string) => {
    const colon = info.indexOf(':');
    return colon < 0 ? `${scheme}***@` : `${scheme}${info.slice(0, colon)}:***@`;
  });

/**
 * Every secret the configuration holds, as it could appear in a log line: the keys (JWT_SECRET,
 * CARD_PEPPER, MQTT_DYNSEC_PASSWORD, METRICS_TOKEN) and the user and password parts of the URLs with credentials. Short values (under 4
 * characters) are left out: they would blank unrelated text and say nothing.
 */
export function configuredSecrets(config: Config): string[] {
  const decoder = new TextDecoder();
  const values = [decoder.decode(config.jwtSecret), decoder.decode(config.cardPepper)];
  if (config.mqttDynsec) values.push(config.mqttDynsec.password);
  if (config.metricsToken) values.push(config.metricsToken);
  for (const url of [config.mqttUrl, config.databaseUrl, config.smtpUrl, config.busUrl]) {
    if (!url) continue;
    try {
      const u = new URL(url);
      values.push(u.password, decodeURIComponent(u.password));
      if (!u.password) values.push(u.username, decodeURIComponent(u.username));
    } catch {
      // config.ts validated the URLs; nothing to add for one that does not parse.
    }
  }
  return [...new Set(values)].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
}

/** A line of log output with every configured secret and every URL credential blanked. */
export function scrubber(secrets: readonly string[]): (line: string) => string {
  const forms = secrets.flatMap((v) => [v, JSON.stringify(v).slice(1, -1), encodeURIComponent(v)]);
  const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return (line) => {
    let out = redactCredentials(line);
    for (const v of unique) if (out.includes(v)) out = out.split(v).join('***');
    return out;
  };
}

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
 * for a person at a terminal (pino-pretty, in pino's worker thread), JSON for production. Every
 * line goes through `scrubber` before it is written: no configured secret and no URL credential
 * reaches the log, whoever logged it. `stream` (tests) replaces standard output.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const scrub = scrubber(configuredSecrets(config));
  return {
    level: config.logLevel,
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    hooks: { streamWrite: scrub },
    ...(stream ? { stream } : {}),
    ...(!stream && prettyLogs(config)
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
    // Without a logger (tests: `logger: false`) there is no such check and nothing to write; a
    // throw here would skip every onResponse hook after this one (the API keys' write record).
    const log = request.log as unknown as { isLevelEnabled?(l: string): boolean };
    if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled(level)) return;
    request.log[level](
      { method: request.method, url: redactUrl(request.url), status, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${redactUrl(request.url)} ${status}`,
    );
  });
}
