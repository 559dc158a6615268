// The suites' name for it; the local cluster (modules/cluster) uses it too.
export { freePort } from '../src/lib/free-port.ts';
