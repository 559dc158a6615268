import type { Client, PublishPacket } from 'aedes';
import { decodeDevicePayload } from '@hmi/domain';
import { authorizeDevicePublish } from './device-acl.ts';
import type { DeviceLinkListeners, DeviceMessage } from './device-link.ts';
import type { DeviceRegistry } from './device-registry.ts';
import type { AclDecision } from './device-acl.ts';
import type { LinkExtension } from './link-extension.ts';

export interface EmbeddedPublishGateDeps {
  listeners: DeviceLinkListeners;
  registry: DeviceRegistry;
  /** Largest retained state of an unbound device, bytes (BrokerLimits). */
  unboundStateBytes: number;
  now: () => number;
  /** True when a newer connection of the same SN took over from this client. */
  isSuperseded: (client: Client) => boolean;
  refuse: (client: Client, action: 'publish' | 'will', reason: string, topic?: string) => void;
  /** The link's protocol extension, whose topics it authorises and receives itself. */
  extension: () => LinkExtension | undefined;
}

/**
 * The embedded broker's `authorizePublish` (EmbeddedDeviceLink): the topic ACL, decoding, and
 * delivery of a device message to the cloud. aedes calls it before it writes the PUBACK (QoS 1)
 * or PUBREC (QoS 2), so holding `done` until the message handlers resolve is what makes the
 * acknowledgement wait for the commit (and stops reading that device's socket meanwhile).
 */
export class EmbeddedPublishGate {
  constructor(private readonly deps: EmbeddedPublishGateDeps) {}

  authorize(client: Client | null, packet: PublishPacket, done: (error?: Error | null) => void): void {
    // Wills left by another broker instance have no client; this broker shares no persistence.
    if (!client) return done(new Error('no client'));
    const sn = client.id;
    // aedes calls this for the Last Will after it marked the client closed.
    const will = client.closed;
    if (will && this.deps.isSuperseded(client)) return done(new Error('superseded by a newer connection'));
    const extension = this.deps.extension();
    if (extension && packet.topic.startsWith(extension.prefix))
      return this.extensionPublish(extension, client, packet, will, done);
    const decision = authorizeDevicePublish(sn, packet.topic, packet.retain);
    if (!decision.ok) {
      this.deps.refuse(client, will ? 'will' : 'publish', decision.reason, packet.topic);
      // MQTT 3.1.1 cannot refuse a PUBLISH; aedes closes the connection on this error.
      return done(new Error(decision.reason));
    }
    const channel = decision.value;
    const decoded = decodeDevicePayload(channel, packet.payload);
    if (!decoded.ok) {
      // Acknowledge and drop: a poison message must not be redelivered forever.
      this.deps.listeners.emit('invalid', { sn, channel, error: decoded.error });
      packet.retain = false;
      return done(null);
    }
    const message = {
      sn,
      channel,
      payload: decoded.payload,
      will,
      retained: packet.retain,
      receivedAt: this.deps.now(),
    } as DeviceMessage;
    if (packet.retain && packet.payload.length > this.deps.unboundStateBytes) {
      // Only a state may be retained, and a large one is rare: only then is the binding looked up.
      this.deps.registry.isBound(sn).then(
        (bound) => this.deliver(message, packet, bound, done),
        (err: unknown) => {
          this.deps.listeners.emit('error', asError(err));
          this.deliver(message, packet, false, done);
        },
      );
      return;
    }
    this.deliver(message, packet, true, done);
  }

  /** A publish on the extension's topics: its rules, then its handler; the PUBACK waits for it. */
  private extensionPublish(
    extension: LinkExtension,
    client: Client,
    packet: PublishPacket,
    will: boolean,
    done: (error?: Error | null) => void,
  ): void {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const decision = extension.authorizePublish(client.id, packet.topic, payload, packet.retain, will);
    if (decision instanceof Promise) {
      decision.then(
        (d) => this.extensionDecided(extension, client, packet, payload, will, d, done),
        (err: unknown) => {
          this.deps.listeners.emit('error', asError(err));
          done(asError(err));
        },
      );
      return;
    }
    this.extensionDecided(extension, client, packet, payload, will, decision, done);
  }

  private extensionDecided(
    extension: LinkExtension,
    client: Client,
    packet: PublishPacket,
    payload: Buffer,
    will: boolean,
    decision: AclDecision,
    done: (error?: Error | null) => void,
  ): void {
    if (!decision.ok) {
      this.deps.refuse(client, will ? 'will' : 'publish', decision.reason, packet.topic);
      return done(new Error(decision.reason));
    }
    let work: void | Promise<void>;
    try {
      work = extension.receive({
        sn: client.id,
        topic: packet.topic,
        payload,
        will,
        receivedAt: this.deps.now(),
      });
    } catch (err) {
      this.deps.listeners.emit('error', asError(err));
      return done(asError(err));
    }
    if (!work) return done(null);
    work.then(
      () => done(null),
      (err: unknown) => {
        this.deps.listeners.emit('error', asError(err));
        done(asError(err));
      },
    );
  }

  /**
   * Hands a message to the handlers and acknowledges it once they resolved. `mayRetain` false:
   * the device is not bound to a team and its state is over unboundStateBytes; the state is
   * processed all the same but not retained, so that self-registered SNs cannot park large
   * payloads in the broker's memory.
   */
  private deliver(
    message: DeviceMessage,
    packet: PublishPacket,
    mayRetain: boolean,
    done: (error?: Error | null) => void,
  ): void {
    if (!mayRetain) packet.retain = message.retained = false;
    const { sn, channel } = message;
    this.deps.listeners.dispatch(message).then(
      () => done(null),
      (err: unknown) => {
        const error = asError(err);
        this.deps.listeners.emit(
          'error',
          new Error(`handling ${channel} of ${sn} failed: ${error.message}`, { cause: error }),
        );
        done(error); // no PUBACK; aedes closes the connection and the device redelivers
      },
    );
  }
}

export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
