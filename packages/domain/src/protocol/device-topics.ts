import { isSerialNumber } from './serial-number.ts';

/** Every device topic starts with this root, then the SN, then the channel. */
export const DEVICE_TOPIC_ROOT = 'hmi/v1';

/** The channels of DESIGN section 5; a channel is the rest of the topic after `hmi/v1/{sn}/`. */
export const DeviceChannel = {
  State: 'state',
  Config: 'config',
  ConfigAck: 'config/ack',
  Data: 'data',
  Cmd: 'cmd',
  CmdResp: 'cmd/resp',
} as const;
export type DeviceChannel = (typeof DeviceChannel)[keyof typeof DeviceChannel];

export const deviceChannels = Object.values(DeviceChannel) as readonly DeviceChannel[];

/** Channels a device publishes on (device to cloud). */
export const uplinkChannels = [
  'state',
  'config/ack',
  'data',
  'cmd/resp',
] as const satisfies readonly DeviceChannel[];
export type UplinkChannel = (typeof uplinkChannels)[number];

/** Channels the cloud publishes on and a device subscribes to (cloud to device). */
export const downlinkChannels = ['config', 'cmd'] as const satisfies readonly DeviceChannel[];
export type DownlinkChannel = (typeof downlinkChannels)[number];

/** Channels whose messages are retained by the broker: the device's state and its config. */
export const retainedChannels = ['state', 'config'] as const satisfies readonly DeviceChannel[];

export const isDeviceChannel = (value: string): value is DeviceChannel =>
  (deviceChannels as readonly string[]).includes(value);
export const isUplinkChannel = (value: string): value is UplinkChannel =>
  (uplinkChannels as readonly string[]).includes(value);
export const isDownlinkChannel = (value: string): value is DownlinkChannel =>
  (downlinkChannels as readonly string[]).includes(value);

/** `hmi/v1/{sn}/`, the only prefix a device may use. Throws on a malformed SN. */
export function deviceTopicPrefix(sn: string): string {
  if (!isSerialNumber(sn)) throw new RangeError(`not a valid device serial number: ${JSON.stringify(sn)}`);
  return `${DEVICE_TOPIC_ROOT}/${sn}/`;
}

/** The topic of one channel of one device, e.g. `deviceTopic('A1B2C3', 'state')`. Throws on a malformed SN. */
export function deviceTopic(sn: string, channel: DeviceChannel): string {
  return deviceTopicPrefix(sn) + channel;
}

export interface ParsedDeviceTopic {
  sn: string;
  channel: DeviceChannel;
}

/**
 * Splits a concrete topic into SN and channel; null for anything that is not exactly a device
 * topic of the protocol (other roots, unknown channels, wildcards, malformed SNs, extra levels).
 */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const root = `${DEVICE_TOPIC_ROOT}/`;
  if (!topic.startsWith(root)) return null;
  const rest = topic.slice(root.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  const sn = rest.slice(0, slash);
  const channel = rest.slice(slash + 1);
  if (!isSerialNumber(sn) || !isDeviceChannel(channel)) return null;
  return { sn, channel };
}

/** Default shared-subscription group of the cloud servers on an external broker. */
export const DEFAULT_SHARE_GROUP = 'hmi-cloud';

/**
 * The subscriptions a cloud server makes on an external broker: every uplink channel of every
 * device, as MQTT 5 / Mosquitto shared subscriptions so that the servers of one group split the
 * devices' messages between them instead of each receiving all of them.
 */
export function cloudUplinkSubscriptions(group: string = DEFAULT_SHARE_GROUP): string[] {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(group))
    throw new RangeError(`not a valid share group: ${JSON.stringify(group)}`);
  return uplinkChannels.map((channel) => `$share/${group}/${DEVICE_TOPIC_ROOT}/+/${channel}`);
}
