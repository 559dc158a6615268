import { Perm, type MessageCounts } from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { textsFor } from '../../mail/mail-texts.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { MessageRepo } from './message.repo.ts';

/** The message centre (counts and system notices for now; listing comes with the message issue). */
export class MessageService {
  constructor(private readonly repo: MessageRepo) {}

  /** Real counts from the messages table; billing counts only for callers allowed to see billing messages. */
  async counts(user: CurrentUser): Promise<MessageCounts> {
    const counts: MessageCounts = {
      total: { notice: 0, billing: 0, alarm: 0 },
      unread: { notice: 0, billing: 0, alarm: 0 },
    };
    for (const row of await this.repo.countByKind(user.teamId, user.id)) {
      if (row.kind === 'billing' && !user.permissions.has(Perm.MsgBillingView)) continue;
      counts.total[row.kind] = Number(row.total);
      counts.unread[row.kind] = Number(row.unread);
    }
    return counts;
  }

  /** The welcome notice of a newly active account, in its language. */
  welcome(user: { id: number; team_id: number; lang: string }, trx: Transaction<Database>): Promise<void> {
    const { title, body } = textsFor(user.lang).welcome();
    return this.repo.insert({ teamId: user.team_id, userId: user.id, kind: 'notice', title, body }, trx);
  }
}
