import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { Perm, type InvitationCheckReply } from '@hmi/domain';
import team from '../../i18n/en-us/team.json';
import { blockerText, invitationConfirmModel, permissionGroupsOf, teamCardModel } from './team-content.ts';

vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

beforeAll(async () => {
  await i18n.init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { team } },
    interpolation: { escapeValue: false },
  });
});

const check = (over: Partial<InvitationCheckReply> = {}): InvitationCheckReply => ({
  invitation: {
    id: 5,
    team_id: 9,
    team_name: 'Plant North',
    inviter_name: 'Ann',
    role_name: 'Operator',
    state: 0,
    void_reason: null,
    created_at: 1,
    expires_at: 2,
    decided_at: null,
    title: 'Invitation',
    body: 'Ann invites you',
  },
  role_permissions: [],
  can_accept: true,
  blockers: [],
  leaves_own_team: true,
  billing_cards_stay: true,
  top_up_cards_carry_over: false,
  voids_other_invitations: 0,
  ...over,
});

describe('teamCardModel', () => {
  it('main account: owner, all zones, cannot leave', () => {
    expect(
      teamCardModel({ team_name: 'Acme', is_main: true, role: null, zones: [{ id: 1, name: 'A' }] }),
    ).toEqual({
      teamName: 'Acme',
      role: { kind: 'owner' },
      zones: { kind: 'all' },
      canLeave: false,
    });
  });

  it('member: its role and zones, may leave; no zone and no role read as such', () => {
    const zones = [
      { id: 1, name: 'Hall1' },
      { id: 2, name: 'Hall2' },
    ];
    expect(teamCardModel({ team_name: 'Acme', is_main: false, role: { id: 3, name: 'Ops' }, zones })).toEqual(
      {
        teamName: 'Acme',
        role: { kind: 'role', name: 'Ops' },
        zones: { kind: 'some', names: ['Hall1', 'Hall2'] },
        canLeave: true,
      },
    );
    expect(teamCardModel({ team_name: 'Acme', is_main: false, role: null, zones: [] })).toMatchObject({
      role: { kind: 'none' },
      zones: { kind: 'none' },
      canLeave: true,
    });
  });
});

describe('permissionGroupsOf', () => {
  it('maps ids to their groups, in the role editor’s order, once each', () => {
    expect(
      permissionGroupsOf([
        Perm.RoleView,
        Perm.DeviceMonitor,
        Perm.DeviceView,
        Perm.DashboardView,
        Perm.SafeZoneEdit,
      ]),
    ).toEqual(['operations', 'devicelist', 'role', 'safeZone']);
    expect(
      permissionGroupsOf([Perm.DeviceAlarm, Perm.TemplateCopy, Perm.GroupDataPm, Perm.UserInvite]),
    ).toEqual(['devicelist', 'templatelist', 'devicegroup', 'user']);
  });

  it('ignores ids of no group (45) and gives nothing for no permission', () => {
    expect(permissionGroupsOf([Perm.Unnamed45])).toEqual([]);
    expect(permissionGroupsOf([])).toEqual([]);
  });
});

describe('blockerText', () => {
  it('own devices and templates are counted, plural-aware', () => {
    expect(blockerText(i18n, { code: 1053, count: 1 })).toBe(
      'You still own 1 device: unbind or delete it first.',
    );
    expect(blockerText(i18n, { code: 1053, count: 3 })).toBe(
      'You still own 3 devices: unbind or delete them first.',
    );
    expect(blockerText(i18n, { code: 1054, count: 2 })).toBe('You still own 2 templates: delete them first.');
  });

  it('state codes and team codes have their own texts; an unknown code its error text, never the raw code', () => {
    expect(blockerText(i18n, { code: 1069, count: 0 })).toBe(
      'You are already a member of another team, or your own team has members.',
    );
    expect(blockerText(i18n, { code: 1073, count: 0 })).toBe('The person who invited you has left the team.');
    expect(blockerText(i18n, { code: 1082, count: 0 })).toBe('This invitation is no longer valid.');
    expect(blockerText(i18n, { code: 1099, count: 0 })).toBe('E1099');
  });
});

describe('invitationConfirmModel', () => {
  it('says team, role, groups, voided invitations and billing; OK allowed without blockers', () => {
    const m = invitationConfirmModel(
      i18n,
      check({
        role_permissions: [Perm.DeviceView, Perm.DeviceMonitor, Perm.TemplateView],
        voids_other_invitations: 2,
      }),
    );
    expect(m).toEqual({
      teamName: 'Plant North',
      roleName: 'Operator',
      groups: ['devicelist', 'templatelist'],
      voids: 2,
      leavesOwnTeam: true,
      billingCardsStay: true,
      topUpCardsCarryOver: false,
      blockers: [],
      canAccept: true,
    });
  });

  it('lists the blockers as texts and disables OK', () => {
    const m = invitationConfirmModel(
      i18n,
      check({
        can_accept: false,
        blockers: [
          { code: 1053, count: 4 },
          { code: 1054, count: 1 },
        ],
      }),
    );
    expect(m.blockers).toEqual([
      'You still own 4 devices: unbind or delete them first.',
      'You still own 1 template: delete it first.',
    ]);
    expect(m.canAccept).toBe(false);
  });

  it('a blocker disables OK even if the server said it could accept', () => {
    expect(invitationConfirmModel(i18n, check({ blockers: [{ code: 1073, count: 0 }] })).canAccept).toBe(
      false,
    );
  });
});
