import { ErrorCode, Perm } from '@hmi/domain';
import { neutral } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * Templates and the data monitor's points of a device (template and monitor modules). A template
 * outside the caller's team or data permissions is 1029.
 */
const v1 = (path: string) => `/v1${path}`;
const template = { kind: 'object', codes: [ErrorCode.E1029_ILLEGAL_TEMPLATE_ID] } as const;
const monitor = [Perm.DeviceMonitor];
const point = { data_type: 1, rw: 2, address: 'D300' };

export const templateRows: MatrixRow[] = [
  { method: 'GET', url: v1('/template/list'), access: [Perm.TemplateView], scope: { kind: 'list' } },
  {
    method: 'GET',
    url: v1('/template/detail'),
    access: [Perm.TemplateView],
    scope: template,
    request: ({ fx }) => ({ query: { id: fx.scoped.template.id } }),
  },
  {
    method: 'POST',
    url: v1('/template/add'),
    access: [Perm.TemplateAdd],
    scope: { kind: 'team' },
    request: () => ({
      body: { name: neutral('T'), hmi_model: 'HMI-7', tags: [{ name: 'level', data_type: 1, rw: 2 }] },
    }),
  },
  {
    method: 'POST',
    url: v1('/template/copy'),
    access: [Perm.TemplateCopy],
    scope: template,
    request: ({ fx }) => ({ body: { id: fx.scoped.template.id, name: neutral('Copy') } }),
  },
  {
    method: 'POST',
    url: v1('/template/edit'),
    access: [Perm.TemplateEdit],
    scope: template,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.template()).id : fx.scoped.template.id, description: 'edited' },
    }),
  },
  {
    method: 'POST',
    url: v1('/template/delete'),
    access: [Perm.TemplateDelete],
    scope: template,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.template()).id : fx.scoped.template.id },
    }),
  },

  {
    method: 'GET',
    url: v1('/device/monitor/list'),
    access: monitor,
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    method: 'POST',
    url: v1('/device/monitor/add'),
    access: monitor,
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { id: fx.scoped.device.id, name: neutral('P'), ...point } }),
  },
  {
    method: 'POST',
    url: v1('/device/monitor/batchadd'),
    access: monitor,
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { id: fx.scoped.device.id, name: neutral('B'), ...point, count: 2 } }),
  },
  {
    method: 'POST',
    url: v1('/device/monitor/edit'),
    access: monitor,
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: {
        id: fx.scoped.device.id,
        point_id: allowed ? (await fx.fresh.point()).id : fx.scoped.point.id,
        name: neutral('E'),
        ...point,
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/device/monitor/delete'),
    access: monitor,
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: {
        id: fx.scoped.device.id,
        point_ids: [allowed ? (await fx.fresh.point()).id : fx.scoped.point.id],
      },
    }),
  },
];
