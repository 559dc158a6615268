import { ErrorCode, type DeliveryListReply, type NotifyDelivery, type NotifySettings } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import { testMail } from '../../mail/notify-mail-texts.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { RateLimiter, RateRule } from '../verification/index.ts';
import { deliveryError, type DeliveryRepo } from './delivery.repo.ts';

/** The "send test" button: one mail per 30 s and 10 an hour per user (1036 beyond). */
export const TEST_MAIL_RULES: readonly RateRule[] = [
  { max: 1, windowMs: 30_000 },
  { max: 10, windowMs: 3600_000 },
];

/** Notification settings of the caller, the test mail and the delivery log (/msg/notify/*). */
export class NotifyService {
  constructor(
    private readonly repo: DeliveryRepo,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    /** The console's profile page (notification settings), for the test mail's link. */
    private readonly settingsLink: string,
  ) {}

  async settings(user: CurrentUser): Promise<NotifySettings> {
    const me = await this.repo.recipient(user.id);
    if (!me) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    return { mail_levels: me.mailLevels, email: me.email };
  }

  /** Saves the mask of alarm levels mailed to the caller (the address is the account's own). */
  async saveSettings(user: CurrentUser, body: NotifySettings): Promise<NotifySettings> {
    await this.repo.setMailLevels(user.id, body.mail_levels);
    return this.settings(user);
  }

  /**
   * A test mail to the caller through the mailer (outbox or SMTP), logged with its result and
   * returned (a failing transport gives `ok: false` with its error, not a failed call).
   * 1031 when the account has no email, 1036 beyond TEST_MAIL_RULES.
   */
  async sendTest(user: CurrentUser): Promise<NotifyDelivery> {
    const me = await this.repo.recipient(user.id);
    if (!me) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (!me.email) throw new AppError(ErrorCode.E1031_EMAIL_NOT_VERIFIED, { reason: 'no_email' });
    await this.limiter.consume('notify_test', String(user.id), TEST_MAIL_RULES, ErrorCode.E1036_TOO_FREQUENT);
    const { subject, text } = testMail(me.lang, me.mailLevels, this.settingsLink);
    let error: string | null = null;
    try {
      await this.mailer.sendMail({ to: me.email, subject, text });
    } catch (err) {
      error = deliveryError(err);
    }
    return this.repo.insert({
      teamId: me.teamId,
      userId: me.id,
      kind: 'test',
      destination: me.email,
      subject,
      ok: error === null,
      error,
      alarmRecordId: null,
    });
  }

  deliveries(user: CurrentUser, q: { page: number; page_size: number }): Promise<DeliveryListReply> {
    return this.repo.page(user.id, { offset: (q.page - 1) * q.page_size, limit: q.page_size });
  }
}
