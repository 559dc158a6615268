import {
  decodeDevicePayload,
  deviceTopic,
  isDownlinkChannel,
  isSerialNumber,
  isUplinkChannel,
  parseDeviceTopic,
  type UplinkChannel,
} from '@hmi/domain';

/*
 * The broker's access rules for devices, as pure functions of the SN a client authenticated
 * with and the topic it asks for. Deny by default: a device may use exactly its own
 * `hmi/v1/{sn}/` prefix, publish only uplink channels and subscribe only downlink channels.
 */

export type AclDecision<T = undefined> = { ok: true; value: T } | { ok: false; reason: string };

const deny = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A device publishing `topic` (retain flag as sent). */
export function authorizeDevicePublish(
  sn: string,
  topic: string,
  retain: boolean,
): AclDecision<UplinkChannel> {
  if (!isSerialNumber(sn)) return deny('client id is not a serial number');
  const parsed = parseDeviceTopic(topic);
  if (!parsed) return deny('not a device topic');
  if (parsed.sn !== sn) return deny("another device's topic");
  if (!isUplinkChannel(parsed.channel)) return deny(`devices do not publish on ${parsed.channel}`);
  if (retain && parsed.channel !== 'state') return deny('only state may be retained');
  return { ok: true, value: parsed.channel };
}

/**
 * A device subscribing to a topic filter. Wildcards are refused outright rather than checked
 * against the prefix: the two topics a device needs are known, so nothing is lost, and
 * `hmi/v1/+/config` or `#` can never widen what a device sees. Shared subscriptions and $SYS
 * fall out the same way.
 */
export function authorizeDeviceSubscribe(sn: string, filter: string): AclDecision {
  if (!isSerialNumber(sn)) return deny('client id is not a serial number');
  if (filter.includes('#') || filter.includes('+')) return deny('wildcards are not allowed');
  const parsed = parseDeviceTopic(filter);
  if (!parsed) return deny('not a device topic');
  if (parsed.sn !== sn) return deny("another device's topic");
  if (!isDownlinkChannel(parsed.channel)) return deny(`devices do not subscribe to ${parsed.channel}`);
  return { ok: true, value: undefined };
}

/**
 * The Last Will a device registers at CONNECT: only its own state topic, with the offline
 * form of the state payload, so a device cannot use its will to speak for another device or
 * to plant anything else.
 */
export function authorizeDeviceWill(
  sn: string,
  will: { topic: string; payload: Buffer | string },
): AclDecision {
  if (will.topic !== (isSerialNumber(sn) ? deviceTopic(sn, 'state') : null))
    return deny('will topic must be the device state');
  const decoded = decodeDevicePayload('state', will.payload);
  if (!decoded.ok) return deny(`will payload: ${decoded.error}`);
  if (decoded.payload.online) return deny('will payload must be {"online":false}');
  return { ok: true, value: undefined };
}
