import { AlarmType, ErrorCode, Perm } from '@hmi/domain';
import { sheetBytes } from '../../../src/modules/alarm-rule/alarm-rule-test-helpers.ts';
import { FIXTURE_TAGS } from '../fixture.ts';
import { neutral } from '../marks.ts';
import type { CellContext, MatrixRow } from '../matrix-types.ts';

/*
 * Alarm groups, alarm rules (with their import and export), alarm records and the message
 * centre's alarm list and export (alarm-rule and alarm modules). Rules follow their template's
 * data scope (1029); a rule of another team is 1003.
 */
const v1 = (path: string) => `/v1${path}`;
const alarm = [Perm.DeviceAlarm];
const template = { kind: 'object', codes: [ErrorCode.E1029_ILLEGAL_TEMPLATE_ID] } as const;
const ruleFields = ({ fx }: CellContext) => ({
  name: neutral('R'),
  level: 1,
  tag_id: fx.scoped.template.tags.temp,
  type: AlarmType.High,
  value: '5',
});
const rule = {
  scope: { kind: 'object' },
  expect: { outOfScope: ErrorCode.E1029_ILLEGAL_TEMPLATE_ID },
} as const;
const HEADER = ['Alarm name', 'Alarm group', 'Level', 'Tag', 'Alarm type', 'Value'];

export const alarmRows: MatrixRow[] = [
  // Alarm groups belong to the team, not to a data scope.
  { method: 'GET', url: v1('/alarm/group/list'), access: alarm, scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/alarm/group/add'),
    access: alarm,
    scope: { kind: 'team' },
    request: () => ({ body: { name: neutral('AG') } }),
  },
  {
    method: 'POST',
    url: v1('/alarm/group/edit'),
    access: alarm,
    scope: { kind: 'object', teamWide: true },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.alarmGroup()).id : fx.alarmGroup.id, name: neutral('AG') },
    }),
  },
  {
    method: 'POST',
    url: v1('/alarm/group/delete'),
    access: alarm,
    scope: { kind: 'object', teamWide: true },
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.alarmGroup()).id : fx.alarmGroup.id },
    }),
  },

  {
    method: 'GET',
    url: v1('/alarm/rule/list'),
    access: alarm,
    scope: template,
    request: ({ fx }) => ({ query: { template_id: fx.scoped.template.id } }),
  },
  {
    method: 'POST',
    url: v1('/alarm/rule/add'),
    access: alarm,
    scope: template,
    request: (c) => ({ body: { template_id: c.fx.scoped.template.id, ...ruleFields(c) } }),
  },
  {
    method: 'POST',
    url: v1('/alarm/rule/edit'),
    access: alarm,
    ...rule,
    request: async (c) => ({
      body: { id: c.allowed ? (await c.fx.fresh.rule()).id : c.fx.scoped.rule.id, ...ruleFields(c) },
    }),
  },
  {
    method: 'POST',
    url: v1('/alarm/rule/delete'),
    access: alarm,
    ...rule,
    request: async ({ fx, allowed }) => ({
      body: { ids: [allowed ? (await fx.fresh.rule()).id : fx.scoped.rule.id] },
    }),
  },
  {
    method: 'POST',
    url: v1('/alarm/rule/import'),
    access: alarm,
    scope: template,
    request: ({ fx }) => ({
      form: async () => {
        const form = new FormData();
        form.append('template_id', String(fx.scoped.template.id));
        const bytes = await sheetBytes([
          HEADER,
          [neutral('I'), null, 'Mild', FIXTURE_TAGS[1].name, 'High', 9],
        ]);
        form.append('file', new Blob([Buffer.from(bytes)]), 'rules.xlsx');
        return form;
      },
    }),
  },
  {
    method: 'GET',
    url: v1('/alarm/rule/export'),
    access: alarm,
    scope: template,
    request: ({ fx }) => ({ query: { template_id: fx.scoped.template.id } }),
  },
  { method: 'GET', url: v1('/alarm/rule/import-template'), access: alarm, scope: { kind: 'team' } },

  { method: 'GET', url: v1('/alarm/record/list'), access: alarm, scope: { kind: 'list' } },
  {
    method: 'POST',
    url: v1('/alarm/record/ack'),
    access: alarm,
    scope: { kind: 'object' },
    request: async ({ fx, allowed }) => ({
      body: { ids: [allowed ? (await fx.fresh.record()).id : fx.scoped.record.id], comment: 'seen' },
    }),
  },
  {
    method: 'GET',
    url: v1('/alarm/device/status'),
    access: [Perm.DeviceMonitor],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { device_id: fx.scoped.device.id } }),
  },
  { method: 'GET', url: v1('/alarm/template/web/message/list'), access: 'signedIn', scope: { kind: 'list' } },
  {
    method: 'POST',
    url: v1('/alarm/template/web/AskAlarms'),
    access: 'signedIn',
    scope: { kind: 'list' },
    request: () => ({ body: { tz: 8 } }),
  },
];
