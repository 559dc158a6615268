import { Worker } from 'node:worker_threads';
import type { Runnable } from '../plugins/runtime.ts';
import { SVG_MAX_BYTES, SvgRejected, type SanitizedSvg, type SvgRejectReason } from './svg-sanitize.ts';

/*
 * sanitizeSvg (svg-sanitize.ts) off the event loop. Parsing and cleaning a drawing near the 2 MiB
 * cap takes seconds of CPU (jsdom and DOMPurify walk every node); on the request's thread that
 * stalled every other request, device message and socket of the server for as long. Here one
 * worker thread, started on the first upload and kept (jsdom and DOMPurify load once), cleans the
 * drawings one after the other while the server goes on. A drawing that takes longer than
 * SANITIZE_TIMEOUT_MS is refused (SvgRejected 'not_svg': too complex to be a drawing) and its
 * worker ended; the next upload starts a new one. The worker does not keep the process alive.
 */

/** The longest one drawing may take to clean. */
export const SANITIZE_TIMEOUT_MS = 30_000;

type Reply =
  | { id: number; ok: SanitizedSvg }
  | { id: number; rejected: { reason: SvgRejectReason; message: string } }
  | { id: number; error: string };

interface Job {
  resolve(clean: SanitizedSvg): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class SvgSanitizer implements Runnable {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 0;

  constructor(private readonly timeoutMs = SANITIZE_TIMEOUT_MS) {}

  /** The cleaned drawing, or SvgRejected (as sanitizeSvg), cleaned on the worker thread. */
  sanitize(bytes: Buffer, opts: { maxBytes?: number } = {}): Promise<SanitizedSvg> {
    const maxBytes = opts.maxBytes ?? SVG_MAX_BYTES;
    // Before a copy crosses to the thread.
    if (bytes.byteLength > maxBytes)
      return Promise.reject(new SvgRejected('too_large', `The file is larger than ${maxBytes} bytes`));
    const id = ++this.nextId;
    const worker = this.running();
    return new Promise<SanitizedSvg>((resolve, reject) => {
      const timer = setTimeout(() => this.timedOut(worker), this.timeoutMs);
      timer.unref();
      this.jobs.set(id, { resolve, reject, timer });
      // Jobs wait on the worker: keep it running until they are answered.
      worker.ref();
      worker.postMessage({ id, bytes, maxBytes });
    });
  }

  start(): void {}

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('The server is closing'));
    await worker?.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./svg-sanitize.worker.ts', import.meta.url).href },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => this.answer(reply));
    worker.on('error', (err) => this.ended(worker, err));
    worker.on('exit', () => this.ended(worker, new Error('The SVG sanitiser stopped')));
    this.worker = worker;
    return worker;
  }

  private answer(reply: Reply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    this.jobs.delete(reply.id);
    clearTimeout(job.timer);
    if (this.jobs.size === 0) this.worker?.unref();
    if ('ok' in reply) job.resolve(reply.ok);
    else if ('rejected' in reply) job.reject(new SvgRejected(reply.rejected.reason, reply.rejected.message));
    else job.reject(new Error(reply.error));
  }

  private timedOut(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(new SvgRejected('not_svg', 'The drawing is too complex to clean in time'));
    void worker.terminate();
  }

  private ended(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(err);
  }

  private failAll(err: Error): void {
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.jobs.clear();
  }
}
