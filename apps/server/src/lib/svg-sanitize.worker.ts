import { parentPort } from 'node:worker_threads';
import { sanitizeSvg, SvgRejected } from './svg-sanitize.ts';

/*
 * The SVG sanitiser's thread (svg-sanitizer.ts): each message is one drawing to clean, answered
 * with the result, the SvgRejected reason, or an error's message, under the request's id.
 */

export interface SanitizeRequest {
  id: number;
  bytes: Uint8Array;
  maxBytes: number;
}

parentPort?.on('message', ({ id, bytes, maxBytes }: SanitizeRequest) => {
  try {
    parentPort!.postMessage({ id, ok: sanitizeSvg(Buffer.from(bytes), { maxBytes }) });
  } catch (err) {
    if (err instanceof SvgRejected)
      parentPort!.postMessage({ id, rejected: { reason: err.reason, message: err.message } });
    else parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
