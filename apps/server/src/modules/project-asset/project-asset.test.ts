import {
  AssetLimits,
  ErrorCode,
  type AssetListReply,
  type AssetUploadReply,
  type ProjectDetail,
  type ProjectScreen,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import { ASSET_CSP } from './asset-file.ts';

/*
 * A project's pictures and drawings through HTTP on a real server: hostile SVGs come back
 * sanitised, pictures are told by their bytes, the caps hold, the file is served inert, and a
 * picture a screen shows cannot be deleted.
 */
let server: TestServer;
let token: string;
let other: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  const main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 100);
  const stranger = await createActiveUser(server);
  other = stranger.tokens.token;
  await setTemplateLimit(server, stranger.profile.team_id, 100);
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });

let n = 0;
async function addProject(t = token): Promise<ProjectDetail> {
  const res = await post<ProjectDetail>('/project/add', { name: `Drawings ${++n}` }, t);
  expect(res.body, 'project add').toMatchObject({ code: 0 });
  return res.body.data;
}

/** Uploads one file as the console does: multipart with project_id and file. */
async function upload(
  projectId: number,
  bytes: Buffer | string,
  fileName: string,
  type = 'application/octet-stream',
  t = token,
) {
  const form = new FormData();
  form.set('project_id', String(projectId));
  form.set('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes], { type }), fileName);
  const res = await fetch(`${server.url}/v1/project/asset/upload`, {
    method: 'POST',
    headers: { authorization: t },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: AssetUploadReply } };
}

async function uploaded(
  projectId: number,
  bytes: Buffer | string,
  fileName: string,
): Promise<AssetUploadReply> {
  const res = await upload(projectId, bytes, fileName);
  expect(res.body, `upload of ${fileName}`).toMatchObject({ code: 0 });
  return res.body.data;
}

const fileOf = (id: number, t = token, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/project/asset/file?id=${id}`, { headers: { authorization: t, ...headers } });

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(32),
]);
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

const HOSTILE: Record<string, { svg: string; gone: string[] }> = {
  'script and handlers': {
    svg: `<svg ${SVG_NS} onload="alert(1)"><script>alert(2)</script><rect id="tank" width="10" height="10" onclick="alert(3)" onmouseover="x()"/></svg>`,
    gone: ['<script', 'alert', 'onload', 'onclick', 'onmouseover'],
  },
  'external and javascript: hrefs': {
    svg: `<svg ${SVG_NS}><image id="pic" href="https://evil.example/x.png" width="5" height="5"/><use xlink:href="http://evil.example/s.svg#a"/><a href="javascript:alert(1)"><text id="label">Pump</text></a></svg>`,
    gone: ['evil.example', 'javascript:'],
  },
  'foreignObject, style and url() fills': {
    svg: `<svg ${SVG_NS}><foreignObject><iframe src="https://evil.example/"></iframe></foreignObject><style>@import url(https://evil.example/a.css);</style><circle id="valve-1" r="4" fill="url(https://evil.example/p#g)" style="background:url(https://evil.example/b)"/></svg>`,
    gone: ['foreignObject', 'iframe', '<style', '@import', 'evil.example'],
  },
  'animation rewriting an href': {
    svg: `<svg ${SVG_NS}><a id="link"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(2)"/><text>Go</text></a></svg>`,
    gone: ['<set', '<animate', 'javascript:'],
  },
};

describe('project assets', () => {
  it.each(Object.entries(HOSTILE))(
    'sanitises a hostile SVG (%s) before storing it',
    async (_, { svg, gone }) => {
      const project = await addProject();
      const asset = await uploaded(project.id, svg, 'plant.svg');
      expect(asset).toMatchObject({ kind: 'svg', project_id: project.id, name: 'plant.svg' });
      expect(asset.removed).toBeGreaterThan(0);
      const res = await fileOf(asset.id);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.startsWith('<svg')).toBe(true);
      for (const bad of gone) expect(text, bad).not.toContain(bad);
      // What is left still carries the ids the designer binds.
      for (const id of asset.ids) expect(text).toContain(`id="${id}"`);
      expect(asset.size).toBe(Buffer.byteLength(text));
    },
  );

  it('keeps element ids for the mark picker and serves the file inert, with an ETag', async () => {
    const project = await addProject();
    const svg = `<svg ${SVG_NS} viewBox="0 0 10 10"><g id="line"><rect id="tank-1" width="5" height="5" fill="#f00"/><text id="speed" data-tag="x">0</text></g></svg>`;
    const asset = await uploaded(project.id, svg, 'line.svg');
    expect(asset.ids).toEqual(['line', 'tank-1', 'speed']);
    const list = (await get<AssetListReply>(`/project/asset/list?project_id=${project.id}`)).body.data.list;
    expect(list).toEqual([
      expect.objectContaining({ id: asset.id, kind: 'svg', ids: asset.ids, size: asset.size }),
    ]);

    const res = await fileOf(asset.id);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-security-policy')).toBe(ASSET_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(res.headers.get('etag')).toBe(`"${asset.sha256}"`);
    expect((await res.text()).length).toBe(asset.size);
    const again = await fileOf(asset.id, token, { 'if-none-match': `"${asset.sha256}"` });
    expect(again.status).toBe(304);
  });

  it('tells pictures by their bytes: PNG and JPEG stored as they are, a renamed text file refused', async () => {
    const project = await addProject();
    const png = await uploaded(project.id, PNG, 'logo.png');
    expect(png).toMatchObject({ kind: 'png', size: PNG.length, ids: [], removed: 0 });
    const pngFile = await fileOf(png.id);
    expect(pngFile.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await pngFile.arrayBuffer()).equals(PNG)).toBe(true);
    // A PNG named .jpg is still a PNG (the bytes decide).
    expect((await uploaded(project.id, PNG, 'photo.jpg')).kind).toBe('png');
    expect((await uploaded(project.id, JPEG, 'photo.jpeg')).kind).toBe('jpeg');

    const fake = await upload(project.id, '<html><script>alert(1)</script></html>', 'fake.png', 'image/png');
    expect(fake.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [{ path: 'file', message: 'validation.projectAsset.badPicture', params: { kind: 'PNG' } }],
      },
    });
    // The PNG signature without its IHDR chunk is no PNG either.
    const truncated = await upload(project.id, PNG.subarray(0, 12), 'cut.png');
    expect(truncated.body.data).toMatchObject({
      fields: [{ message: 'validation.projectAsset.badPicture' }],
    });
    const binary = await upload(project.id, Buffer.from([0, 1, 2, 3, 4, 5]), 'blob.bin');
    expect(binary.body.data).toMatchObject({ fields: [{ message: 'validation.projectAsset.notImage' }] });
    const html = await upload(project.id, '<html><body>hi</body></html>', 'page.svg');
    expect(html.body.data).toMatchObject({ fields: [{ message: 'validation.projectAsset.notImage' }] });
    const empty = await upload(project.id, `<svg ${SVG_NS}><script>alert(1)</script></svg>`, 'empty.svg');
    expect(empty.body.data).toMatchObject({ fields: [{ message: 'validation.projectAsset.emptySvg' }] });
    const list = (await get<AssetListReply>(`/project/asset/list?project_id=${project.id}`)).body.data.list;
    expect(list.map((a) => a.kind)).toEqual(['png', 'png', 'jpeg']);
  });

  it('refuses a file over 2 MiB (413, 1006 tooLarge) and a form without a file', async () => {
    const project = await addProject();
    const big = Buffer.concat([PNG, Buffer.alloc(AssetLimits.maxBytes + 1 - PNG.length)]);
    const res = await upload(project.id, big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [{ path: 'file', message: 'validation.projectAsset.tooLarge', params: { size: '2 MB' } }],
      },
    });
    const bigSvg = `<svg ${SVG_NS}><desc>${'x'.repeat(AssetLimits.maxBytes)}</desc></svg>`;
    expect((await upload(project.id, bigSvg, 'big.svg')).status).toBe(413);
    // Exactly the cap is fine.
    const atCap = Buffer.concat([PNG, Buffer.alloc(AssetLimits.maxBytes - PNG.length)]);
    expect((await upload(project.id, atCap, 'cap.png')).body.code).toBe(0);

    const form = new FormData();
    form.set('project_id', String(project.id));
    const none = await fetch(`${server.url}/v1/project/asset/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(await none.json()).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ message: 'validation.projectAsset.noFile' }] },
    });
  });

  it('caps the bytes of a project in all', async () => {
    const project = await addProject();
    const chunk = Buffer.concat([PNG, Buffer.alloc(AssetLimits.maxBytes - PNG.length)]);
    const fits = AssetLimits.perProjectBytes / AssetLimits.maxBytes;
    for (let i = 0; i < fits; i++) expect((await upload(project.id, chunk, `p${i}.png`)).body.code).toBe(0);
    expect((await upload(project.id, PNG, 'one-more.png')).body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ message: 'validation.projectAsset.projectFull', params: { size: '32 MB' } }] },
    });
  });

  it('another team reaches none of it (1003)', async () => {
    const project = await addProject();
    const asset = await uploaded(project.id, PNG, 'mine.png');
    expect((await fileOf(asset.id, other)).status).toBe(404);
    expect((await get(`/project/asset/list?project_id=${project.id}`, other)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await upload(project.id, PNG, 'x.png', 'image/png', other)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await post('/project/asset/delete', { id: asset.id }, other)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await fileOf(asset.id)).status).toBe(200);
  });

  it('refuses to delete a picture a screen shows, naming the screens; deletes it once unused', async () => {
    const project = await addProject();
    const asset = await uploaded(project.id, PNG, 'bg.png');
    const spare = await uploaded(project.id, PNG, 'spare.png');
    const screen = await post<ProjectScreen>('/project/screen/add', {
      project_id: project.id,
      name: 'Overview',
      document: {
        version: 2,
        background: { color: '#FFFFFF', imageAssetId: asset.id },
        widgets: [{ id: 'img', type: 'image', x: 0, y: 0, w: 50, h: 50, props: { assetId: asset.id } }],
      },
    });
    expect(screen.body.code).toBe(0);
    const refused = await post('/project/asset/delete', { id: asset.id });
    expect(refused.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [
          { path: 'file', message: 'validation.projectAsset.inUse', params: { screens: '"Overview"' } },
        ],
        screens: [{ id: screen.body.data.id, name: 'Overview' }],
      },
    });
    expect((await post('/project/asset/delete', { id: spare.id })).body.code).toBe(0);
    expect((await post('/project/screen/delete', { id: screen.body.data.id })).body.code).toBe(0);
    expect((await post('/project/asset/delete', { id: asset.id })).body.code).toBe(0);
    expect((await fileOf(asset.id)).status).toBe(404);
    expect(
      (await get<AssetListReply>(`/project/asset/list?project_id=${project.id}`)).body.data.list,
    ).toEqual([]);
  });

  it('a screen shows, opens and applies only its own project’s pictures, screens and recipes (1006 foreign*)', async () => {
    const mine = await addProject();
    const other = await addProject();
    const theirs = await uploaded(other.id, PNG, 'theirs.png');
    const own = await uploaded(mine.id, PNG, 'own.png');
    const theirScreen = await post<ProjectScreen>('/project/screen/add', {
      project_id: other.id,
      name: 'Elsewhere',
    });
    const image = (assetId: number) => ({
      id: 'img',
      type: 'image',
      x: 0,
      y: 0,
      w: 50,
      h: 50,
      props: { assetId },
    });
    const refusal = (key: string, ids: number[]) => ({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'document', message: key, params: { ids: ids.join(', ') } }] },
    });
    const added = await post('/project/screen/add', {
      project_id: mine.id,
      name: 'Borrowed',
      document: { version: 2, widgets: [image(theirs.id)] },
    });
    expect(added.body).toMatchObject(refusal('validation.screen.foreignAssets', [theirs.id]));
    const screen = await post<ProjectScreen>('/project/screen/add', {
      project_id: mine.id,
      name: 'Own',
      document: { version: 2, widgets: [image(own.id)] },
    });
    expect(screen.body.code).toBe(0);
    const save = (widgets: unknown[], version: number) =>
      post<ProjectScreen>('/project/screen/save', {
        id: screen.body.data.id,
        version,
        name: 'Own',
        document: { version: 2, widgets },
      });
    const nav = {
      id: 'nav',
      type: 'nav',
      x: 0,
      y: 60,
      w: 80,
      h: 30,
      props: { label: 'Go', screenId: theirScreen.body.data.id },
    };
    expect((await save([image(own.id), nav], screen.body.data.version)).body).toMatchObject(
      refusal('validation.screen.foreignScreens', [theirScreen.body.data.id]),
    );
    const recipe = {
      id: 'rcp',
      type: 'button',
      x: 0,
      y: 100,
      w: 80,
      h: 30,
      props: { label: 'Load' },
      actions: [{ kind: 'recipe', recipeId: 987654 }],
    };
    expect((await save([recipe], screen.body.data.version)).body).toMatchObject(
      refusal('validation.screen.foreignRecipes', [987654]),
    );
    // Nothing was written: the stored screen still shows its own picture.
    const stored = await get<ProjectScreen>(`/project/screen?id=${screen.body.data.id}`);
    expect(stored.body.data.version).toBe(screen.body.data.version);
    expect(JSON.stringify(stored.body.data.document)).toContain(`"assetId":${own.id}`);
  });

  it('the assets go with their project', async () => {
    const project = await addProject();
    const asset = await uploaded(project.id, PNG, 'gone.png');
    expect((await post('/project/delete', { id: project.id })).body.code).toBe(0);
    const rows = await server.app.db
      .selectFrom('project_assets')
      .select('id')
      .where('id', '=', asset.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
