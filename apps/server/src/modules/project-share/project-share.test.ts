import { createHash } from 'node:crypto';
import {
  ErrorCode,
  ShareLimits,
  type AssetUploadReply,
  type ProjectDetail,
  type ProjectScreen,
  type ShareCreated,
  type SharedProject,
  type ShareListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import { ASSET_CSP } from '../project-asset/index.ts';

/*
 * Share links through HTTP on a real server: made, listed and revoked by the project's editors;
 * the token opens its own project only, read-only, and stops at revocation and expiry; bad
 * tokens are limited per client address (TRUST_PROXY: each test sends from its own address).
 */
let server: TestServer;
let token: string;
let other: string;
let address = 0;
/** A client address of its own (X-Forwarded-For), so the bad-token counts of tests stay apart. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  server = await startDeviceTestServer({ TRUST_PROXY: 'true' });
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
/** A viewer's call: no Authorization, the share token in its header. */
const view = <T = unknown>(path: string, share: string | undefined, from = '198.51.100.250') =>
  server.call<T>('GET', path, {
    headers: { 'x-forwarded-for': from, ...(share === undefined ? {} : { 'x-share-token': share }) },
  });

let n = 0;
async function addProject(t = token, deviceIds: number[] = []): Promise<ProjectDetail> {
  const res = await post<ProjectDetail>('/project/add', { name: `Wall ${++n}`, device_ids: deviceIds }, t);
  expect(res.body, 'project add').toMatchObject({ code: 0 });
  return res.body.data;
}
async function addScreen(projectId: number, name: string, t = token): Promise<ProjectScreen> {
  const res = await post<ProjectScreen>('/project/screen/add', { project_id: projectId, name }, t);
  expect(res.body, 'screen add').toMatchObject({ code: 0 });
  return res.body.data;
}
async function share(projectId: number, hours = 24, name = 'Hall screen', t = token): Promise<ShareCreated> {
  const res = await post<ShareCreated>(
    '/project/share/add',
    { project_id: projectId, name, expires_in_hours: hours },
    t,
  );
  expect(res.body, 'share add').toMatchObject({ code: 0 });
  return res.body.data;
}
async function uploadPng(projectId: number): Promise<AssetUploadReply> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.set('project_id', String(projectId));
  form.set('file', new Blob([png]), 'p.png');
  const res = await fetch(`${server.url}/v1/project/asset/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: AssetUploadReply };
  expect(body.code).toBe(0);
  return body.data;
}
const refusal = (reason: string) => ({ code: ErrorCode.E1001_AUTHENTICATION, data: { reason } });

describe('share links', () => {
  it('answers the token once and keeps only its SHA-256; the list shows no token', async () => {
    const project = await addProject();
    const link = await share(project.id, 48, 'Line 3 wall');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      project_id: project.id,
      name: 'Line 3 wall',
      state: 'active',
      revoked_at: null,
    });
    expect(link.expires_at - link.created_at).toBe(48 * 3_600_000);

    const rows = await server.app.db
      .selectFrom('project_shares')
      .selectAll()
      .where('id', '=', link.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const list = await get<ShareListReply>(`/project/share/list?project_id=${project.id}`);
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: link.id, state: 'active' })]);
    expect(JSON.stringify(list.body)).not.toContain(link.token);
    expect(list.body.data.list[0]).not.toHaveProperty('token');
  });

  it('checks the expiry bounds and the number of active links of a project', async () => {
    const project = await addProject();
    for (const hours of [0, ShareLimits.expiresInHoursMax + 1])
      expect(
        (await post('/project/share/add', { project_id: project.id, name: 'x', expires_in_hours: hours }))
          .body.code,
      ).toBe(ErrorCode.E1006_BAD_PARAMETER);
    const links = [];
    for (let i = 0; i < ShareLimits.activePerProject; i++) links.push(await share(project.id, 1, `s${i}`));
    expect(
      (await post('/project/share/add', { project_id: project.id, name: 'one more', expires_in_hours: 1 }))
        .body,
    ).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [
          { message: 'validation.projectShare.tooMany', params: { max: ShareLimits.activePerProject } },
        ],
      },
    });
    // A revoked link no longer counts.
    expect((await post('/project/share/revoke', { id: links[0]!.id })).body.code).toBe(0);
    await share(project.id, 1, 'fits again');
  });

  it('opens its own project read-only: name, screens, devices, a screen, a picture', async () => {
    const device = await buildDevice(server, token);
    const project = await addProject(token, [device.id]);
    const screen = await addScreen(project.id, 'Overview');
    const asset = await uploadPng(project.id);
    const link = await share(project.id);

    const seen = await view<SharedProject>('/share/project', link.token);
    expect(seen.body).toMatchObject({
      code: 0,
      data: {
        project_id: project.id,
        name: project.name,
        expires_at: link.expires_at,
        screens: [{ id: screen.id, name: 'Overview', version: 1 }],
        devices: [{ id: device.id, name: device.name, visible: true }],
      },
    });
    const one = await view<ProjectScreen>(`/share/screen?id=${screen.id}`, link.token);
    expect(one.body).toMatchObject({
      code: 0,
      data: { id: screen.id, project_id: project.id, document: { version: 2 } },
    });

    const file = await fetch(`${server.url}/v1/share/asset/file?id=${asset.id}`, {
      headers: { 'x-share-token': link.token },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-security-policy')).toBe(ASSET_CSP);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const used = await get<ShareListReply>(`/project/share/list?project_id=${project.id}`);
    expect(used.body.data.list[0]!.last_used_at).toEqual(expect.any(Number));
  });

  it('never opens another project: its screens and pictures are 1003, the owner calls need a sign-in', async () => {
    const project = await addProject();
    const link = await share(project.id);
    const sibling = await addProject();
    const siblingScreen = await addScreen(sibling.id, 'Sibling');
    const siblingAsset = await uploadPng(sibling.id);
    const foreign = await addProject(other);
    const foreignScreen = await addScreen(foreign.id, 'Foreign', other);

    for (const id of [siblingScreen.id, foreignScreen.id])
      expect((await view(`/share/screen?id=${id}`, link.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const file = await fetch(`${server.url}/v1/share/asset/file?id=${siblingAsset.id}`, {
      headers: { 'x-share-token': link.token },
    });
    expect(file.status).toBe(404);
    expect(((await file.json()) as { code: number }).code).toBe(ErrorCode.E1003_NO_DATA);
    // The token is no session: the signed-in calls refuse it.
    expect((await get(`/project/detail?id=${project.id}`, link.token)).body.code).toBe(
      ErrorCode.E1009_LOGIN_EXPIRED,
    );
    expect((await get(`/project/screen?id=${siblingScreen.id}`, link.token)).body.code).toBe(
      ErrorCode.E1009_LOGIN_EXPIRED,
    );
  });

  it('refuses a missing or unknown token (1001 invalid), a revoked one at once, an expired one', async () => {
    const project = await addProject();
    const screen = await addScreen(project.id, 'Main');
    const from = nextAddress();
    expect((await view('/share/project', undefined, from)).body).toMatchObject(refusal('invalid'));
    expect((await view('/share/project', 'x'.repeat(43), from)).body).toMatchObject(refusal('invalid'));

    const revoked = await share(project.id);
    expect((await view('/share/project', revoked.token, from)).body.code).toBe(0);
    expect((await post('/project/share/revoke', { id: revoked.id })).body.code).toBe(0);
    expect((await view('/share/project', revoked.token, from)).body).toMatchObject(refusal('revoked'));
    expect((await view(`/share/screen?id=${screen.id}`, revoked.token, from)).body).toMatchObject(
      refusal('revoked'),
    );
    // Revoking again changes nothing.
    expect((await post('/project/share/revoke', { id: revoked.id })).body.code).toBe(0);

    const expired = await share(project.id, 1);
    await server.app.db
      .updateTable('project_shares')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expired.id)
      .execute();
    const res = await view('/share/project', expired.token, from);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(refusal('expired'));

    const states = (await get<ShareListReply>(`/project/share/list?project_id=${project.id}`)).body.data.list;
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [revoked.id]: 'revoked',
      [expired.id]: 'expired',
    });
  });

  it('limits unknown tokens per client address (1036), before the token is looked at', async () => {
    const project = await addProject();
    const link = await share(project.id);
    const guesser = nextAddress();
    for (let i = 0; i < ShareLimits.badTokens.max; i++)
      expect((await view('/share/project', `guess-${i}`, guesser)).body.code).toBe(
        ErrorCode.E1001_AUTHENTICATION,
      );
    const blocked = await view('/share/project', link.token, guesser);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: ErrorCode.E1036_TOO_FREQUENT,
      data: { retry_after_ms: expect.any(Number) },
    });
    // Another address is not concerned; a revoked or expired token is no guess and is not counted.
    const viewer = nextAddress();
    for (let i = 0; i < ShareLimits.badTokens.max + 2; i++)
      expect((await view('/share/project', link.token, viewer)).body.code).toBe(0);
  });

  it('only the project’s editors in its team make, list and revoke links (1003 for another team)', async () => {
    const project = await addProject();
    const link = await share(project.id);
    expect(
      (await post('/project/share/add', { project_id: project.id, name: 'x', expires_in_hours: 1 }, other))
        .body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
    expect((await get(`/project/share/list?project_id=${project.id}`, other)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await post('/project/share/revoke', { id: link.id }, other)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await view('/share/project', link.token)).body.code).toBe(0);
  });

  it('the links go with their project', async () => {
    const project = await addProject();
    const link = await share(project.id);
    expect((await post('/project/delete', { id: project.id })).body.code).toBe(0);
    expect((await view('/share/project', link.token, nextAddress())).body).toMatchObject(refusal('invalid'));
    const rows = await server.app.db
      .selectFrom('project_shares')
      .select('id')
      .where('id', '=', link.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
