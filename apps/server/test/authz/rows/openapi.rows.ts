import type { MatrixRow, OutsideRow } from '../matrix-types.ts';

/*
 * The API's own description (openapi module, docs/api.md Integrations): the OpenAPI document is
 * public like the health check; its reference page is outside the API and the console.
 */
export const openApiRows: MatrixRow[] = [{ method: 'GET', url: '/v1/openapi.json', access: 'public' }];

export const openApiOutsideRows: OutsideRow[] = [
  {
    method: 'GET',
    url: '/api-docs',
    outside: 'the reference page (Swagger UI): static HTML, no data (openapi.test.ts)',
  },
  {
    method: 'GET',
    url: '/api-docs/:file',
    outside: 'the reference page’s scripts and styles from swagger-ui-dist: static files, no data',
  },
];
