import { AccountService, type AccountRegionsPort } from '../modules/account/account.service.ts';
import { InvitationNotices, InvitationService } from '../modules/invitation/index.ts';
import { InvitationLimits } from '../modules/invitation/invitation-limits.ts';
import { InvitationRepo } from '../modules/invitation/invitation.repo.ts';
import { MemberAccessService, MemberService, MembershipService } from '../modules/member/index.ts';
import { MemberAccessRepo } from '../modules/member/member-access.repo.ts';
import { MemberRepo } from '../modules/member/member.repo.ts';
import type { MessageService } from '../modules/messages/message.service.ts';
import { ActivationRepo } from '../modules/registration/activation.repo.ts';
import { RegistrationService } from '../modules/registration/registration.service.ts';
import { DataPickerService, GrantRules, RoleService } from '../modules/role/index.ts';
import { DataPickerRepo } from '../modules/role/data-picker.repo.ts';
import type { DataScopeRepo } from '../modules/role/data-scope.repo.ts';
import type { MemberGrantsRepo } from '../modules/role/member-grants.repo.ts';
import { RoleRepo } from '../modules/role/role.repo.ts';
import type { SessionService } from '../modules/session/session.service.ts';
import type { TemplateService } from '../modules/device/index.ts';
import type { UserService } from '../modules/users/user.service.ts';
import type { RateLimiter } from '../modules/verification/rate-limit.service.ts';
import type { VerificationService } from '../modules/verification/verification.service.ts';
import { OperatePolicy, ZoneService } from '../modules/zone/index.ts';
import { ZoneRepo } from '../modules/zone/zone.repo.ts';
import type { Infrastructure } from './infrastructure.ts';

export interface TeamNeeds {
  users: UserService;
  sessions: SessionService;
  verification: VerificationService;
  limiter: RateLimiter;
  scopes: DataScopeRepo;
  memberGrants: MemberGrantsRepo;
  messages: MessageService;
  /** getUserInfo's template allowance (the account service). */
  templates: TemplateService;
  /** A directory: the account's regions hear of its closure and new data centers. */
  accountRegions: AccountRegionsPort | null;
}

/**
 * Team administration: roles and data permissions, members and invitations (joining and leaving
 * run the other modules' membership hooks in the same transaction: invitations void a leaving
 * inviter's pending ones; billing needs none, cards stay with the activating team), security
 * zones (operating a device needs its zone), registration and the account.
 */
export function composeTeam({ db, config, bus, mailer }: Infrastructure, needs: TeamNeeds) {
  const { scopes, memberGrants, messages, limiter, users, sessions, verification } = needs;
  const roleRepo = new RoleRepo(db);
  const grantRules = new GrantRules(roleRepo, config.region, scopes);
  const roles = new RoleService(db, roleRepo, grantRules, config.region, bus);
  const invitationRepo = new InvitationRepo(db);
  const invitationNotices = new InvitationNotices(invitationRepo, messages);
  const memberRepo = new MemberRepo(db);
  const membership = new MembershipService(db, memberRepo, memberGrants, sessions, bus, config.region, [
    invitationNotices.hooks,
  ]);
  const members = new MemberService(
    db,
    memberRepo,
    roles,
    roleRepo,
    memberGrants,
    grantRules,
    membership,
    messages,
    (teamId, userId) => invitationRepo.isInvited(teamId, userId, Date.now()),
  );
  const limits = new InvitationLimits(limiter, config.invitationLimits);
  const { region, publicUrl } = config;
  const zoneRepo = new ZoneRepo(db);
  return {
    services: {
      roles,
      dataPicker: new DataPickerService(new DataPickerRepo(db), roleRepo, memberGrants),
      members,
      memberAccess: new MemberAccessService(
        new MemberAccessRepo(db),
        members,
        scopes,
        roleRepo,
        memberGrants,
      ),
      invitations: new InvitationService(
        db,
        invitationRepo,
        roles,
        members,
        membership,
        messages,
        mailer,
        region,
        publicUrl,
        limits,
        invitationNotices,
      ),
      zones: new ZoneService(db, zoneRepo, bus),
      // Who may operate or view a device (permission, data scope, zone): settag and remote ask it.
      operatePolicy: new OperatePolicy(zoneRepo),
      registration: new RegistrationService(
        db,
        config,
        users,
        new ActivationRepo(db),
        verification,
        messages,
        limiter,
        mailer,
      ),
      account: new AccountService(
        db,
        config,
        users,
        sessions,
        verification,
        roles,
        needs.templates,
        needs.accountRegions,
      ),
    },
  };
}

export type Team = ReturnType<typeof composeTeam>;
