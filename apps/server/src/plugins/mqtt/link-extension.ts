import type { DeviceCommand, DeviceConfig } from '@hmi/domain';
import type { AclDecision } from './device-acl.ts';

/** A message on an extension's topics (after the embedded broker authorised it). */
export interface ExtensionMessage {
  /** The client id it authenticated with (embedded broker); undefined through an external broker. */
  sn: string | undefined;
  topic: string;
  payload: Buffer;
  /** The broker published it as the client's Last Will (known on the embedded broker only). */
  will: boolean;
  receivedAt: number;
}

/**
 * A second protocol spoken on the device broker beside `hmi/v1/` (Sparkplug B, modules/sparkplug):
 * its topic space, its access rules on the embedded broker, its messages, and the devices whose
 * config and commands it carries instead of the `hmi/v1/` topics. The link stays the one place
 * that talks MQTT; the extension decides.
 */
export interface LinkExtension {
  /** Topic prefix it owns, e.g. `spBv1.0/`. */
  readonly prefix: string;
  /** External broker: filters the cloud client subscribes to besides the device channels. */
  subscriptions(): readonly string[];
  /** External broker: the cloud client's Last Will. */
  will(): { topic: string; payload: string; retain: boolean } | undefined;
  /** Embedded broker: may client `sn` publish this (`will`: its Last Will, checked at CONNECT). */
  authorizePublish(
    sn: string,
    topic: string,
    payload: Buffer,
    retain: boolean,
    will: boolean,
  ): AclDecision | Promise<AclDecision>;
  /** Embedded broker: may client `sn` subscribe to this filter. */
  authorizeSubscribe(sn: string, filter: string): AclDecision | Promise<AclDecision>;
  /** Embedded broker: may a message on `topic` be forwarded to client `sn` (defence in depth). */
  mayForward(sn: string, topic: string): boolean;
  /** A message on the prefix; the returned promise is its acknowledgement (as for device messages). */
  receive(message: ExtensionMessage): void | Promise<void>;
  /** The link is connected (again): publish what a (re)connection needs (a host's birth). */
  connected(): void;
  /** Carries the config of `sn` if it speaks for it: resolves true then, false to publish it as usual. */
  publishConfig(sn: string, config: DeviceConfig): Promise<boolean>;
  /** Carries a command to `sn` if it speaks for it: resolves true then, false to send it as usual. */
  sendCommand(sn: string, command: DeviceCommand): Promise<boolean>;
}
