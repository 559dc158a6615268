import { ErrorCode } from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own refusal of a body over its limit (413), e.g. the alarm import's message. */
    bodyTooLarge?: (limit: number) => Error;
  }
}

/**
 * A request body over the limit gets a coded answer, never a reset connection (README,
 * BODY_LIMIT; docs/api.md, "Request bodies").
 *
 * - A declared `Content-Length` over the route's limit (BODY_LIMIT, or the route's own
 *   `bodyLimit`) is refused with 413 / 1006 before anything else runs, sign-in included; a body
 *   without a length that grows over the limit gets the same from the body parser.
 * - Whenever an answer goes out before the request's body was read to its end (413, a refused
 *   token, a multipart upload refused half way...), the rest of the body is drained: read and
 *   thrown away, so the client can finish sending and read the answer. Closing a socket with
 *   unread bytes in it makes the kernel send a reset, and the client may lose the answer it was
 *   sent. The connection stays open (keep-alive) while it drains, at most `drain.maxBytes`
 *   more bytes and `drain.timeoutMs`; then it is closed.
 */
export const bodyLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { maxBytes, timeoutMs } = config.bodyDrain;

    app.addHook('onRequest', async (request) => {
      const declared = Number(request.headers['content-length']);
      const limit = request.routeOptions.bodyLimit ?? config.bodyLimit;
      if (!(Number.isFinite(declared) && declared > limit)) return;
      throw (request.routeOptions.config.bodyTooLarge ?? bodyTooLarge)(limit);
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete || request.raw.readableEnded) return;
      // Fastify asks to close after a refused body; draining keeps the socket until the body ends.
      if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
      drain(request, maxBytes, timeoutMs);
    });
  },
  { name: 'body-limit', dependencies: ['errors'] },
);

/** An AppError answered 413 (Payload Too Large) instead of its code's status. */
export class TooLargeError extends AppError {
  override readonly statusCode = 413;
}

/** 413 with the spec's bad-parameter code and the limit, bytes. */
export const bodyTooLarge = (limit: number): Error =>
  new TooLargeError(ErrorCode.E1006_BAD_PARAMETER, { max_bytes: limit }, 'Request body too large');

/** Reads the rest of a request's body into nothing; closes the socket past the caps. */
function drain(request: FastifyRequest, maxBytes: number, timeoutMs: number): void {
  const req = request.raw;
  const socket = req.socket;
  // Whoever was reading (the JSON parser, a multipart stream) has given up: nobody else reads.
  req.unpipe();
  req.removeAllListeners('data');
  // Counted as it arrives (a loopback client delivers tens of MiB between two timer ticks).
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) cut();
  });
  req.resume();
  const deadline = Date.now() + timeoutMs;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    if (Date.now() > deadline) cut();
  }, 100);
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  function cut() {
    stop();
    socket.destroy();
  }
  req.once('end', stop);
  socket.once('close', stop);
}
