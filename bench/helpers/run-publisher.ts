import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface PublisherJob {
  url: string;
  devices: { sn: string; secret: string; tagIds: { id: number; type: number }[] }[];
  mode: 'max' | 'rate';
  rate?: number;
  inflight: number;
  durationMs: number;
}

export interface PublisherResult {
  acked: number;
  sent: number;
  elapsedMs: number;
}

/**
 * Runs publisher.ts in a child process. `onGo` runs right before publishing starts (to start
 * the measurement); resolves with the child's counts.
 */
export function runPublisher(
  job: PublisherJob,
  onGo: () => void = () => undefined,
): Promise<PublisherResult> {
  const child = fork(fileURLToPath(new URL('./publisher.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('publisher timed out'));
    }, job.durationMs + 60_000);
    child.on('message', (m: { type: string } & Partial<PublisherResult> & { error?: string }) => {
      if (m.type === 'ready') {
        onGo();
        child.send({ type: 'go' });
      } else if (m.type === 'done') {
        clearTimeout(timer);
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
