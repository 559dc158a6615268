import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { redactCredentials } from './logging.ts';

/**
 * What a person starting the console needs first: the address to open, where devices connect,
 * where the data and the outgoing mail are. `lines` for a terminal, `fields` for the JSON log.
 */
export function startBanner(app: FastifyInstance, config: Config) {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const consoleUrl = config.publicUrlExplicit ? config.publicUrl : `http://localhost:${port}`;
  const mqtt = config.mqttUrl
    ? `${redactCredentials(config.mqttUrl)} (external broker)`
    : `${app.deviceMqttUrl.replace('127.0.0.1', 'localhost')} (embedded broker; MQTT over WebSocket at ${consoleUrl.replace(/^http/, 'ws')}/mqtt)`;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'console.db');
  const mail = config.smtpUrl
    ? `SMTP ${redactCredentials(new URL(config.smtpUrl).host)}`
    : `${join(config.dataDir, 'outbox')} (mail and SMS are written here, links also to this log)`;
  const fields = { console: consoleUrl, mqtt, database, dataDir: config.dataDir, mail };
  const lines = [
    '',
    `  HMI Cloud Console is running`,
    `    open        ${consoleUrl}`,
    `    devices     ${mqtt}`,
    `    database    ${database}`,
    `    mail        ${mail}`,
    `    log level   ${config.logLevel} (LOG_LEVEL=debug shows every request)`,
    '',
  ];
  return { fields, lines };
}
