import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'mqtt';
import { freePort } from './free-port.ts';

/**
 * A Mosquitto of a test's own on a free port (anonymous devices, sessions in memory), for suites
 * on an external broker; resolves once it listens. `stop` kills it and removes its directory.
 * `config`: more lines of mosquitto.conf (the benchmarks set the queue and in-flight limits);
 * `pid` lets a benchmark read the broker's CPU time.
 */
export async function startMosquitto(
  options: { config?: readonly string[] } = {},
): Promise<{ port: number; url: string; pid: number; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'hmi-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const lines = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'persistence false',
    ...(options.config ?? []),
  ];
  await writeFile(conf, `${lines.join('\n')}\n`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const stop = async () => {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error('mosquitto did not start listening');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { port, url: `mqtt://127.0.0.1:${port}`, pid: child.pid!, stop };
}

function listening(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 500 });
    const done = (ok: boolean) => {
      probe.end(true);
      resolve(ok);
    };
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
    probe.once('close', () => done(false));
  });
}
