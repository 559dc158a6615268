import {
  RECHARGE_EXPORT_MAX,
  maskCardNumber,
  type RechargeExportQueryParsed,
  type RechargeRecordItem,
  type RechargeRecordQueryParsed,
  type RechargeRecordReply,
} from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { rechargeXlsx } from './recharge.export.ts';

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
    return { list: rows.map(present), total, page: q.page, page_size: q.page_size };
  }

  /** The xlsx and how many records matched (the sheet holds at most RECHARGE_EXPORT_MAX). */
  async export(caller: CurrentUser, q: RechargeExportQueryParsed): Promise<{ body: Buffer; total: number }> {
    const [{ rows, total }, lang] = await Promise.all([
      this.ledger.records(caller.scope, q, { offset: 0, limit: RECHARGE_EXPORT_MAX }),
      this.ledger.userLang(caller.id),
    ]);
    return { body: await rechargeXlsx(rows.map(present), q.tz, lang), total };
  }
}

function present(r: {
  id: number;
  kind: RechargeRecordItem['kind'];
  type: RechargeRecordItem['type'];
  card_id: number;
  card_number: string;
  device_id: number | null;
  device_name: string | null;
  user_id: number | null;
  user_name: string | null;
  detail: string;
  created_at: number;
}): RechargeRecordItem {
  return {
    ...r,
    card_number: maskCardNumber(r.card_number),
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  };
}
