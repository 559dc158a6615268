import type { RawData } from 'ws';

/** RFC 6455 close code 1009, "message too big": what ws itself sends beyond its maxPayload. */
export const MESSAGE_TOO_BIG = 1009;

/**
 * Size of a received WebSocket message, bytes. The one WebSocket server admits messages up to
 * the MQTT packet size (for devices on /mqtt), so the browser sockets, whose limit is
 * LiveLimits.maxMessageBytes, check their own with this.
 */
export function messageBytes(data: RawData): number {
  if (!Array.isArray(data)) return data.byteLength;
  let n = 0;
  for (const part of data) n += part.byteLength;
  return n;
}
