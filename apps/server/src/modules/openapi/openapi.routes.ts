import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_BASE, ErrorCode } from '@hmi/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { openApiDocument } from './openapi.document.ts';

const require = createRequire(import.meta.url);
export const { version: API_VERSION } = require('../../../package.json') as { version: string };

/** The path of the OpenAPI document (under /v1) and of its reference page (at the root). */
export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/api-docs';

/**
 * GET /v1/openapi.json (public): the OpenAPI 3.1 document of the app's route table, built on the
 * first call (every route is registered by then) and kept.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: string | undefined;
  app.get(OPENAPI_PATH, { config: { public: true } }, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(app.routeTable, { version: API_VERSION }));
    void reply.header('cache-control', 'no-cache');
    return reply.type('application/json; charset=utf-8').send(document);
  });
};

/** Swagger UI's files served from the npm package (no CDN: consoles run without internet). */
const files: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>HMI cloud console API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const init = `window.ui = SwaggerUIBundle({
  url: '${API_BASE}${OPENAPI_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
  validatorUrl: null,
});
`;

/**
 * The reference page's own policy: scripts and styles of this server only (Swagger UI sets
 * inline styles), calls to this origin ("Try it out"), nothing else. The console keeps its own.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * GET /api-docs: the API's reference page (Swagger UI over /v1/openapi.json), outside the API and
 * outside the console: nothing of it is loaded until this page is opened.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Buffer>();
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.header('content-security-policy', CSP).type('text/html; charset=utf-8').send(page),
  );
  app.get<{ Params: { file: string } }>(`${API_DOCS_PATH}/:file`, async (request, reply) => {
    const name = request.params.file;
    void reply.header('content-security-policy', CSP).header('cache-control', 'public, max-age=3600');
    if (name === 'init.js') return reply.type('text/javascript; charset=utf-8').send(init);
    const known = Object.hasOwn(files, name) ? files[name] : undefined;
    if (!known) throw new AppError(ErrorCode.E1003_NO_DATA);
    let body = cache.get(name);
    if (!body) {
      body = await readFile(join(dist, known.file));
      cache.set(name, body);
    }
    return reply.type(known.type).send(body);
  });
};
