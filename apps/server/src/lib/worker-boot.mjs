// Starts a worker thread on a TypeScript module (`workerData.entry`, a file URL): Node gives a
// worker no loader of its parent's, so tsx registers here first (the server runs under tsx, and
// so do its tests). Used by lib/svg-sanitizer.ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
