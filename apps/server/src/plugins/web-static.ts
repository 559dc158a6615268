import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Helmet's headers that apply to documents only (nosniff and CORP stay on every asset). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

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
        const html = path.endsWith('.html') || path.endsWith('.html.br') || path.endsWith('.html.gz');
        reply.header('Cache-Control', html ? 'no-cache' : 'public, max-age=31536000, immutable');
        // The document's policy headers mean nothing on a script, style or image (no workers
        // are served): a first visit loads about fifty assets, and these cost 0.7 KB each.
        if (html) return;
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        // Immutable: never revalidated nor fetched in ranges.
        for (const name of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(name);
      },
    });
  },
  { name: 'web-static' },
);
