/**
 * A console as a real process of its own (apps/server/src/main.ts under tsx), for benchmarks of
 * several servers: its CPU is its own (read from /proc by pid), unlike a second server built in
 * the benchmark's process. The same start as the local cluster (modules/cluster/local-cluster.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/lib/free-port.ts';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

export interface ServerProcess {
  pid: number;
  url: string;
  /** SIGTERM (the console's graceful stop: its broker session is left as a restart would find it). */
  stop(): Promise<void>;
}

/** Starts the console with `env` (DATABASE_URL, MQTT_URL, …) on a free port; resolves once /v1/health answers. */
export async function startServerProcess(
  env: Record<string, string>,
  output: (line: string) => void = () => undefined,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-bench-server-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST_BIND: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (b: Buffer) => b.toString().split('\n').filter(Boolean).forEach(output));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server process exited with ${child.exitCode} before answering`);
    }
    if (
      await fetch(`${url}/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server process did not answer /v1/health within 90 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { pid: child.pid!, url, stop };
}
