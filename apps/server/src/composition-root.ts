import type { Config } from './config.ts';
import { composeAccounts } from './compose/accounts.ts';
import { composeAlarms, composeMessages } from './compose/alarms.ts';
import { composeBilling } from './compose/billing.ts';
import { composeCatalogue } from './compose/catalogue.ts';
import { composeCluster } from './compose/cluster.ts';
import { composeDeviceStore } from './compose/devices.ts';
import { composeSparkplug } from './compose/sparkplug.ts';
import type { Infrastructure } from './compose/infrastructure.ts';
import { composeLive } from './compose/live.ts';
import { composeOperations, meteredTraffic } from './compose/operations.ts';
import { composeProjectRuntime, composeProjects, composeRecipes } from './compose/projects.ts';
import { composeProjectSharing } from './compose/project-sharing.ts';
import { composeRemote } from './compose/remote.ts';
import { composeApiKeys } from './compose/api-keys.ts';
import { composeRegions } from './compose/regions.ts';
import { composeTeam } from './compose/team.ts';
import { composeWebhooks } from './compose/webhooks.ts';
import type { Runnable } from './plugins/runtime.ts';

export type { Infrastructure } from './compose/infrastructure.ts';

/**
 * The composition root: every service, repository, hub and engine of the app is built once per
 * app instance (no module-level state) from the infrastructure the plugins opened, by module
 * group (src/compose/<group>.ts). Each group takes what it needs of earlier groups, typed, and
 * returns what it offers, so the order below is the only one that type-checks; nothing is
 * completed after it is built (docs/architecture.md, "Composition"). Nothing here does I/O.
 * `services` is what routes reach as `app.services`; `runtime` lists the parts that run, in start
 * order, for the runtime plugin to start and stop; `deviceMqttUrl` says where devices connect
 * once the link runs.
 */
export function composeApp(infra: Infrastructure) {
  const cluster = composeCluster(infra);
  const accounts = composeAccounts(infra);
  const messages = composeMessages(infra);
  // What this server is among regions: alone, a directory or a region (docs/regions.md).
  const regions = composeRegions(infra, {
    tokens: accounts.composedTokens,
    users: accounts.services.users,
    sessions: accounts.services.sessions,
    messages: messages.services.messages,
  });
  accounts.setPlacement(regions.directory);
  const store = composeDeviceStore(infra);
  const { historyStore, deviceLink } = store.services;
  const billing = composeBilling(infra, {
    templateReads: store.templateReads,
    messages: messages.services.messages,
    limiter: accounts.limiter,
  });
  const projects = composeProjects(infra, {
    catalogue: store.catalogue,
    creators: accounts.creators,
    allowance: billing.services.billingAccount,
  });
  const sharing = composeProjectSharing(infra, {
    projects,
    catalogue: store.catalogue,
    limiter: accounts.limiter,
    principals: accounts.services.principals,
  });
  const catalogue = composeCatalogue(infra, {
    catalogue: store.catalogue,
    creators: accounts.creators,
    limiter: accounts.limiter,
    historyStore,
    deviceConfig: store.services.deviceConfig,
    deviceConnections: store.services.deviceConnections,
    ruleRepo: store.ruleRepo,
    templateRepo: store.templateRepo,
    billingAccount: billing.services.billingAccount,
    templateLocks: billing.services.templateLocks,
    deviceQuotas: billing.services.deviceQuotas,
    deviceReferences: projects.deviceReferences,
  });
  const team = composeTeam(infra, {
    users: accounts.services.users,
    sessions: accounts.services.sessions,
    verification: accounts.verification,
    limiter: accounts.limiter,
    scopes: accounts.services.scopes,
    memberGrants: accounts.memberGrants,
    messages: messages.services.messages,
    templates: catalogue.services.templates,
    accountRegions: regions.directory,
  });
  const apiKeys = composeApiKeys(infra, {
    principals: accounts.services.principals,
    users: accounts.services.users,
    devicesInScope: (scope, ids) => store.catalogue.devicesInScope(scope, ids),
  });
  const reload = accounts.services.principals.reload;
  const live = composeLive(infra, {
    catalogue: store.catalogue,
    deviceLink,
    historyStore,
    deviceQuotas: billing.services.deviceQuotas,
    operate: team.services.operatePolicy,
    reload,
    shares: sharing.services.shareViewers,
  });
  const projectRuntime = composeProjectRuntime(projects, {
    tags: live.services.settag,
    lastValues: historyStore.lastValues,
  });
  const recipes = composeRecipes(infra, projects, { catalogue: store.catalogue, tags: live.services.settag });
  const remote = composeRemote(infra, {
    commands: live.services.commands,
    meter: meteredTraffic(billing.services.trafficLedger, infra.metrics),
    operate: team.services.operatePolicy,
    reload,
    locateTunnel: cluster.locateTunnel,
  });
  const alarms = composeAlarms(infra, {
    alarmRecords: messages.alarmRecords,
    scopes: accounts.services.scopes,
    deviceTags: store.catalogue.tags,
    limiter: accounts.limiter,
    reload,
    partitions: cluster.partitions,
  });
  const webhooks = composeWebhooks(infra, { messages, store, remote });
  const operations = composeOperations(infra, {
    health: accounts.services.health,
    historyStore,
    deviceLink,
    liveHub: live.services.liveHub,
    notifyHub: alarms.services.notifyHub,
    tunnelHub: remote.services.tunnelHub,
  });
  const services = {
    ...accounts.services,
    directory: regions.regions,
    ...apiKeys.services,
    ...messages.services,
    ...store.services,
    ...billing.services,
    ...projects.services,
    ...sharing.services,
    ...catalogue.services,
    ...team.services,
    ...live.services,
    ...projectRuntime.services,
    ...recipes.services,
    ...remote.services,
    ...alarms.services,
    ...webhooks.services,
    ...operations.services,
  };
  /** What runs from start-up to close, in start order (plugins/runtime.ts stops it in reverse). */
  const runtime: Runnable[] = [
    // A directory's first signing key, a region's copy of its directory's keys; the fan-out.
    ...regions.runtime,
    // With several servers: this server's device partitions, before anything evaluates devices.
    ...(cluster.runnable ? [cluster.runnable] : []),
    // Alarm transitions are counted for the metrics from before the first one.
    operations.runnable,
    // The history writer registers and folds what a crash left out of the rollups before any data.
    historyStore,
    ...(store.remoteValues ? [store.remoteValues] : []), // several servers: the values others commit
    // Ingest, commands and acts attach to the device link before it connects.
    ...live.runtime,
    webhooks.runnable,
    // Devices connect (device state attached first) only now that every message handler listens:
    // a message is acknowledged once its handlers are done, so one handled before ingest attached
    // was acknowledged unstored (an external broker hands over what it parked for this server the
    // moment it connects). On close the link stops first, before ingest detaches.
    store.linkRunner,
    ...composeSparkplug(infra, store, billing.services), // a link extension: composed before it starts
    // Reads the open records first; on close lets its queued transitions commit.
    alarms.services.alarmEngine,
    alarms.mailerRunnable,
    billing.notifierRunnable,
    remote.runnable,
    // Its worker thread ends on close.
    sharing.runnable,
    // The notify sockets close first on close.
    alarms.notifyRunnable,
  ];
  return { services, runtime, deviceMqttUrl: () => store.linkRunner.mqttUrl };
}

export type Services = ReturnType<typeof composeApp>['services'];

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}
