import type { IngestDrops } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The counters of what ingest dropped per device (unknown tags, wrong types, bad payloads,
 * values of locked templates, tags beyond the TAG allocation). */
export class IngestDropsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The drop counters of a device (zeros when nothing was dropped). */
  async ofDevice(deviceId: number): Promise<IngestDrops> {
    const row = await this.db
      .selectFrom('ingest_drops')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return {
      device_id: deviceId,
      unknown_tag: Number(row?.unknown_tag ?? 0),
      wrong_type: Number(row?.wrong_type ?? 0),
      bad_payload: Number(row?.bad_payload ?? 0),
      template_locked: Number(row?.template_locked ?? 0),
      tag_quota: Number(row?.tag_quota ?? 0),
      last_reason: row?.last_reason ?? '',
      last_at: row?.last_at ?? null,
    };
  }
}
