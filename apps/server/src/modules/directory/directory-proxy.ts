import { API_BASE, AuthPaths, DirectoryPaths, ErrorCode } from '@hmi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { tokenFromHeader } from '../session/index.ts';
import type { SessionService } from '../session/index.ts';
import { parseLoginName, type UserService } from '../users/index.ts';
import { isDirectoryToken } from './region-tokens.ts';

const FORWARD_TIMEOUT_MS = 10_000;
const p = (path: string) => `${API_BASE}${path}`;

/** Calls on the account itself: the directory's when the caller's token is the directory's. */
const accountCalls = new Set([
  p(AuthPaths.logout),
  p(AuthPaths.changePwd),
  p(AuthPaths.removal),
  p(AuthPaths.addDataCenter),
  p(DirectoryPaths.region),
]);
/** Sign-up: accounts are created at the directory only. */
const signUpCalls = new Set([p(AuthPaths.register), p(AuthPaths.resendMail)]);
/** Calls by login name: the directory's unless the name is a sub-account of this region. */
const byNameCalls = new Map([
  [p(AuthPaths.login), 'user'],
  [p(AuthPaths.forgetVerify), 'username'],
  [p(AuthPaths.modifyPwd), 'username'],
]);

interface ProxyOptions {
  directoryUrl: string;
  users: UserService;
  sessions: SessionService;
}

/**
 * A region of a directory answers the account calls of directory accounts by asking the
 * directory (docs/regions.md): the web client talks to its regional host only. The region's own
 * sub-accounts (no global id) sign in and manage their account here, as before. A refresh token
 * this region did not issue is the directory's.
 */
export const directoryProxyPlugin = fp<ProxyOptions>(
  async (app, { directoryUrl, users, sessions }) => {
    const local = async (name: unknown): Promise<boolean> => {
      if (typeof name !== 'string') return true;
      let user;
      try {
        user = await users.findByLoginName(parseLoginName(name));
      } catch {
        return true; // not a login name: the route answers the error
      }
      return user !== undefined && user.global_id === null;
    };

    app.addHook('preValidation', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (request.method !== 'POST' && !(request.method === 'GET' && path === p(DirectoryPaths.region)))
        return;
      const body = request.body as Record<string, unknown> | null | undefined;
      let forward = false;
      if (accountCalls.has(path)) forward = isDirectoryToken(tokenFromHeader(request.headers.authorization));
      else if (signUpCalls.has(path)) forward = true;
      else if (path === p(AuthPaths.refresh)) {
        const token = tokenFromHeader(request.headers.authorization);
        forward = token !== undefined && !(await sessions.issuedHere(token));
      } else {
        const field = byNameCalls.get(path);
        if (field) forward = !(await local(body?.[field]));
      }
      if (!forward) return;
      // A sign-in here asks the directory for this region.
      const sent =
        path === p(AuthPaths.login) && body && body.region === undefined
          ? { ...body, region: app.config.region }
          : body;
      await relay(request, reply, `${directoryUrl}${request.url}`, sent);
      return reply;
    });
  },
  { name: 'directory-proxy' },
);

async function relay(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  body: unknown,
): Promise<void> {
  const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
  for (const name of ['authorization', 'accept-language', 'user-agent']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (body !== undefined && body !== null) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers,
      ...(body !== undefined && body !== null && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (err) {
    throw new AppError(ErrorCode.E1007_SERVER, null, `directory unreachable: ${String(err)}`);
  }
  const text = await res.text();
  await reply
    .code(res.status)
    .header('content-type', res.headers.get('content-type') ?? 'application/json')
    .send(text);
}
