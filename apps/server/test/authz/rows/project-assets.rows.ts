import { ErrorCode, Perm } from '@hmi/domain';
import type { Fixture } from '../fixture.ts';
import { ok } from '../fixture.ts';
import { marked, neutral, SCOPE_MARK } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * A project's pictures and share links (project-asset and project-share modules). The objects
 * hang on the fixture project (in the in-scope role): a picture and a share link made once per
 * fixture by team A's main account. Outside the caller's team or project grants: 1003. The
 * viewer calls (/share/...) are public: the X-Share-Token header is their credential, and
 * without one they answer 1001 (authentication error, no session to refresh).
 */
const v1 = (path: string) => `/v1${path}`;
const project = { kind: 'object' } as const;

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function pngForm(projectId: number, name: string): FormData {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('file', new Blob([PNG], { type: 'image/png' }), `${name}.png`);
  return form;
}

/** Uploads a picture to the fixture project as team A's main account. */
async function uploadAsset(fx: Fixture): Promise<number> {
  const res = await fetch(`${fx.server.url}/v1/project/asset/upload`, {
    method: 'POST',
    headers: { authorization: fx.a.main.token },
    body: pngForm(fx.scoped.project.id, marked(SCOPE_MARK, 'asset')),
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  if (body.code !== 0) throw new Error(`asset upload: ${JSON.stringify(body)}`);
  return body.data.id;
}

const addShare = (fx: Fixture) =>
  ok<{ id: number }>(fx.server, fx.a.main.token, '/project/share/add', {
    project_id: fx.scoped.project.id,
    name: marked(SCOPE_MARK, 'share'),
    expires_in_hours: 24,
  });

/** The fixture's picture and share link, made on first use. */
const made = new WeakMap<Fixture, Promise<{ assetId: number; shareId: number }>>();
function objects(fx: Fixture): Promise<{ assetId: number; shareId: number }> {
  let found = made.get(fx);
  if (!found) {
    found = (async () => ({ assetId: await uploadAsset(fx), shareId: (await addShare(fx)).id }))();
    made.set(fx, found);
  }
  return found;
}

const viewer = { anonymous: ErrorCode.E1001_AUTHENTICATION } as const;

export const projectAssetRows: MatrixRow[] = [
  {
    method: 'POST',
    url: v1('/project/asset/upload'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({ form: () => pngForm(fx.scoped.project.id, neutral('A')) }),
  },
  {
    method: 'GET',
    url: v1('/project/asset/list'),
    access: [Perm.ProjectView],
    scope: project,
    request: async ({ fx }) => {
      await objects(fx);
      return { query: { project_id: fx.scoped.project.id } };
    },
  },
  {
    method: 'GET',
    url: v1('/project/asset/file'),
    access: [Perm.ProjectView],
    scope: project,
    request: async ({ fx }) => ({ query: { id: (await objects(fx)).assetId } }),
  },
  {
    method: 'POST',
    url: v1('/project/asset/delete'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? await uploadAsset(fx) : (await objects(fx)).assetId },
    }),
  },
  {
    method: 'POST',
    url: v1('/project/share/add'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({
      body: { project_id: fx.scoped.project.id, name: neutral('S'), expires_in_hours: 1 },
    }),
  },
  {
    method: 'GET',
    url: v1('/project/share/list'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx }) => {
      await objects(fx);
      return { query: { project_id: fx.scoped.project.id } };
    },
  },
  {
    method: 'POST',
    url: v1('/project/share/revoke'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await addShare(fx)).id : (await objects(fx)).shareId },
    }),
  },
  { method: 'GET', url: v1('/share/project'), access: 'public', expect: viewer },
  {
    method: 'GET',
    url: v1('/share/screen'),
    access: 'public',
    expect: viewer,
    request: ({ fx }) => ({ query: { id: fx.scoped.project.screenId } }),
  },
  {
    method: 'GET',
    url: v1('/share/asset/file'),
    access: 'public',
    expect: viewer,
    request: async ({ fx }) => ({ query: { id: (await objects(fx)).assetId } }),
  },
];
