import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

const wsOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * Security headers and CORS. The CSP allows the SPA: its own scripts and styles, inline styles
 * (antd injects them), sockets, and calls to the regional hosts listed in CORS_ORIGINS and, on
 * a directory, to its regions (REGION_HOSTS): the console it serves talks to the region's host.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const regions = [...(config.regionHosts?.values() ?? [])].map((u) => new URL(u).origin);
    const hosts = [...new Set([...config.corsOrigins, ...regions])];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...regions],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:', ...hosts, ...hosts.map(wsOrigin)],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // X-Share-Token: a share link's viewer token (project-share.api.ts).
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'X-Share-Token'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
