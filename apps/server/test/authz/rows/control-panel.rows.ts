import { Perm } from '@hmi/domain';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * The control panel (control-panel module): one summary of the caller's data scope. It lists
 * scoped data (device names, alarm records), so the out-of-scope member and team B must find
 * none of the fixture's marked objects in it.
 */
export const controlPanelRows: MatrixRow[] = [
  {
    method: 'GET',
    url: '/v1/operations/controlpanel/summary',
    access: [Perm.ControlPanelView],
    scope: { kind: 'list' },
  },
];
