import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { freePort } from './free-port.ts';

/*
 * A Mosquitto of a test's own on a free port with the dynamic security plugin, its state in a
 * temporary directory: `mosquitto_ctrl dynsec init` writes the plugin's file with one admin
 * (the Debian package's layout; MOSQUITTO_DYNSEC_PLUGIN overrides the plugin's path).
 */

const PLUGIN_PATHS = [
  process.env.MOSQUITTO_DYNSEC_PLUGIN,
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];

export interface DynsecMosquitto {
  port: number;
  url: string;
  admin: { username: string; password: string };
  /** An MQTT.js client of this broker; resolves on CONNACK 0, rejects on a refusal. */
  client(options: IClientOptions): Promise<MqttClient>;
  stop(): Promise<void>;
}

export async function startDynsecMosquitto(): Promise<DynsecMosquitto> {
  const plugin = PLUGIN_PATHS.find((p) => p !== undefined && existsSync(p));
  if (!plugin) throw new Error('mosquitto_dynamic_security.so not found (set MOSQUITTO_DYNSEC_PLUGIN)');
  const dir = await mkdtemp(join(tmpdir(), 'hmi-dynsec-'));
  const admin = { username: 'admin', password: randomBytes(9).toString('base64url') };
  const stateFile = join(dir, 'dynamic-security.json');
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', stateFile, admin.username, admin.password]);
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${stateFile}`,
      // Started as root, Mosquitto would switch to the user `mosquitto`, who cannot read the
      // temporary directory the state file is in.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `mqtt://127.0.0.1:${port}`;
  const client = (options: IClientOptions) =>
    new Promise<MqttClient>((resolve, reject) => {
      const c = connect(url, { reconnectPeriod: 0, connectTimeout: 2000, protocolVersion: 4, ...options });
      c.once('connect', () => resolve(c));
      c.once('error', (err) => {
        c.end(true);
        reject(err);
      });
      c.once('close', () => reject(new Error('connection closed')));
    });
  const stop = async () => {
    child.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      (await client({ username: admin.username, password: admin.password })).end(true);
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`mosquitto with dynsec did not start on ${port}: ${String(err)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { port, url, admin, client, stop };
}

/** Whether a connection with these credentials is accepted (CONNACK 0). */
export async function canConnect(broker: DynsecMosquitto, options: IClientOptions): Promise<boolean> {
  try {
    const c = await broker.client(options);
    await c.endAsync();
    return true;
  } catch {
    return false;
  }
}
