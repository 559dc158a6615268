import {
  ErrorCode,
  isRegion,
  Limits,
  resolveLocale,
  validateEmail,
  validatePassword,
  validatePhone,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertValid } from '../../lib/validate.ts';
import { textsFor } from '../../mail/mail-texts.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { MessageService } from '../messages/index.ts';
import { emailName, phoneName, type LoginName, type UserService } from '../users/index.ts';
import type { RateLimiter, RateRule, VerificationService } from '../verification/index.ts';
import type { ActivationRepo } from './activation.repo.ts';

const HOUR = 3600_000;
/** Activation mails per address: one a minute, five a day (1015 beyond). */
const activationMailLimits: readonly RateRule[] = [
  { max: 1, windowMs: 60_000 },
  { max: 5, windowMs: 24 * HOUR },
];

export interface NewAccount {
  username: string;
  passwd: string;
  name?: string | undefined;
  data_center?: string | undefined;
  lang?: string | undefined;
}

export type ActivationResult = typeof ErrorCode.OK | 1020 | 1055;

/** Registration by email (activation link) and by phone (SMS code), activation and resend. */
export class RegistrationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly users: UserService,
    private readonly activations: ActivationRepo,
    private readonly verification: VerificationService,
    private readonly messages: MessageService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
  ) {}

  /**
   * The account's region: this process's region (1078 for another one, 1006 for an unknown one);
   * a directory: any of its regions (REGION_HOSTS), by default its own or its first.
   */
  private dataCenter(requested: string | undefined): string {
    const hosts = this.config.regionHosts;
    const own = !hosts || hosts.has(this.config.region) ? this.config.region : [...hosts.keys()][0]!;
    if (requested === undefined || requested === '' || requested === own) return own;
    if (!isRegion(requested)) throw new AppError(ErrorCode.E1006_BAD_PARAMETER);
    if (hosts?.has(requested)) return requested;
    throw new AppError(ErrorCode.E1078_NOT_THIS_DATA_CENTER);
  }

  /** 1012 when the name is taken (active or closed); 1014 when it waits for activation. */
  private async assertFree(name: LoginName): Promise<void> {
    const existing = await this.users.findByLoginName(name);
    if (existing?.status === 'pending') throw new AppError(ErrorCode.E1014_ACTIVATE_VIA_EMAIL);
    if (existing) throw new AppError(ErrorCode.E1012_USER_EXISTS);
  }

  private async createAccount(name: LoginName, body: NewAccount, status: User['status']): Promise<User> {
    const dataCenter = this.dataCenter(body.data_center);
    const passwordHash = await hashPassword(body.passwd);
    const now = Date.now();
    const display = body.name?.trim() || (name.kind === 'email' ? name.email.split('@')[0]! : name.phone);
    // Two registrations of the same name at once: the unique index decides.
    return onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const user = await this.users.createTeamWithMain(
            { name: display, region: dataCenter },
            {
              email: name.kind === 'email' ? name.email : null,
              phone: name.kind === 'phone' ? name.phone : null,
              area_code: name.kind === 'phone' ? name.areaCode : null,
              name: display,
              password_hash: passwordHash,
              status,
              data_center: dataCenter,
              lang: resolveLocale(body.lang),
              activated_at: status === 'active' ? now : null,
              closed_at: null,
            },
            now,
            trx,
          );
          if (status === 'active') await this.messages.welcome(user, trx);
          return user;
        }),
      () => new AppError(ErrorCode.E1012_USER_EXISTS),
    );
  }

  /** Email registration: a pending account and an activation mail valid 48 hours. */
  async registerByEmail(body: NewAccount): Promise<{ status: 'pending' }> {
    const name = emailName(body.username);
    assertValid('username', validateEmail(name.key));
    assertValid('passwd', validatePassword(body.passwd));
    await this.assertFree(name);
    const user = await this.createAccount(name, body, 'pending');
    await this.sendActivation(user);
    return { status: 'pending' };
  }

  /** Phone registration: needs the code sent by phoneverify; the account is active at once. */
  async registerByPhone(
    body: NewAccount & { area_code: string; code: string },
  ): Promise<{ status: 'active' }> {
    const name = phoneName(body.username, body.area_code);
    if (name.kind === 'phone') assertValid('username', validatePhone(name.phone, name.areaCode));
    assertValid('passwd', validatePassword(body.passwd));
    await this.assertFree(name);
    await this.verification.consume(name, 'register', body.code);
    await this.createAccount(name, body, 'active');
    return { status: 'active' };
  }

  /** Sends a registration code to a phone that has no account yet (1012 if it has one). */
  async sendPhoneCode(phone: string, areaCode: string, purpose: 'register' | 'forget', lang?: string) {
    const name = phoneName(phone, areaCode);
    if (name.kind === 'phone') assertValid('phone', validatePhone(name.phone, name.areaCode));
    const existing = await this.users.findByLoginName(name);
    if (purpose === 'register' && existing) throw new AppError(ErrorCode.E1012_USER_EXISTS);
    if (purpose === 'forget' && !existing) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (existing?.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    await this.verification.send(name, purpose, lang ?? existing?.lang);
    return { expires_in: Limits.verificationCodeTtlMs / 1000 };
  }

  /** Sends the activation mail again: 1010 unknown, 1012 already active, 1055 closed, 1015 limit. */
  async resendActivation(username: string, lang: string | undefined): Promise<void> {
    const user = await this.users.findByLoginName(emailName(username));
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (user.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (user.status === 'active') throw new AppError(ErrorCode.E1012_USER_EXISTS);
    if (lang) await this.users.update(user.id, { lang: resolveLocale(lang) });
    await this.sendActivation({ ...user, lang: lang ? resolveLocale(lang) : user.lang });
  }

  private async sendActivation(user: User): Promise<void> {
    const email = user.email;
    if (!email) throw new AppError(ErrorCode.E1006_BAD_PARAMETER);
    await this.limiter.consume('activation-mail', email, activationMailLimits, ErrorCode.E1015_EMAIL_LIMIT);
    const token = randomToken();
    const now = Date.now();
    const hours = Limits.activationEmailHours;
    await this.activations.insert({
      tokenHash: sha256(token),
      userId: user.id,
      now,
      expiresAt: now + hours * HOUR,
    });
    const link = `${this.config.publicUrl}/v1/global/activate?token=${token}`;
    try {
      await this.mailer.sendMail({ to: email, ...textsFor(user.lang).activation({ link, hours }) });
    } catch (err) {
      throw new AppError(
        ErrorCode.E1013_EMAIL_SEND_FAILED,
        null,
        err instanceof Error ? err.message : undefined,
      );
    }
  }

  /** Activates the account of a link: 0 done (or already done), 1020 unknown or expired, 1055 closed. */
  async activate(token: string): Promise<ActivationResult> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.activations.find(sha256(token), trx);
      if (!row) return ErrorCode.E1020_ACTIVATION_LINK_EXPIRED;
      if (row.status === 'closed') return ErrorCode.E1055_ACCOUNT_CLOSED;
      if (row.status === 'active') return ErrorCode.OK;
      if (row.used_at !== null || row.expires_at <= Date.now())
        return ErrorCode.E1020_ACTIVATION_LINK_EXPIRED;
      const now = Date.now();
      await this.activations.markUsed(row.id, now, trx);
      await this.users.update(row.user_id, { status: 'active', activated_at: now }, trx);
      await this.messages.welcome({ id: row.user_id, team_id: row.team_id, lang: row.lang }, trx);
      return ErrorCode.OK;
    });
  }
}
