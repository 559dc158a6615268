import { Perm } from '@hmi/domain';
import type { CellContext, MatrixRow } from '../matrix-types.ts';

/*
 * A device's data: history, last values, writing tags and the write log (history, live and
 * settag modules). The suite's fixture device is online, synced and answers commands.
 */
const v1 = (path: string) => `/v1${path}`;
const view = [Perm.DeviceView];
const monitor = [Perm.DeviceMonitor];
const device = { kind: 'object' } as const;
const range = ({ fx }: CellContext) => ({
  device_id: fx.scoped.device.id,
  tag_ids: [fx.scoped.template.tags.speed],
  from: Date.now() - 3600_000,
  to: Date.now() + 3600_000,
});

export const deviceDataRows: MatrixRow[] = [
  {
    method: 'GET',
    url: v1('/history/raw'),
    access: view,
    scope: device,
    request: (c) => ({ query: range(c) }),
  },
  {
    method: 'GET',
    url: v1('/history/series'),
    access: view,
    scope: device,
    request: (c) => ({ query: { ...range(c), width: 100 } }),
  },
  {
    method: 'GET',
    url: v1('/history/export'),
    access: view,
    scope: device,
    request: (c) => ({ query: { ...range(c), format: 'csv' } }),
  },
  {
    method: 'GET',
    url: v1('/history/stream'),
    access: view,
    scope: device,
    request: (c) => ({ query: { ...range(c), format: 'ndjson', limit: 10 } }),
  },
  {
    method: 'GET',
    url: v1('/history/tags'),
    access: view,
    scope: device,
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    method: 'GET',
    url: v1('/history/drops'),
    access: view,
    scope: device,
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    method: 'GET',
    url: v1('/device/lastvalues'),
    access: monitor,
    scope: device,
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id, tag_ids: [fx.scoped.template.tags.speed] } }),
  },
  {
    method: 'POST',
    url: v1('/device/settag'),
    access: monitor,
    scope: device,
    request: ({ fx }) => ({
      body: { id: fx.scoped.device.id, tag_id: fx.scoped.template.tags.speed, value: 42 },
    }),
  },
  {
    method: 'GET',
    url: v1('/device/settag/log'),
    access: monitor,
    scope: device,
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    // A running project screen's button (project module): the fixture device answers the write.
    method: 'POST',
    url: v1('/project/screen/write'),
    access: [Perm.ProjectView],
    scope: device,
    request: async ({ fx, allowed }) => ({
      body: {
        screen_id: allowed ? (await fx.fresh.runScreen()).id : fx.scoped.project.screenId,
        widget_id: 'set',
        action: 0,
      },
    }),
  },
  { method: 'GET', url: v1('/ws/device'), access: 'public', websocket: true },
];
