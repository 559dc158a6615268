import type { MatrixRow, OutsideRow } from '../matrix-types.ts';
import { accountRows } from './account.rows.ts';
import { alarmRows } from './alarms.rows.ts';
import { billingRows } from './billing.rows.ts';
import { controlPanelRows } from './control-panel.rows.ts';
import { boardRows } from './board.rows.ts';
import { deviceDataRows } from './device-data.rows.ts';
import { deviceRows } from './devices.rows.ts';
import { messageRows } from './messages.rows.ts';
import { teamRows } from './team.rows.ts';
import { templateRows } from './templates.rows.ts';
import { trafficRows } from './traffic.rows.ts';
import { remoteRows } from './remote.rows.ts';
import { projectRows } from './projects.rows.ts';
import { recipeRows } from './recipes.rows.ts';
import { projectAssetRows } from './project-assets.rows.ts';
import { operationsOutsideRows, operationsRows } from './operations.rows.ts';
import { openApiOutsideRows, openApiRows } from './openapi.rows.ts';
import { webhookRows } from './webhooks.rows.ts';

/** Every row of the matrix: a route registered without one here fails route-table.authz.test.ts. */
export const allRows: readonly MatrixRow[] = [
  ...accountRows,
  ...messageRows,
  ...deviceRows,
  ...templateRows,
  ...deviceDataRows,
  ...alarmRows,
  ...teamRows,
  ...billingRows,
  ...trafficRows,
  ...controlPanelRows,
  ...remoteRows,
  ...boardRows,
  ...projectRows,
  ...recipeRows,
  ...projectAssetRows,
  ...operationsRows,
  ...openApiRows,
  ...webhookRows,
];

/** Routes outside the API's deny-by-default scope, and why no caller of the matrix applies. */
export const outsideRows: readonly OutsideRow[] = [
  { method: 'OPTIONS', url: '*', outside: 'CORS preflight (@fastify/cors): headers only, no data' },
  {
    method: 'GET',
    url: '/mqtt',
    outside: 'devices: MQTT over WebSocket, authenticated by the broker with SN and secret (mqtt-ws.test.ts)',
  },
  ...operationsOutsideRows,
  ...openApiOutsideRows,
];
