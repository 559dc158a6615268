import type { FastifyPluginAsync } from 'fastify';
import { EmbeddedDeviceLink } from '../../plugins/mqtt/embedded-device-link.ts';

/** Where devices behind HTTP-only proxies connect: MQTT over WebSocket on the HTTP port. */
export const MQTT_WS_PATH = '/mqtt';

/**
 * MQTT over WebSocket for devices (DESIGN section 5): the socket is handed to the embedded
 * broker, which authenticates the device (SN + secret) and applies the same ACL as on TCP.
 * With an external broker (MQTT_URL) devices connect to that broker instead, so the path
 * refuses the socket with a reason rather than pretending to be a broker.
 *
 * The WebSocket server admits messages up to MQTT_MAX_PACKET_BYTES (plugins/websocket.ts); the
 * broker's packet guard then applies the MQTT limits as on TCP.
 */
export const mqttWebSocketRoutes: FastifyPluginAsync = async (app) => {
  app.get(MQTT_WS_PATH, { websocket: true }, (socket, request) => {
    const link = app.services.deviceLink;
    // request.ip: the device's address behind a trusted proxy (TRUST_PROXY), for per-address limits.
    if (link instanceof EmbeddedDeviceLink) link.handleWebSocket(socket, request.raw, request.ip);
    else socket.close(1008, 'devices connect to the broker of MQTT_URL');
  });
};
