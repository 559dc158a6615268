import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { DeviceTagsRepo } from '../modules/history-store/index.ts';
import { DbDeviceRegistry } from '../devices/db-device-registry.ts';
import { DeviceConfigPublisher } from '../devices/device-config.publisher.ts';
import { DeviceStateService } from '../devices/device-state.service.ts';
import type { DeviceLink } from './mqtt/device-link.ts';
import { createDeviceLink, readDeviceLinkEnv } from './mqtt/device-link-settings.ts';
import { EmbeddedDeviceLink } from './mqtt/embedded-device-link.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device connection (embedded broker, or the external one of MQTT_URL). */
    deviceLink: DeviceLink;
    deviceRegistry: DbDeviceRegistry;
    deviceConfig: DeviceConfigPublisher;
    /** Where devices connect: MQTT_URL, or the embedded broker's mqtt://127.0.0.1:<port actually bound>. */
    deviceMqttUrl: string;
  }
}

/**
 * Starts the device connection after the database: the embedded aedes broker on MQTT_PORT
 * (0 = a free port, see `deviceMqttUrl`), or a client of the external broker of MQTT_URL; the
 * registry over the devices table; and the device-state service that keeps online and sync
 * state. Stopped on close, before the database (plugins close in reverse order).
 */
export const deviceLinkPlugin = fp<{ config: Config; deviceTags: DeviceTagsRepo }>(
  async (app, { config, deviceTags }) => {
    const registry = new DbDeviceRegistry(app.db);
    const settings = readDeviceLinkEnv({
      mqttUrl: config.mqttUrl,
      mqttPort: config.mqttPort,
      deviceAutoRegister: config.deviceAutoRegister,
      host: config.host,
      broker: config.broker,
    });
    if (config.mqttClientId) settings.clientId = config.mqttClientId;
    if (config.mqttShareGroup) settings.shareGroup = config.mqttShareGroup;
    const link = createDeviceLink(settings, registry);
    const publisher = new DeviceConfigPublisher(app.db, link, deviceTags, app.log);
    const state = new DeviceStateService(app.db, publisher, app.log);

    // No device can be connected to a broker that is just starting: clear what a crash left.
    if (link instanceof EmbeddedDeviceLink) {
      await app.db.updateTable('devices').set({ online: 0 }).where('online', '=', 1).execute();
    }
    const detach = state.attach(link);
    try {
      await link.start();
    } catch (err) {
      detach();
      throw err;
    }
    const url =
      link instanceof EmbeddedDeviceLink
        ? `mqtt://127.0.0.1:${link.ports.mqtt ?? config.mqttPort}`
        : config.mqttUrl;

    app.decorate('deviceLink', link);
    app.decorate('deviceRegistry', registry);
    app.decorate('deviceConfig', publisher);
    app.decorate('deviceMqttUrl', url ?? '');
    app.addHook('onClose', async () => {
      await link.stop();
      detach();
    });
  },
  { name: 'device-link', dependencies: ['db'] },
);
