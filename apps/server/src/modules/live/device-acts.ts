import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../plugins/bus.ts';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import type { Catalogue } from '../device/index.ts';

/**
 * Turns device connection events into `act` events on the bus: online/offline from `state`
 * messages, Last Wills and broker disconnects; sync from `config/ack` (synced when the
 * acknowledged template and version are the device's current ones, the rule the device-state
 * service applies to the devices table).
 */
export class DeviceActs {
  constructor(
    private readonly catalogue: Pick<Catalogue, 'deviceBySn'>,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  attach(link: DeviceLink): () => void {
    const off = [
      link.onMessage((m) => {
        if (m.channel === 'state')
          void this.emit(m.sn, () => ({
            act: m.payload.online ? 'online' : 'offline',
            online: m.payload.online ? 1 : 0,
          }));
        else if (m.channel === 'config/ack') {
          const ack = m.payload;
          void this.emit(m.sn, (d) => ({
            act: 'sync',
            version: ack.version,
            sync_state:
              d.config_version === ack.version && d.template_id === ack.templateId ? 1 : d.sync_state,
          }));
        }
      }),
      link.on('disconnect', (e) => void this.emit(e.sn, () => ({ act: 'offline', online: 0 }))),
    ];
    return () => off.forEach((f) => f());
  }

  private async emit(
    sn: string,
    build: (d: { config_version: number; template_id: number | null; sync_state: number }) => {
      act: 'online' | 'offline' | 'sync';
      online?: number;
      sync_state?: number;
      version?: number;
    },
  ): Promise<void> {
    try {
      const d = await this.catalogue.deviceBySn(sn);
      if (!d || d.team_id === null) return;
      this.bus.publish('device.act', {
        teamId: d.team_id,
        act: { device_id: d.id, ts: Date.now(), ...build(d) },
      });
    } catch (err) {
      this.log.error({ err, sn }, 'device act failed');
    }
  }
}
