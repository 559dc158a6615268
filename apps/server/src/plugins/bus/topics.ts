import type { BusEvents } from '../bus.ts';
import { decodeDataEvent, encodeDataEvent } from './frame-wire.ts';
import type { WireReader, WireWriter } from './wire-codec.ts';

/**
 * Where the events of a topic run (docs/architecture.md, "Scale-out: the bus").
 * - 'every': published once, delivered to every server (socket fan-out, cache invalidation,
 *   access changes). A subscriber may narrow it to the owner of the event's device partition
 *   (`owner`: alarm evaluation) or to the server that published it ('origin': side effects of a
 *   change that one server made, such as its mails).
 * - 'requester': sent to one named server, the one that asked (command replies).
 */
export type Delivery = 'every' | 'requester';

export interface TopicSpec<E> {
  delivery: Delivery;
  /** The device whose partition owns the event: set for topics that owner subscribers may take. */
  owner?: (event: E) => number;
  /** What of the event goes on the wire to other servers as JSON, when less than all of it (hot topics). */
  wire?: (event: E) => unknown;
  /** A binary form for hot topics (remote-bus.ts): `encode` false sends that event as JSON. */
  binary?: { encode: (w: WireWriter, event: E) => boolean; decode: (r: WireReader) => E };
}

/**
 * The one typed map of the bus: every topic a feature declares in `BusEvents` must appear here
 * with its delivery, or the server does not type-check.
 */
export const BUS_TOPICS = {
  // Committed live frames: every server's sockets; the alarm engine of the device's owner.
  'device.data': {
    delivery: 'every',
    owner: (e) => e.deviceId,
    // The committed frames carry the writer's own fields (device, tag set, storage flags): only
    // the values cross, frames of numbers in binary (frame-wire.ts).
    wire: (e) => ({
      deviceId: e.deviceId,
      teamId: e.teamId,
      frames: e.frames.map((f) => ({ ts: f.ts, ids: f.ids, nums: f.nums, txts: f.txts })),
    }),
    binary: { encode: encodeDataEvent, decode: decodeDataEvent },
  },
  'device.act': { delivery: 'every' },
  'device.binding': { delivery: 'every' },
  'device.scope': { delivery: 'every' },
  'alarm.event': { delivery: 'every' },
  'alarm.digest': { delivery: 'every' },
  'alarm.rules': { delivery: 'every' },
  'messages.changed': { delivery: 'every' },
  'billing.changed': { delivery: 'every' },
  'team.access': { delivery: 'every' },
  'session.ended': { delivery: 'every' },
  'remote.end': { delivery: 'every' },
  'share.ended': { delivery: 'every' },
  'project.deleted': { delivery: 'every' },
  'project.screens': { delivery: 'every' },
  'device.offline': { delivery: 'every' },
  'command.reply': { delivery: 'requester' },
} satisfies { [K in keyof BusEvents]: TopicSpec<BusEvents[K]> };

export type BusTopic = keyof BusEvents;

/** Topics sent to one server (`Bus.send`). */
export type RequesterTopic = {
  [K in BusTopic]: (typeof BUS_TOPICS)[K]['delivery'] extends 'requester' ? K : never;
}[BusTopic];

/** Topics whose events name a device partition owner. */
export type OwnedTopic = {
  [K in BusTopic]: (typeof BUS_TOPICS)[K] extends { owner: unknown } ? K : never;
}[BusTopic];

/** What of an event goes on the wire. */
export function wireOf<K extends BusTopic>(topic: K, event: BusEvents[K]): unknown {
  const spec = BUS_TOPICS[topic] as TopicSpec<BusEvents[K]>;
  return spec.wire ? spec.wire(event) : event;
}

/** The binary form of a topic's events, if it has one. */
export function binaryOf<K extends BusTopic>(topic: K): TopicSpec<BusEvents[K]>['binary'] {
  return (BUS_TOPICS[topic] as TopicSpec<BusEvents[K]>).binary;
}

/** The device that owns an event of this topic, or undefined when the topic names none. */
export function ownerOf<K extends BusTopic>(topic: K, event: BusEvents[K]): number | undefined {
  const spec = BUS_TOPICS[topic] as TopicSpec<BusEvents[K]>;
  return spec.owner?.(event);
}
