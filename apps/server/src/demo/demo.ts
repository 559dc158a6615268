import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { demoBanner } from './demo-banner.ts';
import { DEMO_SPARKPLUG, startDemo } from './demo-seed.ts';

/*
 * `npm run demo`: the console on the embedded default with a demo team whose simulated devices
 * are bound, grouped, labelled, on templates and sending values, so a newcomer sees a living
 * console in one command. Same settings as `npm start`, except that DATA_DIR defaults to
 * data/demo (kept between runs; delete it to start over) and LOG_LEVEL to warn (the outbox's
 * mail links are printed all the same: lib/logging.ts operatorLog). DEMO_DEVICES
 * sets the number of simulated devices (default 12); next to them runs one simulated Sparkplug B
 * edge node with two devices (DEMO_SPARKPLUG). Ctrl+C stops the devices and the console.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig({
      ...process.env,
      DATA_DIR: process.env.DATA_DIR || 'data/demo',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.mqttUrl) {
    console.error('npm run demo runs the embedded MQTT broker: unset MQTT_URL');
    process.exit(1);
  }
  const count = Number(process.env.DEMO_DEVICES ?? 12);
  if (!Number.isInteger(count) || count < 1 || count > 500) {
    console.error('DEMO_DEVICES must be an integer from 1 to 500');
    process.exit(1);
  }

  const app = await buildApp(config);
  let stopDevices: () => Promise<void> = async () => undefined;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) console.error(err);
    else console.log(`\n${signal ?? 'stop'}: stopping the simulated devices and the console...`);
    await stopDevices();
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  const address = `http://localhost:${port}`;
  const local = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  console.log(`Seeding the demo team (data in ${config.dataDir})...`);
  const verbose = process.env.DEMO_VERBOSE === 'true';
  const run = await startDemo(app, {
    baseUrl: `http://${local.includes(':') ? `[${local}]` : local}:${port}`,
    devices: count,
    log: verbose ? (line) => console.log(line) : undefined,
  });
  stopDevices = run.stop;

  console.log(
    demoBanner({
      address,
      mqttUrl: app.deviceMqttUrl,
      config,
      devices: run.devices,
      boundNow: run.boundNow,
      ...(run.edgeNode ? { sparkplug: DEMO_SPARKPLUG } : {}),
    }).join('\n'),
  );
}

await main();
