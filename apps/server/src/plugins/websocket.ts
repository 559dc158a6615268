import websocket from '@fastify/websocket';
import { LiveLimits } from '@hmi/domain';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * One WebSocket server for every socket route (the device data and notify sockets, MQTT over
 * WebSocket on /mqtt). ws has no per-route maxPayload: it admits the largest message of any
 * route, MQTT packets (MQTT_MAX_PACKET_BYTES); the browser sockets refuse more than
 * LiveLimits.maxMessageBytes themselves (1009).
 */
export const websocketPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const maxPayload = Math.max(LiveLimits.maxMessageBytes, config.broker.maxPacketBytes);
    await app.register(websocket, { options: { maxPayload } });
  },
  { name: 'websocket' },
);
