import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { PrincipalLoader } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { Runnable } from '../../plugins/runtime.ts';
import type { CommandTracker } from '../commands/index.ts';
import { DiacomService } from './diacom.service.ts';
import { RemoteRepo } from './remote.repo.ts';
import type { OperatePolicy } from '../zone/index.ts';
import { RemoteService } from './remote.service.ts';
import { TunnelHub, type TrafficMeter } from './tunnel-hub.ts';
import { TunnelStatusBoard } from './tunnel-status.ts';

/**
 * The ws(s):// base devices dial on this server: TUNNEL_PUBLIC_URL; else PUBLIC_URL when set
 * (one server behind a proxy); else the listening address (a wildcard bind becomes 127.0.0.1:
 * devices on other hosts need one of the settings). With several servers each one's
 * TUNNEL_PUBLIC_URL must name that server, not the load balancer.
 */
export function deviceBaseUrl(config: Config, address: AddressInfo | string | null): string {
  if (config.remote.publicUrl) return config.remote.publicUrl;
  if (config.publicUrlExplicit) return config.publicUrl.replace(/^http/, 'ws');
  if (address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `ws://${host}:${address.port}`;
  }
  return `ws://127.0.0.1:${config.port}`;
}

/** Remote access's parts, built once by the composition root. */
export function composeRemote(deps: {
  db: Kysely<Database>;
  config: Config;
  bus: Bus;
  log: FastifyBaseLogger;
  commands: CommandTracker;
  meter: TrafficMeter;
  /** Who may operate or view a device's screen (the zone module's). */
  operate: OperatePolicy;
  /** Reloads a caller (the session module's PrincipalService.reload). */
  reload: PrincipalLoader;
}) {
  const { db, config, bus, log } = deps;
  const repo = new RemoteRepo(db);
  const status = new TunnelStatusBoard(repo, bus);
  const billing = config.billingEnabled;
  const tunnelHub = new TunnelHub(
    repo,
    deps.meter,
    status,
    bus,
    log,
    {
      instance: config.ingest.writerName,
      flushMs: config.remote.flushMs,
      billing,
    },
    deps.commands,
  );
  let address: () => AddressInfo | string | null = () => null;
  const remote = new RemoteService(
    repo,
    tunnelHub,
    status,
    deps.commands,
    deps.meter,
    deps.operate,
    bus,
    {
      maxSessionMs: config.remote.maxSessionMs,
      idleMs: config.remote.idleMs,
      minFirmware: config.remote.minFirmware,
      openTimeoutMs: config.remote.openTimeoutMs,
      billing,
      deviceBase: () => deviceBaseUrl(config, address()),
      maxSessions: config.remote.maxSessions,
    },
    deps.reload,
  );
  const runnable: Runnable = {
    start: () => tunnelHub.start(),
    // Before the server stops answering: end the tunnels, flush their bytes.
    closing: () => tunnelHub.stop(),
    stop: () => undefined,
  };
  return {
    remote,
    diacom: new DiacomService(repo, status),
    tunnelHub,
    runnable,
    /** The routes plugin tells where the server listens (the default device URL). */
    listenAddress: (fn: () => AddressInfo | string | null) => {
      address = fn;
    },
  };
}
