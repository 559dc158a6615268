import type { Config } from '../config.ts';
import { mailDestination } from '../lib/start-banner.ts';
import { DEMO_ACCOUNT, type DemoDevice } from './demo-seed.ts';

export interface DemoBannerInput {
  /** Where to open the console, e.g. http://localhost:8080. */
  address: string;
  /** Where devices connect (the embedded broker). */
  mqttUrl: string;
  config: Pick<Config, 'dataDir' | 'smtpUrl'>;
  devices: readonly DemoDevice[];
  boundNow: number;
  /** The Sparkplug B edge node whose devices are among `devices` (those with a `sparkplugId`). */
  sparkplug?: { sn: string; secret: string; groupId: string; edgeNodeId: string };
}

/**
 * What `npm run demo` prints once its devices are online: the devices with their SN and PIN, the
 * Sparkplug B edge node whose devices are among them, then where to open the console and sign
 * in, where devices connect, where mail goes (the outbox directory, or the SMTP host without its
 * credentials) and where the data stays.
 */
export function demoBanner(o: DemoBannerInput): string[] {
  const sn = Math.max(20, ...o.devices.map((d) => d.sn.length));
  const lines = [
    '',
    `${o.devices.length} simulated devices online and synced (${o.boundNow} bound now):`,
    `  ${'name'.padEnd(18)} ${'SN'.padEnd(sn)} ${'PIN'.padEnd(9)} ${'group'.padEnd(8)} template`,
  ];
  for (const d of o.devices)
    lines.push(
      `  ${d.name.padEnd(18)} ${d.sn.padEnd(sn)} ${d.pin.padEnd(9)} ${d.group.padEnd(8)} ${d.template}`,
    );
  const spb = o.sparkplug;
  if (spb) {
    const ids = o.devices.flatMap((d) => (d.sparkplugId === undefined ? [] : [d.sparkplugId]));
    lines.push(
      '',
      `Sparkplug B edge node ${spb.groupId}/${spb.edgeNodeId}: SN ${spb.sn}, PIN ${spb.secret}`,
      `  its devices ${ids.join(', ')} are ${spb.sn}-{device id} above, bound with the node's PIN,`,
      `  on templates generated from their births (another: npm run sim -- --url ${o.mqttUrl} --sparkplug --devices 2)`,
    );
  }
  lines.push(
    '',
    `HMI Cloud Console demo: ${o.address}`,
    `  sign in with  ${DEMO_ACCOUNT.email}  /  ${DEMO_ACCOUNT.password}`,
    `  devices connect to ${o.mqttUrl} (add more: npm run sim -- --url ${o.mqttUrl} --devices 5)`,
    `  mail goes to ${mailDestination(o.config)}`,
    `  Ctrl+C stops the devices and the console; the data stays in ${o.config.dataDir}.`,
  );
  return lines;
}
