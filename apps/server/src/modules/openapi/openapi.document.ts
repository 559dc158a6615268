import { ErrorCode, Perm, type PermId } from '@hmi/domain';
import { httpStatusOf, messageOf } from '../../lib/app-error.ts';
import type { RouteEntry } from '../../plugins/route-table.ts';
import { JsonSchemas, type JsonSchema } from './openapi.schema.ts';

type Json = Record<string, unknown>;

const permName = new Map<number, string>(
  Object.entries(Perm).map(([name, id]) => [id as number, name] as [number, string]),
);

/**
 * Why a route of the route table has no operation of its own in the document (null: it has one).
 * HEAD routes are Fastify's copies of GET routes; OPTIONS * is the CORS preflight; a wildcard is
 * the built console's files.
 */
export function notDocumented(route: Pick<RouteEntry, 'method' | 'url'>): string | null {
  if (route.method === 'HEAD') return 'HEAD: the GET operation of the same path';
  if (route.method === 'OPTIONS') return 'CORS preflight';
  if (route.url.includes('*')) return 'the built web console (static files)';
  return null;
}

/** `/v1/remote/tunnel/:tunnel_id` -> `/v1/remote/tunnel/{tunnel_id}` and its path parameters. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** `getDeviceList` for GET /v1/device/list; `getRootReady` for GET /ready (outside the API). */
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  (path.startsWith('/v1/') ? path.slice(3) : `/root${path}`)
    .split(/[/_\-.{}]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** An input field naming an entity of the team (`id`, `ids`, `device_id`, `tag_ids`...). */
const namesAnId = (field: string) => /(^|_)ids?$/.test(field);

/**
 * The codes a route can answer whatever it does: its input's (1006), its access rule's, 1003
 * when a guarded route's input names an entity (not the caller's team's or data scope's), and 1007.
 */
export function genericErrors(route: RouteEntry, inputFields: readonly string[]): number[] {
  const codes: number[] = [];
  const access = route.access;
  const takesInput = route.schema.querystring !== undefined || route.schema.body !== undefined;
  if (takesInput) codes.push(ErrorCode.E1006_BAD_PARAMETER);
  if (access && access.kind !== 'public' && !route.websocket)
    codes.push(
      ErrorCode.E1008_AUTH_HEADER_MISSING,
      ErrorCode.E1009_LOGIN_EXPIRED,
      ErrorCode.E1055_ACCOUNT_CLOSED,
    );
  if (access?.kind === 'permission') codes.push(ErrorCode.E1002_PERMISSION_DENIED);
  if (access && access.kind !== 'public' && inputFields.some(namesAnId)) codes.push(ErrorCode.E1003_NO_DATA);
  codes.push(ErrorCode.E1007_SERVER);
  return codes;
}

function accessText(route: RouteEntry): string {
  const a = route.access;
  if (route.websocket)
    return 'WebSocket: the token (or credential) travels in the query or the MQTT CONNECT.';
  if (!a) return 'Outside the API (no /v1 prefix): its own rule, see docs/api.md.';
  if (a.kind === 'public') return 'Public: no token.';
  if (a.kind === 'signedIn') return 'Any signed-in user (bearer token).';
  const ids = a.ids.map((id) => `${permName.get(id) ?? 'permission'} (${id})`).join(' and ');
  return `Permission: ${ids}; 1002 without it.`;
}

function errorResponses(codes: readonly number[]): Record<string, Json> {
  const byStatus = new Map<number, number[]>();
  for (const code of [...new Set(codes)].sort((a, b) => a - b)) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = {
      description: list.map((c) => `${c} ${messageOf(c)}`).join('; '),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          example: { code: list[0], data: null, msg: messageOf(list[0]!) },
        },
      },
    };
  }
  return out;
}

function parameters(route: RouteEntry, params: string[], schemas: JsonSchemas): Json[] {
  const out: Json[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.schema.querystring === undefined) return out;
  const query = schemas.of(route.schema.querystring, 'input');
  const required = new Set((query.required ?? []) as string[]);
  for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
    const { description, ...rest } = schema;
    out.push({
      name,
      in: 'query',
      required: required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
      ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
    });
  }
  return out;
}

function successResponse(route: RouteEntry, docs: RouteEntry['schema'], schemas: JsonSchemas): Json {
  const headers = docs.replyHeaders
    ? {
        headers: Object.fromEntries(
          Object.entries(docs.replyHeaders).map(([h, description]) => [
            h,
            { description, schema: { type: 'string' } },
          ]),
        ),
      }
    : {};
  const reply = route.schema.response?.['200'];
  if (reply !== undefined) {
    const schema = schemas.of(reply, 'output');
    return {
      description: 'Success: the envelope with code 0',
      ...headers,
      content: { 'application/json': { schema, example: schemas.example(schema) } },
    };
  }
  if (docs.media) {
    const content: Record<string, Json> = {};
    for (const [type, p] of Object.entries(docs.media)) {
      const schema = p.schema === undefined ? { type: 'string' } : schemas.of(p.schema, 'output');
      content[type] = { schema, example: schemas.example(schema) };
    }
    const described = Object.entries(docs.media).map(([type, p]) => `${type}: ${p.description}`);
    return { description: described.join('; '), ...headers, content };
  }
  if (route.websocket)
    return { description: 'Switching protocols: a WebSocket (docs/protocol.md, docs/api.md)' };
  return {
    description: 'Not the JSON envelope (a file, a redirect or a document of its own): see docs/api.md',
  };
}

function operation(route: RouteEntry, params: string[], schemas: JsonSchemas): Json {
  const docs = route.schema;
  const { path } = openApiPath(route.url);
  const query = parameters(route, params, schemas);
  const body = route.schema.body === undefined ? undefined : schemas.of(route.schema.body, 'input');
  const fields = [
    ...query.map((p) => String(p.name)),
    ...Object.keys((body?.properties ?? {}) as Record<string, unknown>),
  ];
  const codes = [...genericErrors(route, fields), ...(docs.errors ?? [])];
  const ids: readonly PermId[] = route.access?.kind === 'permission' ? route.access.ids : [];
  const segment = path.replace(/^\/v1\//, '/').split('/')[1] ?? 'root';
  const op: Json = {
    operationId: operationId(route.method, path),
    tags: [route.url.startsWith('/v1/') ? segment : 'outside the API'],
    ...(docs.summary ? { summary: docs.summary } : {}),
    description: [docs.description, accessText(route), `Error codes: ${[...new Set(codes)].join(', ')}.`]
      .filter(Boolean)
      .join('\n\n'),
    'x-access': route.websocket ? 'websocket' : (route.access?.kind ?? 'outside'),
    'x-permissions': ids,
    'x-error-codes': [...new Set(codes)].sort((a, b) => a - b),
    parameters: query,
    responses: { '200': successResponse(route, docs, schemas), ...errorResponses(codes) },
  };
  if (route.access?.kind === 'public' || !route.access || route.websocket) op.security = [];
  if (route.schema.body !== undefined) {
    const schema = schemas.of(route.schema.body, 'input');
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema, example: schemas.example(schema) } },
    };
  }
  return op;
}

export interface OpenApiInfo {
  version: string;
  /** Where a client reaches the server, e.g. PUBLIC_URL; none: the document's own origin. */
  serverUrl?: string;
}

/**
 * The OpenAPI 3.1 document of every route the app registered (its route table: method, path,
 * access rule and the domain's zod schemas of query, body and reply), built once the routes are
 * all registered. One source: nothing here names a route.
 */
export function openApiDocument(table: readonly RouteEntry[], info: OpenApiInfo): Json {
  const schemas = new JsonSchemas();
  const paths: Record<string, Record<string, Json>> = {};
  // The API first, then what is outside it (registered first: metrics).
  const api = (r: RouteEntry) => (r.url.startsWith('/v1/') ? 0 : 1);
  for (const route of [...table].sort((a, b) => api(a) - api(b))) {
    if (notDocumented(route)) continue;
    const { path, params } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, params, schemas);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'HMI cloud console API',
      version: info.version,
      description:
        'Every JSON reply is the envelope `{ code, data, msg }`: code 0 is success, any other code an error of ' +
        'the catalogue (docs/api.md), answered with the HTTP status of the code. `x-permissions` lists the ' +
        'permission ids a route needs, `x-error-codes` the codes it can answer.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token (POST /v1/global/login) or an API key (`hmk_...`, POST /v1/apikey/add: rights no ' +
            "wider than its user's, docs/api.md Integrations: API keys).",
        },
      },
      schemas: {
        ...schemas.components,
        ErrorEnvelope: {
          type: 'object',
          properties: { code: { type: 'integer' }, data: {}, msg: { type: 'string' } },
          required: ['code', 'data', 'msg'],
        },
      },
    },
  };
}
