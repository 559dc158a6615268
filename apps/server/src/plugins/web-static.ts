import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * Serves the built web app (WEB_DIST) at / when it has been built; the SPA routes by hash. Text
 * assets go precompressed (brotli or gzip, made at build time).
 */
export const webStaticPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!existsSync(join(config.webDist, 'index.html'))) {
      app.log.warn({ webDist: config.webDist }, 'web app not built: serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: ['index.html'], // an array: with preCompressed a string finds no index (404 at /)
      // The .br and .gz copies made by the build (vite-plugin-compression2), chosen by
      // Accept-Encoding, with Content-Encoding and Vary set.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Built assets carry a content hash; index.html must be revalidated to pick up new builds.
        reply.header(
          'Cache-Control',
          path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  },
  { name: 'web-static' },
);
