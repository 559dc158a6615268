import type { PrincipalLoader } from '../lib/current-user.ts';
import type { CommandTracker } from '../modules/commands/index.ts';
import { deviceBaseUrl } from '../modules/remote/index.ts';
import { DiacomService } from '../modules/remote/diacom.service.ts';
import { RemoteRepo } from '../modules/remote/remote.repo.ts';
import { RemoteService } from '../modules/remote/remote.service.ts';
import type { OperatePolicy } from '../modules/zone/index.ts';
import { TunnelHub, type TrafficMeter } from '../modules/remote/tunnel-hub.ts';
import { TunnelStatusBoard } from '../modules/remote/tunnel-status.ts';
import type { TunnelLocator } from '../modules/remote/tunnel-forward.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

export interface RemoteNeeds {
  commands: CommandTracker;
  /** Remote Access traffic: bytes recorded, canStart asked (billing's traffic ledger). */
  meter: TrafficMeter;
  /** Who may operate or view a device's screen (the zone module's). */
  operate: OperatePolicy;
  /** Reloads a caller (the session module's PrincipalService.reload). */
  reload: PrincipalLoader;
  /** With several servers: where another server's tunnel is (compose/cluster.ts). */
  locateTunnel?: TunnelLocator;
}

/** Remote access: tunnels through the devices' connections, metered in the traffic ledger. */
export function composeRemote({ db, config, bus, log, listenAddress }: Infrastructure, needs: RemoteNeeds) {
  const repo = new RemoteRepo(db);
  const status = new TunnelStatusBoard(repo, bus);
  const billing = config.billingEnabled;
  const tunnelOptions = {
    instance: config.ingest.writerName,
    flushMs: config.remote.flushMs,
    billing,
    locate: needs.locateTunnel,
  };
  const tunnelHub = new TunnelHub(repo, needs.meter, status, bus, log, tunnelOptions, needs.commands);
  const remote = new RemoteService(
    repo,
    tunnelHub,
    status,
    needs.commands,
    needs.meter,
    needs.operate,
    bus,
    {
      maxSessionMs: config.remote.maxSessionMs,
      idleMs: config.remote.idleMs,
      minFirmware: config.remote.minFirmware,
      openTimeoutMs: config.remote.openTimeoutMs,
      billing,
      // The default base devices dial: where this server listens, read when a tunnel opens.
      deviceBase: () => deviceBaseUrl(config, listenAddress()),
      maxSessions: config.remote.maxSessions,
    },
    needs.reload,
  );
  return {
    services: { remote, diacom: new DiacomService(repo, status), tunnelHub },
    /** Tunnels: leftover records ended on start; before the server stops answering every tunnel ends, bytes flushed. */
    runnable: {
      start: () => tunnelHub.start(),
      closing: () => tunnelHub.stop(),
      stop: () => undefined,
    } satisfies Runnable,
  };
}

export type Remote = ReturnType<typeof composeRemote>;
