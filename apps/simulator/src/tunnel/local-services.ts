import { createServer, type Server, type Socket } from 'node:net';

/** A TCP service of the simulated device, listening on 127.0.0.1 on a free port. */
export interface LocalService {
  readonly port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0 and hands every connection to `handle`; close() also ends open ones. */
export async function listenLocal(handle: (socket: Socket) => void): Promise<LocalService> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // a reset peer is not the service's problem
    handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The device's port 502 stand-in: an echo service (every byte comes back, with back-pressure),
 * enough to prove a port forward carries bytes both ways.
 */
export const startEchoService = () => listenLocal((socket) => socket.pipe(socket));
