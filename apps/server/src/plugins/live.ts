import websocket from '@fastify/websocket';
import { LiveLimits } from '@hmi/domain';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { CommandTracker } from '../modules/commands/command-tracker.ts';
import { IngestService } from '../modules/ingest/ingest.service.ts';
import { DeviceActs } from '../modules/live/device-acts.ts';
import { LiveHub, type PrincipalLoader } from '../modules/live/live-hub.ts';
import { LiveRepo } from '../modules/live/live.repo.ts';
import { SettagRepo } from '../modules/settag/settag.repo.ts';
import { SettagService } from '../modules/settag/settag.service.ts';
import { toCurrentUser, type CurrentUser } from './auth.ts';

export interface LiveData {
  ingest: IngestService;
  commands: CommandTracker;
  settag: SettagService;
  hub: LiveHub;
  repo: LiveRepo;
  /** The caller of a socket token; null when missing, invalid, expired, or the session ended. */
  authenticate(token: string | undefined): Promise<CurrentUser | null>;
  /** A socket's caller again (session still valid, current permissions and scope); null = signed out. */
  reload: PrincipalLoader;
  /** Deletes history older than the retention now; returns the rows deleted. */
  prune(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveData: LiveData;
  }
}

/**
 * Live data: the ingest pipeline and the command tracker on the device link, the live hub on the
 * bus, the device data socket's WebSocket server, and the history retention job. Registered after
 * the device link and the services; on close it closes the sockets, detaches from the link,
 * commits the pending batch and writes the in-memory rollups before the database closes.
 */
export const liveDataPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { db, bus, deviceLink: link } = app;
    const { tokens, users, historyStore } = app.services;
    const ingest = new IngestService(db, historyStore, bus, app.log);
    const commands = new CommandTracker(link);
    const settag = new SettagService(
      new SettagRepo(db, historyStore),
      historyStore.lastValues,
      historyStore.tagWrites,
      commands,
      bus,
      config.settagTimeoutMs,
    );
    const repo = new LiveRepo(db, historyStore);

    const principal = async (userId: number, sessionId: string): Promise<CurrentUser | null> => {
      const row = await users.findPrincipal(userId, sessionId);
      if (!row || row.status !== 'active' || row.session_revoked_at !== null) return null;
      return toCurrentUser(row, sessionId);
    };
    const authenticate = async (token: string | undefined) => {
      if (!token) return null;
      const claims = await tokens.verify(token).catch(() => null);
      return claims ? principal(claims.userId, claims.sessionId) : null;
    };
    const reload: PrincipalLoader = (u) => principal(u.id, u.sessionId);
    const hub = new LiveHub(repo, bus, config.live, reload, app.log);
    const prune = () => historyStore.prune();

    // The history writer registers and folds what a crash left out of the rollups before any data.
    await historyStore.start();
    if (!app.hasDecorator('websocketServer')) {
      // One WebSocket server for every socket route, and ws has no per-route maxPayload: it
      // admits the largest message of any route, MQTT packets on /mqtt (MQTT_MAX_PACKET_BYTES);
      // the browser sockets refuse more than LiveLimits.maxMessageBytes themselves (1009).
      const maxPayload = Math.max(LiveLimits.maxMessageBytes, config.broker.maxPacketBytes);
      await app.register(websocket, { options: { maxPayload } });
    }
    const detach = [ingest.attach(link), commands.attach(), new DeviceActs(db, bus, app.log).attach(link)];
    hub.start();

    app.decorate('liveData', { ingest, commands, settag, hub, repo, authenticate, reload, prune });
    app.addHook('preClose', async () => hub.stop());
    app.addHook('onClose', async () => {
      detach.forEach((f) => f());
      await historyStore.stop();
    });
  },
  { name: 'live-data', dependencies: ['db', 'device-link', 'bus'] },
);
