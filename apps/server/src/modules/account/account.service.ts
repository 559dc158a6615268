import {
  ErrorCode,
  isRegion,
  Limits,
  validateNewPassword,
  validatePassword,
  type UserProfile,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertValid } from '../../lib/validate.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { ClientMeta, SessionService } from '../session/index.ts';
import { parseLoginName, parseValidLoginName, type UserService } from '../users/index.ts';
import type { VerificationService } from '../verification/index.ts';

export interface ProfileEdit {
  name?: string | undefined;
  contact?: string | undefined;
  alias_name?: string | undefined;
  team_name?: string | undefined;
}

export interface ClosureRequest {
  account: string;
  true_name: string;
  data_center: string;
  contact: string;
  passwd: string;
}

const splitList = (list: string) => list.split(',').filter(Boolean);

/** The team's template limit (the template module's TemplateService, which asks billing). */
export interface TemplateLimit {
  templateMax(teamId: number): Promise<number>;
}

/** The caller's role and zones for the profile (the role module's RoleService). */
export interface TeamProfile {
  profileOf(caller: CurrentUser): Promise<Pick<UserProfile, 'role' | 'zones'>>;
}

/** With a directory (REGION_HOSTS): the account's regions hear of its closure and new regions. */
export interface AccountRegionsPort {
  closed(userId: number, at: number): Promise<void>;
  opened(userId: number, region: string): Promise<void>;
}

/** The signed-in user's own account: profile, password, closure, data centers; and password reset. */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly verification: VerificationService,
    private readonly team: TeamProfile,
    private readonly templates: TemplateLimit,
    private readonly regions: AccountRegionsPort | null = null,
  ) {}

  private async load(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    return user;
  }

  /** getUserInfo: the profile fields of SPEC section 3, with the caller's role and zones (issue 13). */
  async profile(caller: CurrentUser): Promise<UserProfile> {
    const [p, team, templateMax] = await Promise.all([
      this.users.profile(caller.id),
      this.team.profileOf(caller),
      this.templates.templateMax(caller.teamId),
    ]);
    if (!p) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    return {
      ...team,
      dbuser_id: p.id,
      data_center: p.data_center,
      name: p.name,
      created_at: p.created_at,
      contact: p.contact,
      alias_name: p.alias_name,
      dgroup_id: p.dgroup_id,
      template_max_num: templateMax,
      template_max_id: p.template_max_id,
      team_name: p.team_name,
      team_id: p.team_id,
      leader_id: p.owner_id ?? p.id,
      is_main: p.is_main === 1,
      member_ext: JSON.parse(p.member_ext) as Record<string, unknown>,
      permissions: [...caller.permissions].sort((a, b) => a - b),
      project_max_id: p.project_max_id,
      diacom: p.diacom === 1 ? 1 : 0,
      peer_regions: this.config.peerRegions,
      billing: this.config.billingEnabled,
    };
  }

  /** editUserInfo: name, contact and alias of the caller; the team name only for the main account (1002). */
  async edit(caller: CurrentUser, edit: ProfileEdit): Promise<void> {
    if (edit.team_name !== undefined && !caller.isMain) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    await this.db.transaction().execute(async (trx) => {
      const fields = {
        ...(edit.name !== undefined && { name: edit.name }),
        ...(edit.contact !== undefined && { contact: edit.contact }),
        ...(edit.alias_name !== undefined && { alias_name: edit.alias_name }),
      };
      if (Object.keys(fields).length > 0) await this.users.update(caller.id, fields, trx);
      if (edit.team_name !== undefined) await this.users.renameTeam(caller.teamId, edit.team_name, trx);
    });
  }

  /**
   * changePwd: the old password must match (1004) and the new one follow the rules and differ
   * (1006). Every session ends, this one included; the caller gets a fresh pair.
   */
  async changePassword(caller: CurrentUser, oldPassword: string, newPassword: string, meta: ClientMeta) {
    const user = await this.load(caller.id);
    if (!(await verifyPassword(user.password_hash, oldPassword)))
      throw new AppError(ErrorCode.E1004_WRONG_PASSWORD);
    assertValid('passwd', validateNewPassword(oldPassword, newPassword));
    await this.users.update(user.id, { password_hash: await hashPassword(newPassword) });
    await this.sessions.endAll(user.id);
    return this.sessions.start(user, meta);
  }

  /** forgetverify: a code to the account's email or phone. 1010 unknown, 1031 email never verified, 1055 closed. */
  async sendResetCode(username: string, lang: string | undefined) {
    const name = parseValidLoginName(username);
    const user = await this.users.findByLoginName(name);
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (user.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (user.status === 'pending') throw new AppError(ErrorCode.E1031_EMAIL_NOT_VERIFIED);
    await this.verification.send(name, 'forget', lang ?? user.lang);
    return { channel: name.kind, expires_in: Limits.verificationCodeTtlMs / 1000 };
  }

  /** modifyPwd: a new password with the code of forgetverify; every session ends. */
  async resetPassword(username: string, code: string, newPassword: string): Promise<void> {
    const name = parseLoginName(username);
    const user = await this.users.findByLoginName(name);
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (user.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    assertValid('passwd', validatePassword(newPassword));
    await this.verification.consume(name, 'forget', code);
    await this.users.update(user.id, { password_hash: await hashPassword(newPassword) });
    await this.sessions.endAll(user.id);
  }

  /**
   * removal: closes the account after checking the password (1004) and that account (email or
   * phone), true_name, data_center and contact are the account's own (1019). Sessions end; the
   * account's still-valid access tokens get 1055 from then on, and so does login.
   */
  async close(caller: CurrentUser, req: ClosureRequest): Promise<void> {
    const user = await this.load(caller.id);
    if (!(await verifyPassword(user.password_hash, req.passwd)))
      throw new AppError(ErrorCode.E1004_WRONG_PASSWORD);
    const account = parseLoginName(req.account);
    const sameAccount =
      account.kind === 'email'
        ? account.email === user.email
        : account.phone === user.phone && account.areaCode === user.area_code;
    const matches =
      sameAccount &&
      req.true_name === user.name &&
      req.contact === user.contact &&
      splitList(user.data_center).includes(req.data_center);
    if (!matches) throw new AppError(ErrorCode.E1019_ACCOUNT_MISMATCH);
    const now = Date.now();
    await this.users.update(user.id, { status: 'closed', closed_at: now });
    await this.regions?.closed(user.id, now);
    await this.sessions.endAll(user.id);
  }

  /**
   * add/datacenter. Sub-accounts: 1105. The region of this process: a no-op; a region in
   * PEER_REGIONS (a directory: REGION_HOSTS) is appended, and a directory provisions the account
   * there at once; any other region has no data of this account: 1104.
   */
  async addDataCenter(caller: CurrentUser, region: string): Promise<{ data_center: string }> {
    if (!caller.isMain) throw new AppError(ErrorCode.E1105_SUBACCOUNT_CANNOT_ADD_DC);
    if (!isRegion(region)) throw new AppError(ErrorCode.E1006_BAD_PARAMETER);
    const user = await this.load(caller.id);
    const current = splitList(user.data_center);
    if (current.includes(region)) return { data_center: user.data_center };
    if (region !== this.config.region && !this.config.peerRegions.includes(region)) {
      throw new AppError(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    }
    const data_center = [...current, region].join(',');
    await this.users.update(user.id, { data_center });
    await this.regions?.opened(user.id, region);
    return { data_center };
  }
}
