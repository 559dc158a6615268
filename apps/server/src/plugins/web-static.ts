import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Serves the built web app (WEB_DIST) at / when it has been built; the SPA routes by hash. */
export const webStaticPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!existsSync(join(config.webDist, 'index.html'))) {
      app.log.warn({ webDist: config.webDist }, 'web app not built: serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: 'index.html',
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
