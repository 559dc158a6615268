/** The OpenAPI module's public entry: the client types generator (the client test checks them). */
export { CLIENT_TYPES_FILE, openApiTypes } from './openapi-types.ts';
