import {
  AlarmPaths,
  type AlarmAckBody,
  type AlarmAckReply,
  type AlarmDeviceStatus,
  type AlarmExportBody,
  type AlarmGroup,
  type AlarmGroupListReply,
  type AlarmImportReply,
  type AlarmRecordListReply,
  type AlarmRecordQuery,
  type AlarmRule,
  type AlarmRuleEditBody,
  type AlarmRuleInput,
  type AlarmRuleListReply,
  type Locale,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import type { RequestConfig } from '../../shared/http/http-client.ts';
import { envelopeOrBytes } from '../history/index.ts';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A file reply as bytes; an error reply stays a JSON envelope the client handles as usual. */
const fileConfig = (): RequestConfig => ({
  responseType: 'arraybuffer',
  transformResponse: [envelopeOrBytes],
  manual: true,
});

/**
 * Alarm management calls (contract: packages/domain/src/api/alarm.api.ts). Form calls are manual:
 * their failures (1006 field errors, 1085, 1088, 1090) are placed on the form.
 */
export const alarmApi = {
  groups: (signal?: AbortSignal) =>
    http.get<AlarmGroupListReply>(AlarmPaths.groupList, { ...signalOf(signal) }),
  addGroup: (name: string) => http.post<AlarmGroup>(AlarmPaths.groupAdd, { name }, { manual: true }),
  renameGroup: (id: number, name: string) =>
    http.post<AlarmGroup>(AlarmPaths.groupEdit, { id, name }, { manual: true }),
  deleteGroup: (id: number) => http.post<null>(AlarmPaths.groupDelete, { id }, { manual: true }),

  /** Every rule of one template (at most 300, so one page): the screen filters and pages them itself. */
  rules: (templateId: number, signal?: AbortSignal) =>
    http.get<AlarmRuleListReply>(AlarmPaths.ruleList, {
      params: { template_id: templateId, page: 1, page_size: 300 },
      ...signalOf(signal),
    }),
  addRule: (body: AlarmRuleInput) => http.post<AlarmRule>(AlarmPaths.ruleAdd, body, { manual: true }),
  editRule: (body: AlarmRuleEditBody) => http.post<AlarmRule>(AlarmPaths.ruleEdit, body, { manual: true }),
  deleteRules: (ids: number[]) => http.post<null>(AlarmPaths.ruleDelete, { ids }, { manual: true }),
  /** multipart: the template id first, then the file (the server reads the fields in order). */
  importRules: (templateId: number, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('template_id', String(templateId));
    form.append('file', file, fileName);
    return http.post<AlarmImportReply>(AlarmPaths.ruleImport, form, { manual: true, timeout: 120_000 });
  },
  exportRules: (templateId: number) =>
    http.get<ArrayBuffer>(AlarmPaths.ruleExport, { params: { template_id: templateId }, ...fileConfig() }),
  importTemplate: (lang: Locale) =>
    http.get<ArrayBuffer>(AlarmPaths.ruleImportTemplate, { params: { lang }, ...fileConfig() }),

  records: (query: AlarmRecordQuery, signal?: AbortSignal) =>
    http.get<AlarmRecordListReply>(AlarmPaths.recordList, { params: query, ...signalOf(signal) }),
  ack: (ids: number[], comment?: string) =>
    http.post<AlarmAckReply>(
      AlarmPaths.recordAck,
      { ids, ...(comment ? { comment } : {}) } satisfies AlarmAckBody,
      { manual: true },
    ),
  /** The records of a filter as xlsx (SPEC section 7 path), `tz` the user's offset in hours. */
  exportRecords: (body: AlarmExportBody) =>
    http.post<ArrayBuffer>(AlarmPaths.askAlarms, body, { ...fileConfig(), timeout: 10 * 60_000 }),

  deviceStatus: (deviceId: number, signal?: AbortSignal) =>
    http.get<AlarmDeviceStatus>(AlarmPaths.deviceStatus, {
      params: { device_id: deviceId },
      manual: true,
      ...signalOf(signal),
    }),
};

/**
 * Query keys: every one starts with 'alarm', so the notify socket's invalidation of ['alarm']
 * on each alarm event refreshes every alarm screen at once.
 */
export const alarmKeys = {
  all: ['alarm'] as const,
  groups: ['alarm', 'groups'] as const,
  rulesAll: ['alarm', 'rules'] as const,
  rules: (templateId: number) => ['alarm', 'rules', templateId] as const,
  recordsAll: ['alarm', 'records'] as const,
  records: (query: AlarmRecordQuery) => ['alarm', 'records', query] as const,
  deviceStatus: (deviceId: number) => ['alarm', 'device-status', deviceId] as const,
};
