import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The dev server proxies the API (and its sockets) to a running apps/server.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * @hmi/domain builds its zod schemas in top-level `export const X = call(...)` statements. The
 * console uses the package's constants, validators and catalogues, rarely its schemas; marking
 * those initialisers pure lets unused schemas — and with them most of zod — drop out of the
 * first-visit bundle. Domain modules have no import-time side effects (house style), which is
 * what makes this safe.
 */
function pureDomainSchemas(): Plugin {
  return {
    name: 'hmi:pure-domain-schemas',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/.test(id)) return null;
      // `[export] const X = a.b(...)`, also when the chain continues on the next line (`z\n  .object(`).
      const initialiser = /^((?:export )?const \w+(?:: [^=\n]+)? = )(?=[\w$]+(?:\s*\.[\w$]+)*\s*\()/gm;
      return { code: code.replace(initialiser, '$1/* @__PURE__ */ '), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    pureDomainSchemas(),
    // Brotli and gzip copies of every text asset, made once at build time: the server sends them
    // as they are (@fastify/static preCompressed) instead of compressing per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|json|svg|txt|wasm)$/,
      threshold: 1024,
    }),
  ],
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // Chains like z.string().trim().optional() inside schema definitions.
        manualPureFunctions: ['z', 'singleLineText', 'multiLineText'],
        moduleSideEffects: [
          { test: /packages[\\/]domain[\\/]/, sideEffects: false },
          // The console's own modules run nothing on import (house style: no module-level state;
          // main.tsx is the one that does). Features reach each other through index.ts re-exports:
          // a module re-exported there and not used by the importer drops out, its stylesheet too.
          { test: /apps[\\/]web[\\/]src[\\/](?!main\.tsx$).*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
});
