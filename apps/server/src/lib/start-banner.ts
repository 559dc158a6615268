import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { redactCredentials } from './logging.ts';

/**
 * Where mail goes: the SMTP server's host and port (never its credentials), or the outbox
 * directory, whose mails' links are also printed in plain form (plugins/mail.ts).
 */
export function mailDestination(config: Pick<Config, 'smtpUrl' | 'dataDir'>): string {
  return config.smtpUrl
    ? `SMTP ${new URL(config.smtpUrl).host}`
    : `${join(config.dataDir, 'outbox')} (mail and SMS are written here, their links also to this log)`;
}

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
  const mail = mailDestination(config);
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
