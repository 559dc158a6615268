import type { MatrixRow, OutsideRow } from '../matrix-types.ts';

/*
 * What operators and their tools read (health module, plugins/metrics.ts, docs/metrics.md):
 * readiness under /v1 is public like /v1/health; /ready and /metrics at the root are outside the
 * API (no /v1 prefix, for probes and scrapers that know none).
 */
export const operationsRows: MatrixRow[] = [
  { method: 'GET', url: '/v1/ready', access: 'public', expect: { anonymous: 0 } },
];

export const operationsOutsideRows: OutsideRow[] = [
  {
    method: 'GET',
    url: '/ready',
    outside: 'readiness for probes: public, the same reply as /v1/ready (readiness.test.ts)',
  },
  {
    method: 'GET',
    url: '/metrics',
    outside:
      'Prometheus: METRICS_TOKEN as a bearer token, else loopback and private addresses only; 404 otherwise (metrics.test.ts)',
  },
];
