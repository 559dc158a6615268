import {
  RECHARGE_EXPORT_MAX,
  type RechargeExportQueryParsed,
  type RechargeRecordQueryParsed,
  type RechargeRecordReply,
} from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { rechargeXlsx } from './recharge.export.ts';
import { presentRechargeRecord } from './billing.presenter.ts';

/**
 * The recharge records (/billing/rechargeRecord, view 22): the team's ledger of activations,
 * allocations and expiries, newest first, filtered by card type, kind and time; and its xlsx
 * export (the newest RECHARGE_EXPORT_MAX matching rows) with headers in the caller's language.
 * Records are team data: every member with the permission sees the team's whole ledger; a
 * record names its device only for callers whose data scope holds it.
 */
export class RechargeRecordService {
  constructor(private readonly ledger: BillingLedgerRepo) {}

  async list(caller: CurrentUser, q: RechargeRecordQueryParsed): Promise<RechargeRecordReply> {
    const { rows, total } = await this.ledger.records(caller.scope, q, {
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    return { list: rows.map(presentRechargeRecord), total, page: q.page, page_size: q.page_size };
  }

  /** The xlsx and how many records matched (the sheet holds at most RECHARGE_EXPORT_MAX). */
  async export(caller: CurrentUser, q: RechargeExportQueryParsed): Promise<{ body: Buffer; total: number }> {
    const [{ rows, total }, lang] = await Promise.all([
      this.ledger.records(caller.scope, q, { offset: 0, limit: RECHARGE_EXPORT_MAX }),
      this.ledger.userLang(caller.id),
    ]);
    return { body: await rechargeXlsx(rows.map(presentRechargeRecord), q.tz, lang), total };
  }
}
