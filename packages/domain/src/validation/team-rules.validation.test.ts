import { describe, expect, it } from 'vitest';
import { Limits } from '../constants/limits.constants.ts';
import { InvitationOutcome } from '../constants/states.constants.ts';
import { Perm } from '../permissions/permission-ids.ts';
import {
  invitationStateAt,
  validateRolePermissions,
  type StoredInvitationState,
} from './team-rules.validation.ts';

const keyOf = (r: { ok: boolean; key?: string; params?: object }) => (r.ok ? null : [r.key, r.params]);

describe('validateRolePermissions', () => {
  it.each([
    [[], 'eu', null],
    [[Perm.DeviceView, Perm.UserInvite, Perm.SafeZoneAdd], 'cn', null],
    [[Perm.AccountView], 'eu', null],
    [[Perm.DeviceView, Perm.AccountView], 'cn', ['validation.rolePermissions.unknown', { id: 17 }]],
    [[Perm.MsgBillingView], 'cn', ['validation.rolePermissions.unknown', { id: 23 }]],
    [[Perm.Unnamed45], 'eu', ['validation.rolePermissions.unknown', { id: 45 }]],
    [[999], 'eu', ['validation.rolePermissions.unknown', { id: 999 }]],
  ] as const)('%j in %s -> %j', (ids, region, expected) => {
    expect(keyOf(validateRolePermissions(ids, region))).toEqual(expected);
  });
});

describe('invitationStateAt', () => {
  const created = 1_000_000;
  const expiry = Limits.invitationExpiryMs;
  it('the expiry is 7 days', () => expect(expiry).toBe(7 * 24 * 3600 * 1000));
  it.each([
    ['pending', null, created, InvitationOutcome.Pending, null],
    ['pending', null, created + expiry - 1, InvitationOutcome.Pending, null],
    ['pending', null, created + expiry, InvitationOutcome.Voided, 'expired'],
    ['accepted', null, created + 2 * expiry, InvitationOutcome.Accepted, null],
    ['rejected', null, created + 2 * expiry, InvitationOutcome.Rejected, null],
    ['cancelled', null, created, InvitationOutcome.Cancelled, null],
    ['voided', 'inviter_left', created, InvitationOutcome.Voided, 'inviter_left'],
  ] as const)('%s (%s) read at +%d -> %d %s', (state, reason, now, outcome, voidReason) => {
    const r = invitationStateAt(
      { state: state as StoredInvitationState, void_reason: reason, created_at: created },
      now,
    );
    expect([r.state, r.void_reason]).toEqual([outcome, voidReason]);
  });
});
