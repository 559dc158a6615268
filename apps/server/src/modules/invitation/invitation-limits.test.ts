import {
  ErrorCode,
  Perm,
  type InvitationItem,
  type MessageListReply,
  type MyInvitationListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { readMails } from '../../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

/*
 * Invitations are limited per inviter, team, client address and invitee, and collapse to one
 * pending invitation per team and person (issue 23, item 6). One server with the production
 * defaults, one with small limits; addresses from X-Forwarded-For (TRUST_PROXY).
 */
type Account = Awaited<ReturnType<typeof createActiveUser>>;
let prod: TestServer;
let small: TestServer;
let ipSeq = 0;
const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  const defaults = {
    INVITE_USER_LIMIT: '20',
    INVITE_TEAM_LIMIT: '50',
    INVITE_IP_LIMIT: '30',
    INVITE_INVITEE_LIMIT: '5',
  };
  [prod, small] = await Promise.all([
    startTestServer({ ...defaults, TRUST_PROXY: 'true' }),
    startTestServer({
      TRUST_PROXY: 'true',
      INVITE_USER_LIMIT: '3',
      INVITE_TEAM_LIMIT: '5',
      INVITE_IP_LIMIT: '4',
      INVITE_INVITEE_LIMIT: '2',
      INVITE_RESEND_WINDOW: '2',
    }),
  ]);
});
afterAll(async () => Promise.all([prod?.close(), small?.close()]));

const inviteAs = (server: TestServer, token: string, account: string, roleId: number, ip: string) =>
  server.call<InvitationItem>('POST', '/system/user/invite', {
    token,
    body: { account, role_id: roleId },
    headers: { 'x-forwarded-for': ip },
  });
const mailsTo = async (server: TestServer, email: string) =>
  (await readMails(server.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).length;
const notices = async (server: TestServer, who: Account) =>
  (await server.call<MessageListReply>('GET', '/msg/notify?kind=notice', { token: who.tokens.token })).body
    .data.list.length;
const pendingOf = async (server: TestServer, who: Account) =>
  (await server.call<MyInvitationListReply>('GET', '/msg/team/invation?state=0', { token: who.tokens.token }))
    .body.data;
const unknownAccount = (i: number) => `nobody-${Date.now()}-${i}@example.com`;

async function teamOf(server: TestServer) {
  const main = await createActiveUser(server);
  const role = await addRole(server, main.tokens.token, { permissions: [Perm.DeviceView] });
  return { main, token: main.tokens.token, roleId: role.id };
}

describe('invitation limits (production defaults)', () => {
  it('25 invitations to unknown accounts: 20 answers 1010, then 1036 whatever the account', async () => {
    const { token, roleId } = await teamOf(prod);
    const known = await createActiveUser(prod);
    const mails = await mailsTo(prod, known.email);
    const codes: number[] = [];
    for (let i = 0; i < 25; i++)
      codes.push((await inviteAs(prod, token, unknownAccount(i), roleId, freshIp())).body.code);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(ErrorCode.E1010_USER_NOT_FOUND));
    expect(codes.slice(20)).toEqual(Array(5).fill(ErrorCode.E1036_TOO_FREQUENT));
    const refused = await inviteAs(prod, token, known.email, roleId, freshIp());
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.E1036_TOO_FREQUENT]);
    expect(refused.body.data).toMatchObject({
      retry_after_ms: prod.config.invitationLimits.perInviter.windowMs,
    });
    expect(await mailsTo(prod, known.email)).toBe(mails);
  });

  it('25 invitations to one account: one pending invitation, one mail, one notice', async () => {
    const { token, roleId } = await teamOf(prod);
    const person = await createActiveUser(prod);
    const mailsBefore = await mailsTo(prod, person.email);
    const noticesBefore = await notices(prod, person);
    const ids = new Set<number>();
    for (let i = 0; i < 25; i++) {
      const res = await inviteAs(prod, token, person.email, roleId, freshIp());
      if (res.body.code === 0) ids.add(res.body.data.id);
      else expect(res.body.code).toBe(ErrorCode.E1036_TOO_FREQUENT);
    }
    expect(ids.size).toBe(1);
    expect(await mailsTo(prod, person.email)).toBe(mailsBefore + 1);
    expect(await notices(prod, person)).toBe(noticesBefore + 1);
    expect((await pendingOf(prod, person)).pending).toBe(1);
  });

  it('8 invitations at once to one account: one invitation, one mail, one notice', async () => {
    const { token, roleId } = await teamOf(prod);
    const person = await createActiveUser(prod);
    const mailsBefore = await mailsTo(prod, person.email);
    const noticesBefore = await notices(prod, person);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inviteAs(prod, token, person.email, roleId, freshIp())),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill(0));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await mailsTo(prod, person.email)).toBe(mailsBefore + 1);
    expect(await notices(prod, person)).toBe(noticesBefore + 1);
    expect((await pendingOf(prod, person)).pending).toBe(1);
  });
});

describe('invitation limits (small)', () => {
  it('per team: members of one team share its limit', async () => {
    const { main, token, roleId } = await teamOf(small);
    const inviters = await addRole(small, token, {
      permissions: [Perm.DeviceView, Perm.UserView, Perm.UserInvite],
    });
    const a = await joinedMember(small, main, inviters.id);
    const b = await joinedMember(small, main, inviters.id);
    // The team has sent 2 (the joins); a sends 3 (its own limit), the team's 5 are used.
    for (let i = 0; i < 3; i++) {
      expect((await inviteAs(small, a.token, unknownAccount(i), roleId, freshIp())).body.code).toBe(
        ErrorCode.E1010_USER_NOT_FOUND,
      );
    }
    expect((await inviteAs(small, b.token, unknownAccount(9), roleId, freshIp())).body.code).toBe(
      ErrorCode.E1036_TOO_FREQUENT,
    );
    // Another team is not held back.
    const other = await teamOf(small);
    expect((await inviteAs(small, other.token, unknownAccount(10), other.roleId, freshIp())).body.code).toBe(
      ErrorCode.E1010_USER_NOT_FOUND,
    );
  });

  it('per client address: teams behind one address share its limit', async () => {
    const ip = freshIp();
    const teams = [await teamOf(small), await teamOf(small), await teamOf(small)];
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = teams[i % 3]!;
      codes.push((await inviteAs(small, t.token, unknownAccount(i), t.roleId, ip)).body.code);
    }
    expect(codes).toEqual([
      ...Array(4).fill(ErrorCode.E1010_USER_NOT_FOUND),
      ...Array(2).fill(ErrorCode.E1036_TOO_FREQUENT),
    ]);
    expect(
      (await inviteAs(small, teams[2]!.token, unknownAccount(7), teams[2]!.roleId, freshIp())).body.code,
    ).toBe(ErrorCode.E1010_USER_NOT_FOUND);
  });

  it('re-inviting mails again only after INVITE_RESEND_WINDOW, and never adds a notice', async () => {
    const { token, roleId } = await teamOf(small);
    const person = await createActiveUser(small);
    const mails = await mailsTo(small, person.email);
    const before = await notices(small, person);
    const first = await inviteAs(small, token, person.email, roleId, freshIp());
    const again = await inviteAs(small, token, person.email, roleId, freshIp());
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await mailsTo(small, person.email)).toBe(mails + 1);
    await new Promise((r) => setTimeout(r, 2100));
    const later = await inviteAs(small, token, person.email, roleId, freshIp());
    expect(later.body.data.id).toBe(first.body.data.id);
    expect(later.body.data.created_at).toBeGreaterThan(first.body.data.created_at);
    expect(await mailsTo(small, person.email)).toBe(mails + 2);
    expect(await notices(small, person)).toBe(before + 1);
  });

  it('per invitee: past its limit from all teams, invitations are stored without mail or notice', async () => {
    const person = await createActiveUser(small);
    const mails = await mailsTo(small, person.email);
    const before = await notices(small, person);
    const teams = [await teamOf(small), await teamOf(small), await teamOf(small)];
    for (const t of teams)
      expect((await inviteAs(small, t.token, person.email, t.roleId, freshIp())).body.code).toBe(0);
    expect(await mailsTo(small, person.email)).toBe(mails + 2);
    expect(await notices(small, person)).toBe(before + 2);
    // The third is there for the person to answer.
    expect((await pendingOf(small, person)).pending).toBe(3);
  });
});
