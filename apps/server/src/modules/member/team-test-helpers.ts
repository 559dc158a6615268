import { expect } from 'vitest';
import type { InvitationItem, RoleAddBody, RoleDetail } from '@hmi/domain';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';

type Account = Awaited<ReturnType<typeof createActiveUser>>;

let sequence = 0;

/** A role of the caller's team through POST /system/role/add. */
export async function addRole(server: TestServer, token: string, body: Partial<RoleAddBody> = {}) {
  const res = await server.call<RoleDetail>('POST', '/system/role/add', {
    token,
    body: { name: `R${++sequence}`, ...body },
  });
  expect(res.body, 'role add').toMatchObject({ code: 0 });
  return res.body.data;
}

/** An invitation of `inviter`'s team to `account` (email) with the role. */
export async function invite(server: TestServer, token: string, account: string, roleId: number) {
  const res = await server.call<InvitationItem>('POST', '/system/user/invite', {
    token,
    body: { account, role_id: roleId },
  });
  expect(res.body, `invite ${account}`).toMatchObject({ code: 0 });
  return res.body.data;
}

/**
 * A new active account that joins the team of `main` with the role through the real invitation
 * calls (invite, accept). Its session goes on: the token it had is now a member's.
 */
export async function joinedMember(server: TestServer, main: Account, roleId: number) {
  const person = await createActiveUser(server);
  const invitation = await invite(server, main.tokens.token, person.email, roleId);
  const res = await server.call('POST', '/team/invitation/confirm', {
    token: person.tokens.token,
    body: { id: invitation.id, accept: true },
  });
  expect(res.body, 'accept').toMatchObject({ code: 0 });
  return { ...person, id: person.profile.dbuser_id, token: person.tokens.token, invitation };
}
