import type { Bus } from '../../plugins/bus.ts';
import type { LastValue } from './history-aggregates.ts';
import type { DeviceDataEvent } from './data-frame.ts';

interface Seen extends LastValue {
  seenAt: number;
}

/**
 * The newest values other servers committed, as their 'device.data' events brought them
 * (several servers: docs/architecture.md, "Scale-out"). A server's history memory holds only what
 * it ingested until its next rollup flush writes tag_last_values; without this, a socket or a
 * tag write on another server would read an older value for up to a flush interval. Kept only as
 * long as the other server may hold the value unflushed (`ttlMs`: two flush intervals and a
 * margin), then read from the table like everything older; a device whose binding changes is
 * forgotten at once.
 */
export class RemoteLastValues {
  private readonly byDevice = new Map<number, Map<number, Seen>>();
  private timer: NodeJS.Timeout | null = null;
  private detach: (() => void)[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.detach = [
      this.bus.subscribe('device.data', (e) => this.fold(e), 'others'),
      this.bus.subscribe('device.binding', (e) => e.deviceIds.forEach((id) => this.byDevice.delete(id))),
    ];
    this.timer = setInterval(() => this.sweep(), this.ttlMs);
    this.timer.unref();
  }

  stop(): void {
    this.detach.forEach((f) => f());
    this.detach = [];
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.byDevice.clear();
  }

  fold(e: DeviceDataEvent): void {
    let tags = this.byDevice.get(e.deviceId);
    if (!tags) this.byDevice.set(e.deviceId, (tags = new Map()));
    const seenAt = this.now();
    for (const f of e.frames) {
      for (let i = 0; i < f.ids.length; i++) {
        const tagId = f.ids[i]!;
        const old = tags.get(tagId);
        if (old !== undefined && old.ts >= f.ts) continue;
        tags.set(tagId, { ts: f.ts, num: f.nums[i]!, txt: f.txts === null ? null : f.txts[i]!, seenAt });
      }
    }
  }

  /** The device's values seen within the time another server may hold them unflushed. */
  lastValues(deviceId: number): Map<number, LastValue> {
    const out = new Map<number, LastValue>();
    const tags = this.byDevice.get(deviceId);
    if (!tags) return out;
    const since = this.now() - this.ttlMs;
    for (const [tagId, v] of tags)
      if (v.seenAt >= since) out.set(tagId, { ts: v.ts, num: v.num, txt: v.txt });
    return out;
  }

  private sweep(): void {
    const since = this.now() - this.ttlMs;
    for (const [deviceId, tags] of this.byDevice) {
      for (const [tagId, v] of tags) if (v.seenAt < since) tags.delete(tagId);
      if (tags.size === 0) this.byDevice.delete(deviceId);
    }
  }
}
