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
}

/**
 * What `npm run demo` prints once its devices are online: the devices with their SN and PIN,
 * then where to open the console and sign in, where devices connect, where mail goes (the
 * outbox directory, or the SMTP host without its credentials) and where the data stays.
 */
export function demoBanner(o: DemoBannerInput): string[] {
  const lines = [
    '',
    `${o.devices.length} simulated devices online and synced (${o.boundNow} bound now):`,
    `  ${'name'.padEnd(18)} ${'SN'.padEnd(20)} ${'PIN'.padEnd(9)} ${'group'.padEnd(8)} template`,
  ];
  for (const d of o.devices)
    lines.push(
      `  ${d.name.padEnd(18)} ${d.sn.padEnd(20)} ${d.pin.padEnd(9)} ${d.group.padEnd(8)} ${d.template}`,
    );
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
