import type { PrincipalLoader } from '../lib/current-user.ts';
import type { DeviceQuotaService } from '../modules/billing/index.ts';
import { BoardRepo } from '../modules/board/board.repo.ts';
import { BoardService } from '../modules/board/board.service.ts';
import { CommandTracker } from '../modules/commands/command-tracker.ts';
import type { Catalogue } from '../modules/device/index.ts';
import type { HistoryStore } from '../modules/history-store/index.ts';
import { HistoryRepo } from '../modules/history/history.repo.ts';
import { HistoryService } from '../modules/history/history.service.ts';
import { DeviceTagsCache } from '../modules/ingest/device-tags.cache.ts';
import { IngestService } from '../modules/ingest/ingest.service.ts';
import { DeviceActs } from '../modules/live/device-acts.ts';
import { LiveHub } from '../modules/live/live-hub.ts';
import type { ShareViewerReads } from '../modules/live/live-shares.ts';
import { LiveRepo } from '../modules/live/live.repo.ts';
import { SettagRepo } from '../modules/settag/settag.repo.ts';
import { SettagService } from '../modules/settag/settag.service.ts';
import type { OperatePolicy } from '../modules/zone/index.ts';
import type { DeviceLink } from '../plugins/mqtt/device-link.ts';
import { attached, type Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

export interface LiveNeeds {
  catalogue: Catalogue;
  deviceLink: DeviceLink;
  historyStore: HistoryStore;
  /** TAG allocation, sampling level and template locks (billing). */
  deviceQuotas: DeviceQuotaService;
  /** Operating a device (writing a tag) needs its zone. */
  /** Who may write a tag (the zone module's operate policy). */
  operate: OperatePolicy;
  /** Reloads a caller (the session module's PrincipalService.reload): the device data sockets. */
  reload: PrincipalLoader;
  /** Share links' viewers on the device data sockets (the project share module's ShareViewerService). */
  shares: ShareViewerReads;
}

/**
 * Live data: ingest from the device link into the history store, commands and tag writes to
 * devices, the device acts, the device data sockets, history reads and the data board.
 */
export function composeLive({ db, config, bus, log }: Infrastructure, needs: LiveNeeds) {
  const { deviceLink, historyStore, catalogue } = needs;
  const cache = new DeviceTagsCache(catalogue, undefined, undefined, needs.deviceQuotas);
  const ingest = new IngestService(cache, historyStore, bus, log);
  const commands = new CommandTracker(deviceLink, bus);
  const deviceActs = new DeviceActs(catalogue, bus, log);
  const live = new LiveRepo(catalogue, historyStore);
  const liveHub = new LiveHub(live, bus, config.live, needs.reload, log, needs.shares);
  return {
    services: {
      history: new HistoryService(new HistoryRepo(catalogue), historyStore),
      ingest,
      commands,
      settag: new SettagService(
        new SettagRepo(catalogue),
        historyStore.lastValues,
        historyStore.tagWrites,
        commands,
        bus,
        config.settagTimeoutMs,
        needs.operate,
        needs.deviceQuotas,
      ),
      live,
      liveHub,
      board: new BoardService(new BoardRepo(db), catalogue.tags, historyStore.lastValues),
    },
    /** In start order, after the history store: ingest, commands, acts, then the data sockets. */
    runtime: [
      attached(() => ingest.attach(deviceLink)),
      attached(() => commands.attach()),
      attached(() => deviceActs.attach(deviceLink)),
      { start: () => liveHub.start(), closing: () => liveHub.stop(), stop: () => undefined },
    ] satisfies Runnable[],
  };
}

export type Live = ReturnType<typeof composeLive>;
