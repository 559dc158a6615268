import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openApiDocument } from './openapi.document.ts';
import { API_VERSION } from './openapi.routes.ts';
import { CLIENT_TYPES_FILE, openApiTypes } from './openapi-types.ts';

/**
 * npm run openapi -- [--out openapi.json] [--types]: the OpenAPI document of this version (the
 * routes of a server built with default settings over a scratch SQLite file), and with --types
 * the TypeScript paths of a client generated from it (openapi-typescript, for openapi-fetch)
 * written to CLIENT_TYPES_FILE (`npm run openapi:types`). Without either: the document on stdout.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, types: { type: 'boolean' } } });
const dir = await mkdtemp(join(tmpdir(), 'hmi-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'none'),
    MQTT_PORT: '0',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const document = openApiDocument(app.routeTable, { version: API_VERSION });
  await app.close();
  const json = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out) await writeFile(values.out, json);
  if (values.types) await writeFile(CLIENT_TYPES_FILE, await openApiTypes(document));
  if (!values.out && !values.types) process.stdout.write(json);
} finally {
  await rm(dir, { recursive: true, force: true });
}
