import { ErrorCode, type LiveDataItem } from '@hmi/domain';
import type { Config } from '../../config.ts';
import { decodeStoredValue } from '../history-store/index.ts';
import { clearPending, send, type DeviceStream, type LiveClient } from './live-client.ts';
import type { LiveFanout } from './live-fanout.ts';
import type { LiveShares } from './live-shares.ts';
import type { LiveRepo } from './live.repo.ts';
import { changed, devicesOf, streamedTags, type SubscriptionChange } from './subscription.ts';
import type { TeamCounts } from './team-counts.ts';

/**
 * Works a socket's subscription: reads its devices in the caller's data scope (a share viewer's:
 * the devices and tags its project's screens bind) with their tags, checks the team's tag cap,
 * sets what the socket streams, then sends `subscribed` and the last values of the streamed tags.
 */
export class LiveViews {
  constructor(
    private readonly repo: LiveRepo,
    private readonly teams: TeamCounts,
    private readonly fanout: LiveFanout,
    private readonly settings: Config['live'],
    private readonly shares: LiveShares,
  ) {}

  /** Works the change (the fields it leaves out are the socket's current ones). */
  async apply(client: LiveClient, change: SubscriptionChange): Promise<void> {
    const sub = changed(client.sub, change);
    const ids = devicesOf(sub);
    const user = client.user;
    // A share viewer's socket streams only what its project's screens bind.
    const allowed = await this.shares.allowed(client);
    const scope = allowed ? { ...user.scope, devices: new Set(allowed.keys()) } : user.scope;
    const devices = await this.repo.devicesWithTags(scope, ids);
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.suspended || client.user !== user) {
      // Read with a scope that is no longer the user's: kept as the wanted subscription, worked
      // again with the current scope (by the re-check under way, or now).
      client.sub = sub;
      if (!client.suspended) client.requests.refresh();
      return;
    }
    const streams = new Map<number, DeviceStream>();
    const totals = new Map<number, number>();
    let tagCount = 0;
    for (const d of devices) {
      const wanted = streamedTags(sub, d.tagIds, d.id, client.canData);
      const tags = allowed ? wanted.filter((t) => allowed.get(d.id)?.has(t)) : wanted;
      tagCount += tags.length;
      streams.set(d.id, { tags: new Set(tags), pending: new Map() });
      totals.set(d.id, d.tagIds.length);
    }
    const team = this.teams.of(user.teamId);
    if (team.tags - client.tagCount + tagCount > this.settings.maxTagsPerTeam) {
      return send(client, {
        type: 'error',
        code: ErrorCode.E1036_TOO_FREQUENT,
        msg: `the team streams at most ${this.settings.maxTagsPerTeam} tags at once`,
      });
    }
    this.fanout.unindex(client);
    clearPending(client);
    team.tags += tagCount - client.tagCount;
    Object.assign(client, { sub, streams, tagCount });
    this.fanout.index(client);
    send(client, {
      type: 'subscribed',
      page: sub.page,
      page_size: sub.pageSize,
      devices: [...streams].map(([device_id, s]) => ({
        device_id,
        tag_ids: [...s.tags],
        tag_total: totals.get(device_id) ?? 0,
      })),
      refused: ids.filter((id) => !streams.has(id)),
    });
    if (client.canData) await this.sendLastValues(client, streams, sub.page);
  }

  /** The last values of the streamed tags, one `data` frame. */
  private async sendLastValues(
    client: LiveClient,
    streams: ReadonlyMap<number, DeviceStream>,
    page: number,
  ): Promise<void> {
    const items: LiveDataItem[] = [];
    for (const [deviceId, s] of streams) {
      if (s.tags.size === 0) continue;
      for (const row of await this.repo.lastValues(deviceId, [...s.tags])) {
        items.push({
          device_id: deviceId,
          tag_id: row.tag_id,
          ts: row.ts,
          value: decodeStoredValue(row.num, row.txt),
        });
      }
    }
    if (items.length > 0) send(client, { type: 'data', page, items });
  }
}
