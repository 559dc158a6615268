import type { AddressInfo, Server } from 'node:net';

/** Thrown by start() when a listener port is taken; names the setting to change. */
export class MqttPortInUseError extends Error {
  override name = 'MqttPortInUseError';
  constructor(
    readonly setting: string,
    readonly port: number,
  ) {
    super(
      `${setting}=${port}: the port is already in use (another MQTT broker, such as Mosquitto, may be listening). ` +
        `Set ${setting} to a free port, or set MQTT_URL to use that broker instead of the embedded one.`,
    );
  }
}

/**
 * Listens on `port` (0: a free one) and resolves the port taken; a port in use rejects with
 * MqttPortInUseError naming `setting`. `onListening` runs once listening, before the promise
 * resolves (the caller's error handler and bookkeeping).
 */
export function listenOn(
  server: Server,
  port: number,
  host: string | undefined,
  setting: string,
  onListening: () => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      reject(err.code === 'EADDRINUSE' ? new MqttPortInUseError(setting, port) : err);
    };
    const listening = () => {
      server.off('error', onError);
      onListening();
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', listening);
    server.listen(port, host);
  });
}
