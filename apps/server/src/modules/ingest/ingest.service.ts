import { dataSamples, toSingleLine, type DataSample, type DeviceData } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../plugins/bus.ts';
import type { DeviceLink, DeviceMessage } from '../../plugins/mqtt/device-link.ts';
import type { DropDelta, HistoryStore, HistoryWriter, IngestFrame } from '../history-store/index.ts';
import type { BillingChangedEvent } from '../billing/index.ts';
import type { DeviceTags, DeviceTagsCache } from './device-tags.cache.ts';
import { buildFrames } from './frame-builder.ts';

/**
 * The ingest pipeline: every `data` message of a device is checked against the device's template
 * (unknown tags and values of the wrong type are dropped and counted per device, never stored),
 * turned into history frames (one per sample), written through the history store's batching
 * writer, and only then acknowledged (the handler's promise is the QoS 1 PUBACK). Committed live
 * samples go to the bus for the sockets; backfill (`hist: true`) is stored only. Payloads that
 * fail the protocol schema never reach the handler: the link reports them as `invalid` and they
 * are counted here as bad payloads.
 *
 * Billing (docs/api.md, Billing): a device whose template is locked stores nothing (its values
 * are counted as template_locked); tags beyond its TAG allocation are counted as tag_quota; a
 * sample less than its level's interval away from the last stored one is not stored (nor
 * counted: the level's sampling rate) but still streamed: live values and alarms see every
 * sample of the collected TAGs.
 */
export class IngestService {
  private readonly writer: HistoryWriter;
  /** Team of each device seen by the pipeline (for the bus events). */
  private readonly teamOf = new Map<number, number>();

  constructor(
    /** What each device's data is checked against (its tags, allocation, lock), by SN. */
    readonly cache: DeviceTagsCache,
    private readonly store: HistoryStore,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.writer = store.writer;
  }

  /**
   * Consumes the link's messages and publishes the store's committed live frames; returns a
   * function that detaches. The store must be started first (its writer recovers before any data).
   */
  attach(link: DeviceLink): () => void {
    const off = [
      this.store.onCommitted((frames) => this.publishLive(frames)),
      link.onMessage((m) => this.handle(m)),
      link.on('invalid', (e) => {
        if (e.channel === 'data') this.countBadPayload(e.sn, e.error);
      }),
      this.bus.subscribe('device.binding', (e) => this.bindingChanged(e.sns, e.deviceIds)),
      this.bus.subscribe('billing.changed', (e: BillingChangedEvent) =>
        this.cache.invalidateTeam(e.teamId, e.deviceIds),
      ),
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

  /**
   * A bind or unbind of these devices committed: read them again, and forget their team until
   * then (their next data event names the new one). The `device.binding` event of the change
   * (`BindingWall`) arrives inside the writer's exclusive section: no frame of the old binding
   * is built after it.
   */
  bindingChanged(sns: readonly string[], deviceIds: readonly number[]): void {
    for (const sn of sns) this.cache.invalidate(sn);
    for (const id of deviceIds) this.teamOf.delete(id);
  }

  private ingest(
    device: DeviceTags | null,
    payload: DeviceData,
    receivedAt: number,
  ): Promise<void> | undefined {
    // An SN the broker authenticated but that is gone, or a device bound to no team: what it
    // sends belongs to nobody (acknowledged, neither stored nor counted). What a bound device
    // sends belongs to its binding, backfill of older times too (docs/architecture.md, Bindings).
    if (device === null || device.teamId === null) return undefined;
    this.teamOf.set(device.deviceId, device.teamId);
    let samples = dataSamples(payload);
    if (device.templateLocked) return this.dropLocked(device, samples, receivedAt);
    let liveOnly: IngestFrame[] | undefined;
    if (device.intervalMs) {
      const thinned = this.throttle(device.deviceId, device.intervalMs, samples);
      samples = thinned.kept;
      if (thinned.skipped.length > 0) liveOnly = this.liveOnlyFrames(device, thinned.skipped);
    }
    const built = buildFrames(device, samples);
    if (liveOnly) built.frames = [...built.frames, ...liveOnly].sort((a, b) => a.ts - b.ts);
    if (built.unknownTag === 0 && built.wrongType === 0 && built.tagQuota === 0)
      return this.writer.write(built.frames);
    const drops = new Map<number, DropDelta>([
      [
        device.deviceId,
        {
          unknownTag: built.unknownTag,
          wrongType: built.wrongType,
          badPayload: 0,
          tagQuota: built.tagQuota,
          reason: built.reason,
          at: receivedAt,
        },
      ],
    ]);
    return this.writer.write(built.frames, drops);
  }

  /**
   * The samples to store: those at least `intervalMs` away from the device's last stored one
   * (either way: backfill of older times is thinned the same way). The same timestamp as the last
   * stored sample passes (several samples of one time make one frame; a redelivery is a duplicate
   * the store ignores). `skipped`: the others that are live (not backfill), streamed only.
   */
  private throttle(
    deviceId: number,
    intervalMs: number,
    samples: DataSample[],
  ): { kept: DataSample[]; skipped: DataSample[] } {
    const keptAt = this.cache.keptAt;
    let at = keptAt.get(deviceId);
    let kept: DataSample[] | undefined;
    const skipped: DataSample[] = [];
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      if (at !== undefined && s.ts !== at && Math.abs(s.ts - at) < intervalMs) {
        kept ??= samples.slice(0, i);
        if (s.hist !== true) skipped.push(s);
        continue;
      }
      kept?.push(s);
      at = s.ts;
    }
    if (at !== undefined) keptAt.set(deviceId, at);
    return { kept: kept ?? samples, skipped };
  }

  /**
   * Frames of samples the level's interval keeps out of history: streamed (live values, alarms)
   * and never stored. What they drop is not counted (the stored samples count for the device).
   */
  private liveOnlyFrames(device: DeviceTags, samples: DataSample[]): IngestFrame[] {
    const frames = buildFrames(device, samples).frames;
    for (const f of frames) f.store = false;
    return frames;
  }

  /** A device of a locked template: its values are counted (template_locked), none stored. */
  private dropLocked(device: DeviceTags, samples: readonly DataSample[], at: number): undefined {
    let values = 0;
    for (const s of samples) values += Object.keys(s.v).length;
    this.writer.addDrops(device.deviceId, {
      unknownTag: 0,
      wrongType: 0,
      badPayload: 0,
      templateLocked: values,
      reason: `template_locked: template ${device.templateId} is locked`,
      at,
    });
    return undefined;
  }

  private countBadPayload(sn: string, error: string): void {
    void Promise.resolve(this.cache.get(sn))
      .then((device) => {
        if (device && device.teamId !== null)
          this.writer.addDrops(device.deviceId, {
            unknownTag: 0,
            wrongType: 0,
            badPayload: 1,
            // The reason quotes the device's own JSON keys: stored, so cleaned (PostgreSQL refuses NUL).
            reason: toSingleLine(error.slice(0, 200)),
            at: Date.now(),
          });
      })
      .catch((err: unknown) => this.log.error({ err, sn }, 'counting a bad payload failed'));
  }

  /** The committed live frames, one event per device (the frames themselves, in batch order). */
  private publishLive(frames: IngestFrame[]): void {
    const byDevice = new Map<number, IngestFrame[]>();
    for (const f of frames) {
      if (!f.live) continue;
      const list = byDevice.get(f.deviceId);
      if (list) list.push(f);
      else byDevice.set(f.deviceId, [f]);
    }
    for (const [deviceId, list] of byDevice) {
      const teamId = this.teamOf.get(deviceId);
      if (teamId !== undefined) this.bus.publish('device.data', { deviceId, teamId, frames: list });
    }
  }
}
