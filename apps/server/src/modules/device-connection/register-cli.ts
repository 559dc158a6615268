import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { deviceKindSchema } from '@hmi/domain';
import { loadConfig } from '../../config.ts';
import { parseFactoryCsv } from './factory-csv.ts';
import { registerDevices } from './register-devices.ts';

const USAGE = `Registers devices (serial number + secret) so that they can connect and be bound.

  npm run devices:register -- --sn SN --secret SECRET [--kind hmi|gateway] [--model MODEL]
  npm run devices:register -- --csv factory-list.csv      (lines: sn,secret[,kind,model])

  --replace   set the new secret (and kind, model) of SNs that are already registered
  --sparkplug GROUP_ID/EDGE_NODE_ID
              the SN is that Sparkplug B edge node (needed with MQTT_URL, where the broker does
              not tell the cloud which SN a node is; the embedded broker learns it on first use)

With MQTT_URL and MQTT_DYNSEC_USER/MQTT_DYNSEC_PASSWORD set (Mosquitto with dynamic security),
each device is also created or updated at the broker (username = SN, password = secret). The
database is written first; a device the broker did not take is printed and the exit code is 1:
run the same line again once the broker is back (the same secret, or --replace, pushes it).
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sn: { type: 'string' },
      secret: { type: 'string' },
      kind: { type: 'string' },
      model: { type: 'string' },
      csv: { type: 'string' },
      replace: { type: 'boolean', default: false },
      sparkplug: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (!values.csv && !(values.sn && values.secret))) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const entries = values.csv
    ? parseFactoryCsv(await readFile(values.csv, 'utf8'))
    : [
        {
          sn: values.sn ?? '',
          secret: values.secret ?? '',
          kind: values.kind ? deviceKindSchema.parse(values.kind) : values.sparkplug ? 'gateway' : undefined,
          model: values.model,
        },
      ];

  const node = values.sparkplug?.split('/');
  if (node && (node.length !== 2 || !node[0] || !node[1] || entries.length !== 1)) {
    console.error('--sparkplug takes GROUP_ID/EDGE_NODE_ID, for one --sn');
    process.exitCode = 2;
    return;
  }
  process.exitCode = await registerDevices(
    loadConfig(),
    entries,
    {
      replaceSecret: values.replace,
      ...(node ? { sparkplug: { groupId: node[0]!, edgeNodeId: node[1]! } } : {}),
    },
    { out: (line) => console.log(line), err: (line) => console.error(line) },
  );
}

await main();
