import { dataSamples, tagDataTypeName, type DeviceData, type IngestDrops } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import type { Bus, DeviceDataEvent } from '../../plugins/bus.ts';
import type { DeviceLink, DeviceMessage } from '../../plugins/mqtt/device-link.ts';
import { DeviceTagsCache, type DeviceTags } from './device-tags.cache.ts';
import { HistoryWriter, type CommittedRow, type DropDelta, type IngestRow } from './history-writer.ts';
import { encodeTagValue } from './tag-value.codec.ts';

/**
 * The ingest pipeline: every `data` message of a device is checked against the device's template
 * (unknown tags and values of the wrong type are dropped and counted per device, never stored),
 * written through the batching HistoryWriter, and only then acknowledged (the handler's promise
 * is the QoS 1 PUBACK). Committed live samples go to the bus for the sockets; backfill
 * (`hist: true`) is stored only. Payloads that fail the protocol schema never reach the handler:
 * the link reports them as `invalid` and they are counted here as bad payloads.
 */
export class IngestService {
  readonly cache: DeviceTagsCache;
  readonly writer: HistoryWriter;
  /** Team of each device seen by the pipeline (for the bus events). */
  private readonly teamOf = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
    options: Config['ingest'],
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.cache = new DeviceTagsCache(db);
    this.writer = new HistoryWriter(
      db,
      engine,
      options,
      (_all, live) => this.publishLive(live),
      (err) => this.log.error({ err }, 'history batch failed'),
    );
  }

  /** Consumes the link's messages; returns a function that detaches. */
  attach(link: DeviceLink): () => void {
    const off = [
      link.onMessage((m) => this.handle(m)),
      link.on('invalid', (e) => {
        if (e.channel === 'data') this.countBadPayload(e.sn, e.error);
      }),
    ];
    return () => off.forEach((f) => f());
  }

  /** Handles one device message; resolves once its values are committed. */
  handle(message: DeviceMessage): void | Promise<void> {
    switch (message.channel) {
      case 'data': {
        const device = this.cache.get(message.sn);
        if (device instanceof Promise)
          return device.then((d) => this.ingest(d, message.payload, message.receivedAt));
        return this.ingest(device, message.payload, message.receivedAt);
      }
      case 'config/ack':
      case 'state':
        // A new template reaches the device as a config it acknowledges; a (re)connection may
        // follow a rebind. Either way, read the device's tags again.
        this.cache.invalidate(message.sn);
        return;
      default:
        return;
    }
  }

  /** Commits what is pending and stops. */
  stop(): Promise<void> {
    return this.writer.stop();
  }

  /** The drop counters of a device (zeros when nothing was dropped). */
  async drops(deviceId: number): Promise<IngestDrops> {
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
      last_reason: row?.last_reason ?? '',
      last_at: row?.last_at ?? null,
    };
  }

  private ingest(
    device: DeviceTags | null,
    payload: DeviceData,
    receivedAt: number,
  ): Promise<void> | undefined {
    if (!device) return undefined; // an SN the broker authenticated but that is gone: nothing to count against
    const samples = dataSamples(payload);
    const rows: IngestRow[] = [];
    let unknownTag = 0;
    let wrongType = 0;
    let reason = '';
    const { deviceId, types } = device;
    const bound = device.teamId !== null;
    if (device.teamId !== null) this.teamOf.set(deviceId, device.teamId);
    for (const sample of samples) {
      const live = sample.hist !== true;
      const ts = sample.ts;
      const v = sample.v;
      for (const key in v) {
        const tagId = Number(key);
        const type = bound ? types.get(tagId) : undefined;
        if (type === undefined) {
          unknownTag++;
          reason = bound ? `tag ${key}: not in the device's template` : 'device not bound to a team';
          continue;
        }
        const encoded = encodeTagValue(type, v[key]);
        if ('error' in encoded) {
          wrongType++;
          reason = `tag ${key}: ${encoded.error} (${tagDataTypeName(type) ?? type})`;
          continue;
        }
        rows.push({ deviceId, tagId, ts, num: encoded.num, txt: encoded.txt, live });
      }
    }
    if (unknownTag === 0 && wrongType === 0) return this.writer.write(rows);
    const drops = new Map<number, DropDelta>([
      [deviceId, { unknownTag, wrongType, badPayload: 0, reason, at: receivedAt }],
    ]);
    return this.writer.write(rows, drops);
  }

  private countBadPayload(sn: string, error: string): void {
    void Promise.resolve(this.cache.get(sn))
      .then((device) => {
        if (device)
          this.writer.addDrops(device.deviceId, {
            unknownTag: 0,
            wrongType: 0,
            badPayload: 1,
            reason: error.slice(0, 200),
            at: Date.now(),
          });
      })
      .catch((err: unknown) => this.log.error({ err, sn }, 'counting a bad payload failed'));
  }

  private publishLive(rows: CommittedRow[]): void {
    if (rows.length === 0) return;
    const byDevice = new Map<number, DeviceDataEvent['items']>();
    for (const r of rows) {
      let items = byDevice.get(r.deviceId);
      if (!items) byDevice.set(r.deviceId, (items = []));
      items.push({ tagId: r.tagId, ts: r.ts, value: r.txt !== null ? r.txt : r.num });
    }
    for (const [deviceId, items] of byDevice) {
      const teamId = this.teamOf.get(deviceId);
      if (teamId !== undefined) this.bus.publish('device.data', { deviceId, teamId, items });
    }
  }
}
