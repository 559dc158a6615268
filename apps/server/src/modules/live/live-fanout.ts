import { frameValue, type DeviceDataEvent } from '../history-store/index.ts';
import { schedule, send, type LiveClient } from './live-client.ts';
import type { DeviceActEvent } from './live.events.ts';

/**
 * The sockets of each device (the devices of their subscriptions) and the fan-out of the bus's
 * `device.data` and `device.act` events to them. The hot path: per value one set lookup and one
 * map write for each socket of the device; no closure, no string key per message.
 */
export class LiveFanout {
  private readonly byDevice = new Map<number, Set<LiveClient>>();

  constructor(private readonly coalesceMs: number) {}

  /** The socket's devices, as its streams name them, reach it from now on. */
  index(client: LiveClient): void {
    for (const id of client.streams.keys()) {
      let set = this.byDevice.get(id);
      if (!set) this.byDevice.set(id, (set = new Set()));
      set.add(client);
    }
  }

  /** Nothing reaches the socket any more (until indexed again). */
  unindex(client: LiveClient): void {
    for (const id of client.streams.keys()) {
      const set = this.byDevice.get(id);
      set?.delete(client);
      if (set?.size === 0) this.byDevice.delete(id);
    }
  }

  data(e: DeviceDataEvent): void {
    const clients = this.byDevice.get(e.deviceId);
    if (!clients) return;
    for (const client of clients) {
      if (client.user.teamId !== e.teamId || !client.canData) continue;
      const stream = client.streams.get(e.deviceId);
      if (!stream || stream.tags.size === 0) continue;
      let added = false;
      for (const f of e.frames) {
        for (let i = 0; i < f.ids.length; i++) {
          const tagId = f.ids[i]!;
          if (!stream.tags.has(tagId)) continue;
          const seen = stream.pending.get(tagId);
          if (seen && seen.ts > f.ts) continue;
          if (!seen) client.pendingCount++;
          stream.pending.set(tagId, {
            device_id: e.deviceId,
            tag_id: tagId,
            ts: f.ts,
            value: frameValue(f, i),
          });
          added = true;
        }
      }
      if (added) schedule(client, this.coalesceMs);
    }
  }

  act(e: DeviceActEvent): void {
    const clients = this.byDevice.get(e.act.device_id);
    if (!clients) return;
    for (const client of clients) {
      if (client.user.teamId === e.teamId) send(client, { type: 'act', ...e.act });
    }
  }
}
