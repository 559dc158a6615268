import { createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 now (for a process a test or the local cluster starts: a server, a broker). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
