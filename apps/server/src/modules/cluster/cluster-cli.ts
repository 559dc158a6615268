import { parseArgs } from 'node:util';
import { startLocalCluster } from './local-cluster.ts';

const USAGE = `Starts a local cluster: N consoles on one PostgreSQL schema, a Mosquitto of its own and a
Redis or NATS bus (docs/scaling.md). Ctrl-C stops it and drops its schema.

  npm run cluster -- [--servers 3] [--bus redis|nats] [--database postgres://...]

  --servers    how many console processes (default 3)
  --bus        redis (BUS_URL redis://127.0.0.1:6379, the default) or nats (nats://127.0.0.1:4222),
               or a URL
  --database   PostgreSQL (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
`;

const BUSES: Record<string, string> = { redis: 'redis://127.0.0.1:6379', nats: 'nats://127.0.0.1:4222' };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string', default: '3' },
      bus: { type: 'string', default: 'redis' },
      database: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const servers = Number(values.servers);
  if (values.help || !Number.isInteger(servers) || servers < 1 || servers > 16) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const busUrl = BUSES[values.bus] ?? values.bus;
  const databaseUrl =
    values.database ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`starting ${servers} servers on ${new URL(busUrl).protocol}// and PostgreSQL...`);
  const cluster = await startLocalCluster({
    servers,
    busUrl,
    databaseUrl,
    output: (i, line) => console.log(`[server ${i}] ${line}`),
  });
  console.log(`devices connect to ${cluster.mqttUrl} (MQTT_URL); schema ${cluster.schema}`);
  for (const s of cluster.servers) console.log(`server ${s.index}: ${s.url} (pid ${s.process?.pid})`);
  console.log('Ctrl-C stops the cluster.');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping...');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
