import { CardStatus, Limits, TagLevels, type CardTypesReply, type MyAccountReply } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { cardStatus, presentCard } from './billing.presenter.ts';
import type { CardRepo } from './card.repo.ts';

/** How many templates a team has (the template module's TemplateService). */
export interface TemplateCounts {
  countOf(teamId: number): Promise<number>;
}

const CARD_TYPES: CardTypesReply = {
  list: [
    {
      type: 'ca',
      name_key: 'billing:cardType.ca',
      quota_fields: ['templates', 'tags', 'level'],
      validity_years: Limits.cardValidityYears,
    },
    {
      type: 'ra',
      name_key: 'billing:cardType.ra',
      quota_fields: ['gigabytes'],
      validity_years: Limits.cardValidityYears,
    },
  ],
};

/**
 * The team's billing account (/billing/myAccount): its quotas as its cards make them, read at the
 * time of the call (a card that expired stops counting without anything running). The template
 * allowance is teams.template_max_num (1, unless an operator raised it) plus the templates of the
 * team's active CA cards: template_max_num of getUserInfo and the 1033 limit of template
 * creation read it here (TemplateQuota).
 */
export class BillingAccountService {
  constructor(
    private readonly cards: CardRepo,
    private readonly ledger: BillingLedgerRepo,
    /** The team's template count (a read of the template catalogue, not its service: that one reads the allowance here). */
    private readonly templateCounts: TemplateCounts,
    private readonly now: () => number = Date.now,
  ) {}

  cardTypes(): CardTypesReply {
    return CARD_TYPES;
  }

  /** Templates the team may have now: its base allowance plus its active CA cards'. */
  async templateMax(teamId: number, db?: Kysely<Database> | Transaction<Database>): Promise<number> {
    const [base, cards] = await Promise.all([
      this.cards.baseTemplates(teamId, db),
      this.cards.activeTemplates(teamId, this.now(), db),
    ]);
    return base + cards;
  }

  /** The teams holding activated cards. */
  teamsWithCards(): Promise<number[]> {
    return this.cards.teamsWithCards();
  }

  async myAccount(caller: CurrentUser): Promise<MyAccountReply> {
    const now = this.now();
    const [rows, allocated, base, templateCount] = await Promise.all([
      this.cards.teamCards(caller.teamId),
      this.ledger.allocatedByCard(caller.teamId),
      this.cards.baseTemplates(caller.teamId),
      this.templateCounts.countOf(caller.teamId),
    ]);
    const active = rows.filter((c) => c.type === 'ca' && cardStatus(c, now) === CardStatus.Active);
    const tags = TagLevels.map(({ level }) => {
      const cards = active.filter((c) => c.level === level);
      return {
        level,
        total: cards.reduce((n, c) => n + c.tags, 0),
        used: cards.reduce((n, c) => n + (allocated.get(c.id) ?? 0), 0),
      };
    });
    const totalTemplates = base + active.reduce((n, c) => n + c.templates, 0);
    // When a card expires, the allowance loses its templates and those of every card expiring
    // no later; the templates beyond what is left lock (most recently created first, later part).
    const expiry_preview = [...active]
      .sort((a, b) => a.expires_at! - b.expires_at! || a.id - b.id)
      .map((card) => {
        const left =
          base + active.filter((c) => c.expires_at! > card.expires_at!).reduce((n, c) => n + c.templates, 0);
        return {
          card_id: card.id,
          expires_at: card.expires_at!,
          templates_over: Math.max(0, templateCount - left),
        };
      });
    return {
      templates: { used: templateCount, total: totalTemplates },
      tags,
      cards: rows.map((c) => presentCard(c, allocated.get(c.id) ?? 0, now)),
      expiry_preview,
    };
  }
}
