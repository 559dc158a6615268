import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Checks on an external broker that this server's persistent session survives its absences
 * (docs/protocol.md section 5): what devices send while the server is away is parked in that
 * session, and a broker that loses it (persistence off and restarted, `persistent_client_expiration`
 * passed, a clean session forced) has dropped messages it acknowledged to devices. Warns:
 * - when a reconnection finds no session: the broker dropped it while the link was down;
 * - when the first connection finds none although this server (its MQTT_CLIENT_ID, the name of its
 *   history writer) ran before: the broker lost it across the restart.
 * Nothing is stopped: the messages are gone either way, and the operator must fix the broker.
 */
export class BrokerSessionCheck {
  private readonly startedAt = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    /** MQTT_CLIENT_ID: the session's name and the history writer's. */
    private readonly clientId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  readonly onSession = (session: { present: boolean; reconnect: boolean }): void => {
    if (session.present) return;
    if (session.reconnect) return this.warn('the broker lost it while the server was disconnected');
    void this.ranBefore()
      .then((before) => {
        if (before) this.warn('the broker lost it while the server was stopped');
        else this.log.info({ clientId: this.clientId }, 'new broker session for this server');
      })
      .catch((err: unknown) => this.log.error({ err }, 'broker session check failed'));
  };

  /** This server's history writer flushed before this start: it ran, and had a session. */
  private async ranBefore(): Promise<boolean> {
    const row = await this.db
      .selectFrom('history_writers')
      .select('flushed_at')
      .where('name', '=', this.clientId)
      .executeTakeFirst();
    return row?.flushed_at != null && Number(row.flushed_at) < this.startedAt;
  }

  private warn(when: string): void {
    this.log.warn(
      { clientId: this.clientId },
      `no persistent session at the broker (${when}): messages it acknowledged to devices meanwhile and parked for this server are lost. Keep sessions across restarts (Mosquitto: persistence true, persistent_client_expiration unset or longer than any outage) and give each server a stable MQTT_CLIENT_ID (docs/protocol.md section 5)`,
    );
  }
}
