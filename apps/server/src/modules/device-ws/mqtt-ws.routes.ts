import type { FastifyPluginAsync } from 'fastify';
import { EmbeddedDeviceLink } from '../../plugins/mqtt/embedded-device-link.ts';

/** Where devices behind HTTP-only proxies connect: MQTT over WebSocket on the HTTP port. */
export const MQTT_WS_PATH = '/mqtt';

/**
 * MQTT over WebSocket for devices (DESIGN section 5): the socket is handed to the embedded
 * broker, which authenticates the device (SN + secret) and applies the same ACL as on TCP.
 * With an external broker (MQTT_URL) devices connect to that broker instead, so the path
 * refuses the socket with a reason rather than pretending to be a broker.
 */
export const mqttWebSocketRoutes: FastifyPluginAsync = async (app) => {
  app.get(MQTT_WS_PATH, { websocket: true }, (socket, request) => {
    const link = app.deviceLink;
    if (link instanceof EmbeddedDeviceLink) link.handleWebSocket(socket, request.raw);
    else socket.close(1008, 'devices connect to the broker of MQTT_URL');
  });
};
