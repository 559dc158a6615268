import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import { EmbeddedDeviceLink } from '../../plugins/mqtt/embedded-device-link.ts';
import type { DeviceStateService } from './device-state.service.ts';

/**
 * Runs the device connection: the embedded aedes broker on MQTT_PORT (0 = a free port, see
 * `mqttUrl`), or a client of the external broker of MQTT_URL, with the device-state service
 * attached before the first device can connect. Stopped before the database closes.
 */
export class DeviceLinkRunner {
  private detach: (() => void) | null = null;
  private background: Promise<unknown> | null = null;

  /**
   * `afterStart`: work that needs the broker but must not hold up the start (the broker
   * registry's reconciliation); it handles its own errors, and stop() waits for it.
   */
  constructor(
    private readonly link: DeviceLink,
    private readonly state: DeviceStateService,
    private readonly settings: { mqttUrl: string | undefined; mqttPort: number },
    private readonly afterStart?: () => Promise<unknown>,
  ) {}

  /** Where devices connect: MQTT_URL, or the embedded broker's mqtt://127.0.0.1:<port actually bound>. */
  get mqttUrl(): string {
    const url =
      this.link instanceof EmbeddedDeviceLink
        ? `mqtt://127.0.0.1:${this.link.ports.mqtt ?? this.settings.mqttPort}`
        : this.settings.mqttUrl;
    return url ?? '';
  }

  async start(): Promise<void> {
    if (this.link instanceof EmbeddedDeviceLink) await this.state.clearOnlineAtStart();
    const detach = this.state.attach(this.link);
    try {
      await this.link.start();
    } catch (err) {
      detach();
      throw err;
    }
    this.detach = detach;
    if (this.afterStart) this.background = this.afterStart().catch(() => undefined);
  }

  async stop(): Promise<void> {
    // Disconnects from here on are the server stopping (recorded as server_stop), and what the
    // state service queued is written before the database closes.
    await this.background;
    this.background = null;
    this.state.serverStopping();
    await this.link.stop();
    this.detach?.();
    this.detach = null;
    await this.state.drain();
  }
}
