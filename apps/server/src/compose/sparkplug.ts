import { GeneratedTemplates } from '../modules/device/index.ts';
import { SparkplugAcl } from '../modules/sparkplug/sparkplug-acl.ts';
import { SparkplugCommands } from '../modules/sparkplug/sparkplug-commands.ts';
import { SparkplugHost } from '../modules/sparkplug/sparkplug-extension.ts';
import { SparkplugSessions } from '../modules/sparkplug/sparkplug-host.ts';
import { SparkplugIdentities } from '../modules/sparkplug/sparkplug-identities.ts';
import { SparkplugTemplates } from '../modules/sparkplug/sparkplug-templates.ts';
import { SparkplugRepo } from '../modules/sparkplug/sparkplug.repo.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { BillingAccountService, TemplateLockService } from '../modules/billing/index.ts';
import type { DeviceStore } from './devices.ts';
import type { Infrastructure } from './infrastructure.ts';

/**
 * The Sparkplug B host application (SPARKPLUG, default on): an extension of the device link, so
 * it must be composed before the link starts; its runnable comes after the link's (it stops
 * first, publishing the host's STATE death while the link still runs).
 */
export function composeSparkplug(
  { db, config, bus, log }: Infrastructure,
  store: DeviceStore,
  billing: { billingAccount: BillingAccountService; templateLocks: TemplateLockService },
): Runnable[] {
  if (!config.sparkplug) return [];
  const link = store.services.deviceLink;
  const repo = new SparkplugRepo(db);
  const identities = new SparkplugIdentities(repo);
  const generated = new GeneratedTemplates(
    db,
    config.region,
    store.templateRepo,
    store.services.deviceConfig,
    store.ruleRepo,
    billing.billingAccount,
    billing.templateLocks,
  );
  const templates = new SparkplugTemplates(store.catalogue, generated, repo, identities, log);
  // Through an external broker every server sees every node: each handles the nodes it owns.
  const owns = link.kind === 'external' ? (id: number) => bus.ownership.owns(id) : () => true;
  const sessions = new SparkplugSessions({ link, identities, repo, templates, log, owns });
  const host = new SparkplugHost({
    link,
    bus,
    acl: new SparkplugAcl(identities),
    sessions,
    commands: new SparkplugCommands(link),
    identities,
    repo,
    templates,
    log,
    hostId: config.sparkplug.hostId,
    owns,
  });
  link.extend(host);
  let detach: (() => void) | undefined;
  return [
    {
      start: () => {
        detach = host.attach();
      },
      stop: async () => {
        await host.stop();
        detach?.();
      },
    },
  ];
}
