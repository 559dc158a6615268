import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The server's JSON log lines from warn up, and any other output. The operator's lines (the start
 * line, every outbox mail with its links) are written at info whatever LOG_LEVEL says; the tests
 * read the outbox files instead, so they are dropped here.
 */
function forwardWarnings(child: ChildProcess): void {
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let level = Infinity;
      try {
        level = Number((JSON.parse(line) as { level?: unknown }).level ?? Infinity);
      } catch {
        // not a log line: keep it
      }
      if (line.trim() && !(level < 40)) process.stdout.write(`${line}\n`);
    }
  });
}

/** Starts apps/server (tsx src/main.ts) on free ports with a fresh DATA_DIR and waits until it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-e2e-'));
  const child: ChildProcess = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: join(repoRoot, 'apps/web/dist'),
      // Every spec signs up from this machine: the per-address limits would count them all.
      REGISTER_IP_LIMIT: '100000',
      CODE_IP_LIMIT: '100000',
      INVITE_IP_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  forwardWarnings(child);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/v1/global/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
