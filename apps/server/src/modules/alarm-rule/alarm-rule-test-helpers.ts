import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { AlarmRule, AlarmRuleInput, Envelope, TemplateDetail } from '@hmi/domain';
import type { TestServer } from '../../../test/test-server.ts';
import { buildTemplate } from '../device/device-test-factories.ts';

/*
 * Factories of the alarm rule suites: templates with one tag of every data type, rules and
 * multipart uploads through the real API.
 */

/** One tag per data type, named after it (bool, uint16, ... string). */
export const TAGS_OF_EVERY_TYPE = [
  { name: 'bool', data_type: 0 },
  { name: 'uint16', data_type: 1 },
  { name: 'uint32', data_type: 2 },
  { name: 'uint64', data_type: 3 },
  { name: 'int16', data_type: 4 },
  { name: 'int32', data_type: 5 },
  { name: 'int64', data_type: 6 },
  { name: 'real', data_type: 7 },
  { name: 'lreal', data_type: 8 },
  { name: 'string', data_type: 9 },
] as const;
export type TagName = (typeof TAGS_OF_EVERY_TYPE)[number]['name'];

/** A template of the caller's team with a tag of every data type; `tag(name)` is its id. */
export async function buildAlarmTemplate(server: TestServer, token: string, name?: string) {
  const template: TemplateDetail = await buildTemplate(server, token, {
    ...(name ? { name } : {}),
    tags: TAGS_OF_EVERY_TYPE.map((t) => ({ ...t, rw: 2 })),
  });
  const tag = (tagName: TagName): number => {
    const found = template.tags.find((t) => t.name === tagName);
    if (!found) throw new Error(`no tag ${tagName}`);
    return found.id;
  };
  return { template, tag };
}

let sequence = 0;
/** A unique rule name in a run. */
export const ruleName = (prefix = 'rule') => `${prefix}-${++sequence}`;

/** POST /alarm/rule/add; expects success. */
export async function addRule(server: TestServer, token: string, body: AlarmRuleInput): Promise<AlarmRule> {
  const res = await server.call<AlarmRule>('POST', '/alarm/rule/add', { token, body });
  expect(res.body, `add rule ${body.name}`).toMatchObject({ code: 0 });
  return res.body.data;
}

export interface UploadResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  ms: number;
}

/** POST /alarm/rule/import as a browser form would send it (template id first, then the file). */
export async function uploadSheet<T = unknown>(
  server: TestServer,
  token: string | undefined,
  fields: { templateId?: number | string; file?: { bytes: Uint8Array; name: string } },
): Promise<UploadResult<T>> {
  const form = new FormData();
  if (fields.templateId !== undefined) form.append('template_id', String(fields.templateId));
  if (fields.file) form.append('file', new Blob([Buffer.from(fields.file.bytes)]), fields.file.name);
  const started = Date.now();
  const res = await fetch(`${server.url}/v1/alarm/rule/import`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: token },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Envelope<T>, ms: Date.now() - started };
}

/** GET of a file route: the bytes and headers (or the JSON envelope of a failure). */
export async function download(server: TestServer, token: string, path: string) {
  const res = await fetch(`${server.url}/v1${path}`, { headers: { authorization: token } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, bytes };
}

/** An xlsx whose first sheet holds these rows (row 1 = header), built with exceljs like any spreadsheet program. */
export async function sheetBytes(
  rows: readonly (readonly (string | number | boolean | null)[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rules');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The cells of a workbook's sheets (first sheet first), as text, and the notes of the first row. */
export async function readBack(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets = workbook.worksheets.map((ws) => {
    const rows: string[][] = [];
    ws.eachRow((row) =>
      rows.push(
        (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
      ),
    );
    return { name: ws.name, rows };
  });
  const notes: string[] = [];
  workbook.worksheets[0]?.getRow(1).eachCell((cell) => {
    const note = cell.note;
    notes.push(typeof note === 'string' ? note : (note?.texts ?? []).map((t) => t.text).join(''));
  });
  return { sheets, notes };
}
