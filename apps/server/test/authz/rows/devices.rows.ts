import { ErrorCode, Perm } from '@hmi/domain';
import { neutral } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * Devices, their labels and groups, and a device's online history (device, label, device-group
 * and device-connection modules). Destructive calls that are let through act on fresh objects.
 */
const v1 = (path: string) => `/v1${path}`;
const group = { kind: 'object', codes: [ErrorCode.E1027_ILLEGAL_GROUP_ID] } as const;

export const deviceRows: MatrixRow[] = [
  { method: 'GET', url: v1('/device/list'), access: [Perm.DeviceView], scope: { kind: 'list' } },
  { method: 'GET', url: v1('/device/overview'), access: [Perm.DeviceView], scope: { kind: 'team' } },
  {
    method: 'GET',
    url: v1('/device/detail'),
    access: [Perm.DeviceView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    method: 'POST',
    url: v1('/device/bind'),
    access: [Perm.DeviceBind],
    // The device is new to every team: what is checked is the group and template of the binding.
    scope: group,
    request: async ({ fx }) => {
      const { sn, secret } = await fx.fresh.registered();
      const { group, template } = fx.scoped;
      return {
        body: { sn, pin: secret, name: neutral('Bound'), group_id: group.id, template_id: template.id },
      };
    },
  },
  {
    method: 'POST',
    url: v1('/device/edit'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { id: fx.scoped.device.id, address: neutral('addr') } }),
  },
  {
    method: 'POST',
    url: v1('/device/move'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { ids: [fx.scoped.device.id], group_id: fx.scoped.group.id } }),
  },
  {
    method: 'POST',
    url: v1('/device/labels'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { ids: [fx.scoped.device.id], label_ids: [fx.label.id], mode: 'add' } }),
  },
  {
    method: 'POST',
    url: v1('/device/template'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: {
        ids: [allowed ? (await fx.fresh.device()).id : fx.scoped.device.id],
        template_id: fx.scoped.template.id,
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/device/unbind'),
    access: [Perm.DeviceDelete],
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: { ids: [allowed ? (await fx.fresh.device()).id : fx.scoped.device.id] },
    }),
  },
  {
    method: 'GET',
    url: v1('/device/online/log'),
    access: [Perm.DeviceView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },

  { method: 'GET', url: v1('/device/group/list'), access: [Perm.GroupView], scope: { kind: 'list' } },
  {
    method: 'POST',
    url: v1('/device/group/add'),
    access: [Perm.GroupAdd],
    scope: group,
    request: ({ fx }) => ({ body: { name: neutral('G'), parent_id: fx.scoped.group.id } }),
  },
  {
    method: 'POST',
    url: v1('/device/group/rename'),
    access: [Perm.GroupEdit],
    scope: group,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.group()).id : fx.scoped.group.id, name: neutral('G') },
    }),
  },
  {
    method: 'POST',
    url: v1('/device/group/move'),
    access: [Perm.GroupEdit],
    scope: group,
    request: async ({ fx, allowed }) => ({
      body: allowed
        ? { id: (await fx.fresh.group()).id, parent_id: fx.scoped.group.id }
        : { id: fx.scoped.group.id, parent_id: null },
    }),
  },
  {
    method: 'POST',
    url: v1('/device/group/delete'),
    access: [Perm.GroupDelete],
    scope: group,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.group()).id : fx.scoped.group.id },
    }),
  },

  // Labels belong to the team, not to a data scope.
  { method: 'GET', url: v1('/device/label/list'), access: [Perm.DeviceView], scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/device/label/add'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'team' },
    request: () => ({ body: { name: neutral('L') } }),
  },
  {
    method: 'POST',
    url: v1('/device/label/rename'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object', teamWide: true },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.label()).id : fx.label.id, name: neutral('L') },
    }),
  },
  {
    method: 'POST',
    url: v1('/device/label/delete'),
    access: [Perm.DeviceEdit],
    scope: { kind: 'object', teamWide: true },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.label()).id : fx.label.id },
    }),
  },
];
