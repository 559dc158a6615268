import { parseArgs } from 'node:util';
import { simulatedIdentity } from './identity.ts';
import { startSimulatedDevice, type SimulatedDeviceHandle } from './simulated-device.ts';
import { startSparkplugEdgeNode } from './sparkplug-edge-node.ts';

/*
 * npm run sim -- --devices 50 --kind hmi|gateway --rate 1 --url mqtt://127.0.0.1:1883
 * npm run sim -- --sparkplug --group G --node N --devices 2 (one Sparkplug B edge node)
 * Prints the SN and PIN of each device (to bind them in the console), then runs them until
 * Ctrl+C, which stops every device cleanly (offline state published).
 */
const usage = `Usage: npm run sim -- [options]
  --devices N     number of simulated devices (default 1)
  --kind K        hmi or gateway (default hmi)
  --rate R        data samples per second per device (default 1)
  --url URL       broker (default mqtt://127.0.0.1:\${MQTT_PORT:-1883})
  --seed S        identity seed: same seed, same SNs and PINs (default "sim")
  --start I       index of the first device (default 1)
  --keepalive S   MQTT keepalive in seconds (default 30)
  --vnc-off       the HMIs' VNC server is off: state reports vnc:false and a remote
                  screen (tunnel_open to vnc / port 5900) is refused with 1024
  --quiet         no per-device log lines
  --help

Sparkplug B (one edge node with --devices devices, SN and PIN from --seed and --start):
  --sparkplug     run a Sparkplug B 3.0 edge node instead of devices of our protocol
  --group G       Sparkplug group id (default Sim)
  --node N        edge node id (default Node<start>)
  --metrics M     metrics per device (default 5: Double, Int32, Boolean, UInt64, String)
  --rate R        DDATA per second per device (default 1)`;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1' },
    kind: { type: 'string', default: 'hmi' },
    rate: { type: 'string', default: '1' },
    url: { type: 'string', default: `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? 1883}` },
    seed: { type: 'string', default: 'sim' },
    start: { type: 'string', default: '1' },
    keepalive: { type: 'string', default: '30' },
    'vnc-off': { type: 'boolean', default: false },
    sparkplug: { type: 'boolean', default: false },
    group: { type: 'string', default: 'Sim' },
    node: { type: 'string' },
    metrics: { type: 'string', default: '5' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const count = Number(values.devices);
const rate = Number(values.rate);
const first = Number(values.start);
const keepalive = Number(values.keepalive);
const kind = values.kind;
if (!Number.isInteger(count) || count < 1 || count > 100_000)
  fail('--devices must be an integer from 1 to 100000');
if (!(rate > 0 && rate <= 100)) fail('--rate must be > 0 and <= 100');
if (!Number.isInteger(first) || first < 0 || first + count - 1 > 99_999)
  fail('--start must keep indexes within 0..99999');
if (!Number.isInteger(keepalive) || keepalive < 1 || keepalive > 65_535) fail('--keepalive must be 1..65535');
if (kind !== 'hmi' && kind !== 'gateway') fail('--kind must be hmi or gateway');
const log = values.quiet ? undefined : (line: string) => console.log(`${new Date().toISOString()} ${line}`);
if (values.sparkplug) await runSparkplug();

const identities = Array.from({ length: count }, (_, i) => ({
  index: first + i,
  ...simulatedIdentity(values.seed, first + i, kind),
}));
console.log(
  `${count} simulated ${kind} device(s) -> ${values.url}, ${rate} sample(s)/s each, VNC ${values['vnc-off'] ? 'off' : 'on'}\n`,
);
console.log(`${'#'.padStart(6)}  ${'SN'.padEnd(20)}  PIN`);
for (const id of identities)
  console.log(`${String(id.index).padStart(6)}  ${id.sn.padEnd(20)}  ${id.secret}`);
console.log('');

const devices: SimulatedDeviceHandle[] = [];
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  console.log(`\nstopping ${devices.length} device(s)...`);
  await Promise.allSettled(devices.map((d) => d.stop()));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// Connect in small waves so that a thousand devices do not arrive in the same millisecond.
const WAVE = 25;
let refused = 0;
for (let i = 0; i < identities.length && !stopping; i += WAVE) {
  const wave = identities.slice(i, i + WAVE);
  const results = await Promise.allSettled(
    wave.map((id) =>
      startSimulatedDevice({
        url: values.url,
        sn: id.sn,
        secret: id.secret,
        kind,
        rate,
        keepalive,
        vnc: !values['vnc-off'],
        ...(log ? { log } : {}),
      }),
    ),
  );
  for (const r of results) {
    if (r.status === 'fulfilled') devices.push(r.value);
    else {
      refused++;
      console.error(r.reason instanceof Error ? r.reason.message : r.reason);
    }
  }
  if (i + WAVE < identities.length) await new Promise((r) => setTimeout(r, 100));
}
if (stopping) {
  await Promise.allSettled(devices.map((d) => d.stop()));
} else {
  console.log(`${devices.length} connected, ${refused} refused. Ctrl+C stops them.`);
  if (devices.length === 0) await stopAll(1);
}

/** `--sparkplug`: one edge node whose devices are D1..DN, until Ctrl+C (which publishes its NDEATH). */
async function runSparkplug(): Promise<never> {
  const metrics = Number(values.metrics);
  if (!Number.isInteger(metrics) || metrics < 1 || metrics > 10_000) fail('--metrics must be 1..10000');
  if (count > 1_000) fail('--devices must be 1..1000 with --sparkplug');
  const { sn, secret } = simulatedIdentity(values.seed, first, 'gateway');
  const groupId = values.group;
  const edgeNodeId = values.node ?? `Node${first}`;
  const deviceIds = Array.from({ length: count }, (_, i) => `D${i + 1}`);
  console.log(
    `Sparkplug B edge node ${groupId}/${edgeNodeId} -> ${values.url}, ${count} device(s) of ${metrics} metric(s), ${rate} DDATA/s each\n`,
  );
  console.log(`  node    ${sn.padEnd(24)}  PIN ${secret}`);
  for (const d of deviceIds)
    console.log(`  ${d.padEnd(6)}  ${`${sn}-${d}`.padEnd(24)}  (bind with the node's PIN)`);
  console.log('');
  let node;
  try {
    node = await startSparkplugEdgeNode({
      url: values.url,
      sn,
      secret,
      groupId,
      edgeNodeId,
      devices: deviceIds,
      rate: 1000 / rate,
      metricsPerDevice: metrics,
      keepalive,
      ...(log ? { log } : {}),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  console.log('connected and born. Ctrl+C stops it.');
  const stop = async () => {
    await node.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return new Promise<never>(() => undefined);
}
