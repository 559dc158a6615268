import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../lib/free-port.ts';

/*
 * A cluster on this machine (`npm run cluster`, and the suites that kill a server): N console
 * processes on one PostgreSQL schema, a Mosquitto of the cluster's own on a free port (the
 * servers share its devices' messages through one shared subscription, each with a persistent
 * session of its own), and a bus on Redis or NATS. Each server is a real process, so it can be
 * killed with SIGKILL and started again with the same identity (its broker session and data
 * directory), as a supervisor (systemd, Kubernetes) would.
 */

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '../../main.ts');

export interface LocalClusterOptions {
  servers: number;
  /** redis://… or nats://… */
  busUrl: string;
  databaseUrl: string;
  /** Extra settings of every server. */
  env?: Record<string, string>;
  /** Where the servers' output goes (default: discarded). */
  output?: (server: number, line: string) => void;
}

export interface ClusterServer {
  index: number;
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess | null;
}

export interface LocalCluster {
  mqttUrl: string;
  schema: string;
  servers: ClusterServer[];
  /** The settings every server runs with (secrets included): what a new server of this cluster needs. */
  env: Record<string, string>;
  /** Kills a server (SIGKILL: no goodbye to the broker, the bus or the database). */
  kill(index: number): Promise<void>;
  /** Starts a killed server again with the same identity; resolves once it answers. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'hmi-cluster-'));
  const children = new Set<ChildProcess>();
  const output = options.output ?? (() => undefined);

  // The broker: persistent sessions kept in memory, queues unbounded by count (bounded by bytes),
  // as docs/protocol.md asks of a broker in front of the console.
  const mqttPort = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${mqttPort} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'max_queued_bytes 268435456',
      'max_inflight_messages 100',
      '',
    ].join('\n'),
  );
  const broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  children.add(broker);
  const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
  await until(() => portOpen(mqttPort), 10_000, 'mosquitto');

  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: schema,
    MQTT_URL: mqttUrl,
    MQTT_SHARE_GROUP: 'hmi-cluster',
    BUS_URL: options.busUrl,
    BUS_PREFIX: schema,
    JWT_SECRET: randomBytes(24).toString('hex'),
    CARD_PEPPER: randomBytes(24).toString('hex'),
    HOST_BIND: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const servers: ClusterServer[] = [];
  for (let i = 0; i < options.servers; i++) {
    const dataDir = join(dir, `server-${i}`);
    await mkdir(dataDir, { recursive: true });
    servers.push({ index: i, port: await freePort(), url: '', dataDir, process: null });
    servers[i]!.url = `http://127.0.0.1:${servers[i]!.port}`;
  }

  const launch = async (s: ClusterServer): Promise<void> => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        ...env,
        PORT: String(s.port),
        DATA_DIR: s.dataDir,
        // Its own broker session, kept across restarts: what the broker parks for it is handed over.
        MQTT_CLIENT_ID: `hmi-cluster-${schema}-${s.index}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (b: Buffer) =>
        b
          .toString()
          .split('\n')
          .filter(Boolean)
          .forEach((l) => output(s.index, l)),
      );
    s.process = child;
    await until(async () => (await fetch(`${s.url}/v1/health`)).ok, 60_000, `server ${s.index}`);
  };

  const stop = async (): Promise<void> => {
    for (const c of children) if (c !== broker) c.kill('SIGTERM');
    await until(async () => [...children].every((c) => c === broker), 15_000, 'servers to stop').catch(() =>
      [...children].forEach((c) => c.kill('SIGKILL')),
    );
    broker.kill('SIGKILL');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    await pool.query(`drop schema if exists "${schema}" cascade`).finally(() => pool.end());
    await rm(dir, { recursive: true, force: true });
  };

  try {
    // The first server migrates the schema; the others join it.
    await launch(servers[0]!);
    await Promise.all(servers.slice(1).map(launch));
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    mqttUrl,
    schema,
    servers,
    env,
    async kill(index) {
      const child = servers[index]!.process;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      servers[index]!.process = null;
    },
    restart: (index) => launch(servers[index]!),
    stop,
  };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}
