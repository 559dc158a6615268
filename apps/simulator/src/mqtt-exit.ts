import type { MqttClient } from 'mqtt';

/**
 * A clean leave: the farewell first while connected (the offline state, an NDEATH: a clean
 * DISCONNECT publishes no Last Will), then the disconnect.
 */
export async function leaveCleanly(client: MqttClient, farewell: () => Promise<unknown>): Promise<void> {
  if (client.connected) await farewell().catch(() => undefined);
  await client.endAsync();
}

/** A power loss: the socket dies without a DISCONNECT, so the broker publishes the Last Will. */
export function dropConnection(client: MqttClient): void {
  client.options.reconnectPeriod = 0;
  client.stream.destroy();
  client.end(true);
}
