import { describe, expect, it } from 'vitest';
import type { AccessReason, MemberItem } from '@hmi/domain';
import en from '../../i18n/en-us/member.json';
import {
  accessReasonKey,
  accessReasonLines,
  accountText,
  canCancelInvitation,
  invitationStateTag,
  memberActions,
  operateState,
  roleChoices,
  type MemberRights,
} from './member-display.ts';
import { inviteBody } from './invite-form.ts';
import { membersTab } from './members-tab.ts';

const member = (over: Partial<MemberItem> = {}): MemberItem => ({
  id: 5,
  name: 'Ada',
  account: 'ada@example.com',
  email: 'ada@example.com',
  phone: null,
  area_code: null,
  is_main: false,
  role_id: 3,
  role_name: 'Engineer',
  joined_at: 1_700_000_000_000,
  last_login_at: null,
  status: 'active',
  ...over,
});
const all: MemberRights = { view: true, edit: true, remove: true, dataPm: true };
const none: MemberRights = { view: false, edit: false, remove: false };

/** The English text of a key of the member namespace (nested keys, {{params}} filled). */
function text(key: string, params: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof found !== 'string') throw new Error(`no text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => params[name] ?? '');
}

describe('memberActions', () => {
  it('offers a sub-account row every action the caller holds', () => {
    expect(memberActions(member(), 1, all)).toEqual(['access', 'datapm', 'role', 'remove']);
  });

  it('never offers data permissions, changing or removing the main account, only its effective access', () => {
    expect(memberActions(member({ is_main: true, id: 1, role_id: null }), 9, all)).toEqual(['access']);
  });

  it('never offers the caller to change or remove themselves', () => {
    expect(memberActions(member({ id: 9 }), 9, all)).toEqual(['access']);
  });

  it('follows each permission on its own', () => {
    expect(memberActions(member(), 1, none)).toEqual([]);
    expect(memberActions(member(), 1, { ...none, edit: true })).toEqual(['role']);
    expect(memberActions(member(), 1, { ...none, remove: true })).toEqual(['remove']);
    expect(memberActions(member(), 1, { ...none, view: true })).toEqual(['access']);
    expect(memberActions(member(), 1, { ...none, dataPm: true })).toEqual(['datapm']);
  });
});

describe('accountText', () => {
  it('shows the email address when there is one', () => {
    expect(accountText(member())).toBe('ada@example.com');
  });
  it('shows a phone number after its area code', () => {
    const phone = member({ email: null, phone: '13800000000', area_code: '+86', account: '+8613800000000' });
    expect(accountText(phone)).toBe('+86 13800000000');
    expect(accountText({ ...phone, area_code: null })).toBe('13800000000');
  });
  it('falls back to the account as the server wrote it', () => {
    expect(accountText(member({ email: null, phone: null, account: 'legacy' }))).toBe('legacy');
  });
});

describe('invitationStateTag', () => {
  it.each([
    [0, 'pending', 'processing'],
    [1, 'accepted', 'success'],
    [2, 'rejected', 'error'],
    [3, 'cancelled', 'default'],
    [4, 'voided', 'warning'],
  ] as const)('state %i is %s', (state, name, color) => {
    expect(invitationStateTag({ state, void_reason: null })).toEqual({ name, color, reasonKey: undefined });
  });

  it('gives a void invitation the text of its reason, in every language key', () => {
    for (const reason of [
      'expired',
      'inviter_left',
      'accepted_elsewhere',
      'replaced',
      'role_deleted',
    ] as const) {
      const tag = invitationStateTag({ state: 4, void_reason: reason });
      expect(tag.reasonKey).toBe(`invitation.voidReason.${reason}`);
      expect(text(tag.reasonKey!)).not.toBe('');
    }
  });

  it('shows no reason for a decided invitation that is not void', () => {
    expect(invitationStateTag({ state: 2, void_reason: 'expired' }).reasonKey).toBeUndefined();
  });

  it('lets only pending invitations be withdrawn', () => {
    expect([0, 1, 2, 3, 4].map((state) => canCancelInvitation({ state: state as 0 }))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('access reasons', () => {
  const group = { group_id: 4, group_name: 'Line 2' };
  it.each([
    [{ kind: 'main' }, 'Main account: sees the whole team'],
    [{ kind: 'role_device' }, 'The role grants this device'],
    [{ kind: 'role_group', ...group }, 'The role grants group Line 2'],
    [{ kind: 'member_device', source: 'admin' }, 'Granted to this member by an administrator'],
    [{ kind: 'member_device', source: 'creator' }, 'They added this device themselves'],
    [
      { kind: 'member_group', ...group, source: 'admin' },
      'Group Line 2 granted to this member by an administrator',
    ],
    [{ kind: 'member_group', ...group, source: 'creator' }, 'Group Line 2 was created by them'],
  ] as [AccessReason, string][])('%o reads %s', (reason, expected) => {
    const { key, params } = accessReasonKey(reason);
    expect(text(key, params)).toBe(expected);
  });

  it('lists role grants before the member’s own and drops repeated lines', () => {
    const via: AccessReason[] = [
      { kind: 'member_device', source: 'creator' },
      { kind: 'role_group', group_id: 1, group_name: 'A' },
      { kind: 'role_device' },
      { kind: 'role_device' },
    ];
    expect(accessReasonLines(via, text)).toEqual([
      'The role grants this device',
      'The role grants group A',
      'They added this device themselves',
    ]);
  });
});

describe('operateState', () => {
  it('says who may operate and what blocks the others', () => {
    expect(operateState({ can_operate: true, blocked_by: null }).state).toBe('yes');
    expect(operateState({ can_operate: false, blocked_by: 'zone' }).state).toBe('zone');
    expect(operateState({ can_operate: false, blocked_by: 'permission' }).state).toBe('permission');
  });
});

describe('roleChoices', () => {
  it('offers the listed roles when the caller may list them', () => {
    expect(roleChoices([{ id: 2, name: 'B' }], [{ id: 9, name: 'Z' }])).toEqual([{ id: 2, name: 'B' }]);
  });
  it('otherwise offers the roles it knows, once each, by name, without the main account’s none', () => {
    expect(
      roleChoices(undefined, [
        { id: 3, name: 'Operator' },
        null,
        undefined,
        { id: null, name: null },
        { id: 2, name: 'Engineer' },
        { id: 3, name: 'Operator' },
      ]),
    ).toEqual([
      { id: 2, name: 'Engineer' },
      { id: 3, name: 'Operator' },
    ]);
  });
});

describe('inviteBody', () => {
  it('sends an email trimmed, without an area code', () => {
    expect(inviteBody('email', { account: ' a@b.co ', area_code: '+86', role_id: 2 })).toEqual({
      account: 'a@b.co',
      role_id: 2,
    });
  });
  it('sends a mobile number with its area code', () => {
    expect(inviteBody('phone', { account: '13800000000 ', area_code: '+86', role_id: 2 })).toEqual({
      account: '13800000000',
      area_code: '+86',
      role_id: 2,
    });
  });
});

describe('membersTab', () => {
  it('opens the invitations tab only when the URL says so', () => {
    expect(membersTab('invitations')).toBe('invitations');
    expect(membersTab(null)).toBe('members');
    expect(membersTab('other')).toBe('members');
  });
});
