import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../lib/free-port.ts';

/*
 * A directory and two regions on this machine (`npm run regions`, and the browser test that
 * follows HOST): three console processes, each with its own SQLite database and its own secrets
 * in its own data directory, the embedded broker of each region on a free port. The directory
 * serves the web app; the regions allow its origin (CORS_ORIGINS).
 */

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '../../main.ts');

export interface LocalRegionsOptions {
  /** Where the three data directories go (directory/, cn/, eu/). */
  dataDir: string;
  /** The directory's port (the regions take the next two); 0: free ports. */
  port: number;
  /** Extra settings of every process. */
  env?: Record<string, string>;
  output?: (name: string, line: string) => void;
}

export interface LocalRegions {
  directoryUrl: string;
  regions: Record<'cn' | 'eu', string>;
  stop(): Promise<void>;
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startLocalRegions(options: LocalRegionsOptions): Promise<LocalRegions> {
  const port = async (offset: number) => (options.port === 0 ? freePort() : options.port + offset);
  const [dirPort, cnPort, euPort] = [await port(0), await port(1), await port(2)];
  const directoryUrl = `http://localhost:${dirPort}`;
  const regions = { cn: `http://localhost:${cnPort}`, eu: `http://localhost:${euPort}` };
  const children: ChildProcess[] = [];
  const output = options.output ?? (() => undefined);

  const launch = async (name: string, listen: number, env: Record<string, string>) => {
    const dataDir = join(options.dataDir, name);
    await mkdir(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        ...options.env,
        ...env,
        PORT: String(listen),
        DATA_DIR: dataDir,
        MQTT_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (b: Buffer) =>
        b
          .toString()
          .split('\n')
          .filter(Boolean)
          .forEach((l) => output(name, l)),
      );
    const url = `http://localhost:${listen}`;
    await until(async () => (await fetch(`${url}/v1/health`)).ok, 60_000, name);
  };

  const stop = async () => {
    for (const c of children) c.kill('SIGTERM');
    await until(
      async () => children.every((c) => c.exitCode !== null || c.signalCode !== null),
      15_000,
      'stop',
    ).catch(() => children.forEach((c) => c.kill('SIGKILL')));
  };

  try {
    await launch('directory', dirPort, {
      REGION: 'eu',
      REGION_HOSTS: `cn=${regions.cn},eu=${regions.eu}`,
      PUBLIC_URL: directoryUrl,
    });
    const regional = (region: 'cn' | 'eu', listen: number) =>
      launch(region, listen, {
        REGION: region,
        DIRECTORY_URL: directoryUrl,
        PUBLIC_URL: regions[region],
        PEER_REGIONS: 'cn,eu',
        CORS_ORIGINS: directoryUrl,
      });
    await Promise.all([regional('cn', cnPort), regional('eu', euPort)]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { directoryUrl, regions, stop };
}
