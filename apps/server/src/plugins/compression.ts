import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Replies smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API replies (JSON, CSV and xlsx exports are streamed through it) of at least
 * `COMPRESS_THRESHOLD_BYTES` with brotli or gzip, as the client accepts. The built web app is
 * compressed once at build time and sent as it is (web-static: `preCompressed`); a reply that
 * already has a Content-Encoding is left alone. Sockets are not replies: never touched.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Brotli's default quality (11) is for build time; per request a fast level is the trade.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
