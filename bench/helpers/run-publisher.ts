import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface PublisherJob {
  url: string;
  devices: { sn: string; secret: string; tagIds: { id: number; type: number }[] }[];
  mode: 'max' | 'rate';
  rate?: number;
  inflight: number;
  durationMs: number;
  /** End-to-end window ('max' mode): at most this many messages not yet `delivered` (see publisher.ts). */
  window?: number;
}

export interface PublisherResult {
  acked: number;
  sent: number;
  elapsedMs: number;
}

/**
 * Runs publisher.ts in a child process. `onGo` runs right before publishing starts (to start
 * the measurement); resolves with the child's counts. With `job.window`, `delivered` tells how
 * many messages the consumer has taken so far (reported to the child every 5 ms from 'go').
 */
export function runPublisher(
  job: PublisherJob,
  onGo: () => void = () => undefined,
  delivered?: () => number,
): Promise<PublisherResult> {
  const child = fork(fileURLToPath(new URL('./publisher.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let report: NodeJS.Timeout | undefined;
  child.once('exit', () => clearInterval(report));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('publisher timed out'));
    }, job.durationMs + 60_000);
    child.on('message', (m: { type: string } & Partial<PublisherResult> & { error?: string }) => {
      if (m.type === 'ready') {
        onGo();
        child.send({ type: 'go' });
        if (job.window && delivered) {
          const base = delivered();
          report = setInterval(() => {
            // With a callback a send to a child that just exited fails quietly (EPIPE).
            if (child.connected) child.send({ type: 'delivered', n: delivered() - base }, () => undefined);
          }, 5);
        }
      } else if (m.type === 'done') {
        clearTimeout(timer);
        clearInterval(report);
        resolve({ acked: m.acked!, sent: m.sent!, elapsedMs: m.elapsedMs! });
      } else if (m.type === 'error') {
        clearTimeout(timer);
        reject(new Error(m.error));
      }
    });
    child.on('exit', (code) => {
      if (code !== 0) {
        clearTimeout(timer);
        reject(new Error(`publisher exited with ${code}`));
      }
    });
    child.send(job);
  });
}
