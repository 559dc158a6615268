import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ErrorCode,
  InvitationOutcome,
  Limits,
  Perm,
  type InvitationCheckReply,
  type InvitationConfirmReply,
  type InvitationItem,
  type InvitationListReply,
  type MessageListReply,
  type MyInvitationListReply,
  type UserProfile,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, login, uniquePhone } from '../../../test/factories.ts';
import { lastMailTo, lastSmsCode, readSms } from '../../../test/outbox.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRole, invite, joinedMember } from '../member/team-test-helpers.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let roleId: number;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server, { name: 'Owner' });
  token = main.tokens.token;
  roleId = (await addRole(server, token, { name: 'Engineer', permissions: [Perm.DeviceView] })).id;
});
afterAll(async () => server?.close());

type Account = Awaited<ReturnType<typeof createActiveUser>>;
const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });
const confirm = (who: Account, id: number, accept: boolean) =>
  post<InvitationConfirmReply>('/team/invitation/confirm', { id, accept }, who.tokens.token);
const mine = async (who: Account) =>
  (await get<MyInvitationListReply>('/msg/team/invation', who.tokens.token)).body.data;
const stateOf = async (who: Account, id: number) => (await mine(who)).list.find((i) => i.id === id);
const noticeTitles = async (t: string) =>
  (await get<MessageListReply>('/msg/notify?kind=notice', t)).body.data.list.map((m) => m.title);

/** An active phone account (registered with its SMS code). */
async function phoneAccount() {
  const phone = uniquePhone();
  expect((await server.call('POST', `/global/phoneverify?phone=${phone}&area_code=%2B86`)).body.code).toBe(0);
  const code = await lastSmsCode(server.dataDir, `+86${phone}`);
  const res = await server.call('POST', '/global/register?type=0', {
    body: { username: phone, passwd: 'abc12345', area_code: '+86', code, lang: 'en-us' },
  });
  expect(res.body.code).toBe(0);
  const tokens = await login(server, phone, 'abc12345');
  return { phone, tokens };
}

describe('invitation routes: access', () => {
  it.each([
    ['POST', '/system/user/invite', Perm.UserInvite, { account: 'a@b.cn', role_id: 1 }],
    ['POST', '/system/user/invitation/cancel', Perm.UserInvite, { id: 1 }],
    ['GET', '/system/user/invitations', Perm.UserView, undefined],
  ] as const)('%s %s: 401 without a token, 403 without %d', async (method, path, perm, body) => {
    expect((await server.call(method, path, { body })).status).toBe(401);
    const others = [Perm.UserView, Perm.UserInvite].filter((p) => p !== perm);
    const role = await addRole(server, token, { permissions: others });
    const m = await joinedMember(server, main, role.id);
    const res = await server.call(method, path, { token: m.token, body });
    expect([res.status, res.body.code]).toEqual([403, ErrorCode.E1002_PERMISSION_DENIED]);
  });

  it.each([
    ['GET', '/msg/team/invation', undefined],
    ['POST', '/team/invitation/confirm/check', { id: 1 }],
    ['POST', '/team/invitation/confirm', { id: 1, accept: true }],
  ] as const)('%s %s: 401 without a token', async (method, path, body) => {
    expect((await server.call(method, path, { body })).status).toBe(401);
  });
});

describe('inviting', () => {
  it('by email: a mail, a pending invitation with its message, a notice; accepting joins the team', async () => {
    const person = await createActiveUser(server);
    const sent = await invite(server, token, person.email.toUpperCase(), roleId);
    expect(sent).toMatchObject({ channel: 'email', account: person.email, role_name: 'Engineer', state: 0 });
    expect(sent.expires_at - sent.created_at).toBe(Limits.invitationExpiryMs);
    const mail = await lastMailTo(server.dataDir, person.email);
    expect(mail.subject).toBe(`HMI Cloud: Owner invites you to join ${main.profile.team_name}`);
    expect(mail.text).toContain('valid for 7 days');
    const listed = await mine(person);
    expect(listed).toMatchObject({ pending: 1, total: 1 });
    expect(listed.list[0]).toMatchObject({
      id: sent.id,
      state: InvitationOutcome.Pending,
      team_name: main.profile.team_name,
      inviter_name: 'Owner',
      role_name: 'Engineer',
      title: `Invitation to join ${main.profile.team_name}`,
    });
    expect(await noticeTitles(person.tokens.token)).toContain(`Invitation to join ${main.profile.team_name}`);

    const check = (
      await post<InvitationCheckReply>('/team/invitation/confirm/check', { id: sent.id }, person.tokens.token)
    ).body.data;
    expect(check).toMatchObject({
      can_accept: true,
      blockers: [],
      role_permissions: [Perm.DeviceView],
      leaves_own_team: true,
      billing_cards_stay: true,
      top_up_cards_carry_over: false,
    });
    const accepted = await confirm(person, sent.id, true);
    expect(accepted.body.data).toEqual({
      state: InvitationOutcome.Accepted,
      team_id: main.profile.team_id,
      team_name: main.profile.team_name,
    });
    const profile = (await get<UserProfile>('/global/getUserInfo', person.tokens.token)).body.data;
    expect(profile).toMatchObject({
      team_id: main.profile.team_id,
      is_main: false,
      permissions: [Perm.DeviceView],
    });
    expect(await stateOf(person, sent.id)).toMatchObject({
      state: 1,
      title: `You joined ${main.profile.team_name}`,
    });
    expect(await noticeTitles(token)).toContain(`${person.profile.name} joined the team`);
    expect((await confirm(person, sent.id, true)).body.code).toBe(ErrorCode.E1084_ALREADY_JOINED);
    // Now a member: 1076 for this team, 1069 for another.
    expect((await post('/system/user/invite', { account: person.email, role_id: roleId })).body.code).toBe(
      ErrorCode.E1076_ALREADY_JOINED,
    );
    const other = await createActiveUser(server);
    const otherRole = await addRole(server, other.tokens.token);
    const elsewhere = await post(
      '/system/user/invite',
      { account: person.email, role_id: otherRole.id },
      other.tokens.token,
    );
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, ErrorCode.E1069_JOINED_ANOTHER_TEAM]);
  });

  it('by phone: an SMS', async () => {
    const person = await phoneAccount();
    const sent = await invite(server, token, person.phone, roleId);
    expect(sent).toMatchObject({ channel: 'phone', account: `+86${person.phone}` });
    const sms = (await readSms(server.dataDir)).filter((s) => s.to === `+86${person.phone}`).at(-1)!;
    expect(sms.template).toBe('team_invitation');
    expect(sms.text).toContain(main.profile.team_name);
  });

  it('refuses: unknown 1010, other data center 1078, oneself 1076, a team owner with members 1069, a foreign role 1062, a bad account 1006', async () => {
    expect(
      (await post('/system/user/invite', { account: 'nobody@example.com', role_id: roleId })).body.code,
    ).toBe(ErrorCode.E1010_USER_NOT_FOUND);
    const far = await createActiveUser(server);
    await server.app.db
      .updateTable('users')
      .set({ data_center: 'cn' })
      .where('id', '=', far.profile.dbuser_id)
      .execute();
    const dc = await post('/system/user/invite', { account: far.email, role_id: roleId });
    expect([dc.status, dc.body.code]).toEqual([403, ErrorCode.E1078_NOT_THIS_DATA_CENTER]);
    expect((await post('/system/user/invite', { account: main.email, role_id: roleId })).body.code).toBe(
      ErrorCode.E1076_ALREADY_JOINED,
    );
    const leader = await createActiveUser(server);
    const leaderRole = await addRole(server, leader.tokens.token);
    await joinedMember(server, leader, leaderRole.id);
    expect((await post('/system/user/invite', { account: leader.email, role_id: roleId })).body.code).toBe(
      ErrorCode.E1069_JOINED_ANOTHER_TEAM,
    );
    const person = await createActiveUser(server);
    expect(
      (await post('/system/user/invite', { account: person.email, role_id: leaderRole.id })).body.code,
    ).toBe(ErrorCode.E1062_ROLE_NOT_USERS);
    const bad = await post('/system/user/invite', { account: 'not-a-phone', role_id: roleId });
    expect(bad.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'account' }] },
    });
  });

  it('a failed mail is 1064 and a failed SMS 1070; nothing is stored', async () => {
    const person = await createActiveUser(server);
    const byPhone = await phoneAccount();
    const mailer = server.app.mailer;
    const sendMail = mailer.sendMail;
    mailer.sendMail = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await post('/system/user/invite', { account: person.email, role_id: roleId });
      expect([res.status, res.body.code]).toEqual([502, ErrorCode.E1064_INVITATION_EMAIL_FAILED]);
    } finally {
      mailer.sendMail = sendMail;
    }
    // The SMS outbox cannot be written: the adapter itself fails.
    const file = join(server.dataDir, 'outbox', 'sms.jsonl');
    await rm(file, { force: true });
    await mkdir(file);
    try {
      const res = await post('/system/user/invite', { account: byPhone.phone, role_id: roleId });
      expect([res.status, res.body.code]).toEqual([502, ErrorCode.E1070_INVITATION_SMS_FAILED]);
    } finally {
      await rm(file, { recursive: true, force: true });
    }
    expect((await mine(person)).total).toBe(0);
  });
});

describe('the invitation state machine', () => {
  it('reject: state 2 for good (1075 on confirming again), the inviter is told', async () => {
    const person = await createActiveUser(server);
    const inv = await invite(server, token, person.email, roleId);
    expect((await confirm(person, inv.id, false)).body.data).toMatchObject({
      state: InvitationOutcome.Rejected,
    });
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1075_NOT_ACCEPTED);
    expect(await noticeTitles(token)).toContain(`${person.profile.name} declined the invitation`);
    expect((await stateOf(person, inv.id))?.state).toBe(InvitationOutcome.Rejected);
  });

  it('cancel: 1074 for the invitee, a notice; only the inviting team may cancel (1003)', async () => {
    const person = await createActiveUser(server);
    const inv = await invite(server, token, person.email, roleId);
    const stranger = await createActiveUser(server);
    expect(
      (await post('/system/user/invitation/cancel', { id: inv.id }, stranger.tokens.token)).body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
    const cancelled = await post<InvitationItem>('/system/user/invitation/cancel', { id: inv.id });
    expect(cancelled.body.data.state).toBe(InvitationOutcome.Cancelled);
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1074_INVITATION_CANCELLED);
    expect((await post('/system/user/invitation/cancel', { id: inv.id })).body.code).toBe(
      ErrorCode.E1074_INVITATION_CANCELLED,
    );
    expect(await noticeTitles(person.tokens.token)).toContain(
      `Invitation to ${main.profile.team_name} cancelled`,
    );
    // Someone else's invitation is not the caller's to confirm or check.
    expect((await confirm(stranger, inv.id, true)).body.code).toBe(ErrorCode.E1003_NO_DATA);
  });

  it('expiry is judged when read: pending for 7 days reads as voided (1082)', async () => {
    const person = await createActiveUser(server);
    const inv = await invite(server, token, person.email, roleId);
    const old = Date.now() - Limits.invitationExpiryMs - 1000;
    await server.app.db
      .updateTable('invitations')
      .set({ created_at: old })
      .where('id', '=', inv.id)
      .execute();
    expect(await stateOf(person, inv.id)).toMatchObject({
      state: InvitationOutcome.Voided,
      void_reason: 'expired',
    });
    expect((await mine(person)).pending).toBe(0);
    const team = (await get<InvitationListReply>('/system/user/invitations?state=4')).body.data.list;
    expect(team.find((i) => i.id === inv.id)).toMatchObject({ state: 4, void_reason: 'expired' });
    expect(
      (await get<InvitationListReply>('/system/user/invitations?state=0')).body.data.list.map((i) => i.id),
    ).not.toContain(inv.id);
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1082_INVITATION_VOIDED);
    expect((await post('/system/user/invitation/cancel', { id: inv.id })).body.code).toBe(
      ErrorCode.E1082_INVITATION_VOIDED,
    );
  });

  it('accepting voids the other pending invitations (1082), their inviters are told', async () => {
    const person = await createActiveUser(server);
    const other = await createActiveUser(server, { name: 'Rival' });
    const otherRole = await addRole(server, other.tokens.token);
    const theirs = await invite(server, other.tokens.token, person.email, otherRole.id);
    const ours = await invite(server, token, person.email, roleId);
    const check = (
      await post<InvitationCheckReply>('/team/invitation/confirm/check', { id: ours.id }, person.tokens.token)
    ).body.data;
    expect(check.voids_other_invitations).toBe(1);
    expect((await confirm(person, ours.id, true)).body.code).toBe(0);
    expect(await stateOf(person, theirs.id)).toMatchObject({ state: 4, void_reason: 'accepted_elsewhere' });
    expect((await confirm(person, theirs.id, true)).body.code).toBe(ErrorCode.E1082_INVITATION_VOIDED);
    expect(await noticeTitles(other.tokens.token)).toContain(
      `Invitation of ${person.profile.name} no longer valid`,
    );
  });

  it('inviting again refreshes the one pending invitation (its role too); a deleted role voids it', async () => {
    const person = await createActiveUser(server);
    const first = await invite(server, token, person.email, roleId);
    const spare = await addRole(server, token);
    const second = await invite(server, token, person.email, spare.id);
    expect(second.id).toBe(first.id);
    expect(await stateOf(person, first.id)).toMatchObject({ state: 0, role_name: spare.name });
    expect((await mine(person)).pending).toBe(1);
    expect((await post('/system/role/delete', { id: spare.id })).body.code).toBe(0);
    expect(await stateOf(person, second.id)).toMatchObject({
      state: 4,
      void_reason: 'role_deleted',
      role_name: null,
    });
    expect((await confirm(person, second.id, true)).body.code).toBe(ErrorCode.E1082_INVITATION_VOIDED);
  });

  it('the inviter leaving voids what they sent (1073)', async () => {
    const inviterRole = await addRole(server, token, { permissions: [Perm.DeviceView, Perm.UserInvite] });
    const inviter = await joinedMember(server, main, inviterRole.id);
    const person = await createActiveUser(server);
    const inv = await invite(server, inviter.token, person.email, roleId);
    expect((await post('/team/leave', undefined, inviter.token)).body.code).toBe(0);
    expect(await stateOf(person, inv.id)).toMatchObject({ state: 4, void_reason: 'inviter_left' });
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1073_INVITER_LEFT);

    // Removed by the main account: the same.
    const inviter2 = await joinedMember(server, main, inviterRole.id);
    const person2 = await createActiveUser(server);
    const inv2 = await invite(server, inviter2.token, person2.email, roleId);
    expect((await post('/system/user/delete', { user_id: inviter2.id })).body.code).toBe(0);
    expect((await confirm(person2, inv2.id, true)).body.code).toBe(ErrorCode.E1073_INVITER_LEFT);
  });

  it('joining needs no own devices (1053) or templates (1054), checked when accepting', async () => {
    const person = await createActiveUser(server);
    const inv = await invite(server, token, person.email, roleId);
    const device = await buildDevice(server, person.tokens.token);
    const check = (
      await post<InvitationCheckReply>('/team/invitation/confirm/check', { id: inv.id }, person.tokens.token)
    ).body.data;
    expect(check).toMatchObject({
      can_accept: false,
      blockers: [{ code: ErrorCode.E1053_ACCOUNT_HAS_DEVICES, count: 1 }],
    });
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1053_ACCOUNT_HAS_DEVICES);
    // Nothing moved, the invitation is still open.
    expect((await stateOf(person, inv.id))?.state).toBe(InvitationOutcome.Pending);
    expect((await post('/device/unbind', { ids: [device.id] }, person.tokens.token)).body.code).toBe(0);
    await buildTemplate(server, person.tokens.token);
    expect((await confirm(person, inv.id, true)).body.code).toBe(ErrorCode.E1054_ACCOUNT_HAS_TEMPLATES);
  });

  it('two answers at once: compare-and-set lets exactly one through', async () => {
    const person = await createActiveUser(server);
    const inv = await invite(server, token, person.email, roleId);
    const results = await Promise.all([confirm(person, inv.id, true), confirm(person, inv.id, false)]);
    const codes = results.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    const final = (await stateOf(person, inv.id))!.state;
    const winner = results.find((r) => r.body.code === 0)!.body.data.state;
    expect(final).toBe(winner);
  });
});
