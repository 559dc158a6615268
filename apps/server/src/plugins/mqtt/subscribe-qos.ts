import type { EventEmitter } from 'node:events';
import type { Client } from 'aedes';

/** The highest QoS the embedded broker grants a subscription (docs/protocol.md, access rules). */
export const MAX_GRANTED_QOS = 1;

interface SubscribePacketLike {
  cmd: string;
  subscriptions?: { qos: number }[];
}

/**
 * Makes aedes grant at most QoS 1 to the client's subscriptions, in the SUBACK as well.
 *
 * Returning a lower QoS from authorizeSubscribe is not enough: aedes 1.2 copies the requested
 * QoS into the SUBACK before it calls the hook (lib/handlers/subscribe.js, `doSubscribe`) and
 * uses the hook's answer only for the subscription itself, so a QoS 2 request was answered
 * "granted 2" while QoS 1 was delivered. Lowering the request as the parser emits it, before any
 * of aedes' handlers see it, keeps the SUBACK and the delivery the same. aedes has no public
 * hook before the SUBACK, hence the parser (`client._parser`, an mqtt-packet Parser); the test
 * of the SUBACK fails if that changes.
 */
export function grantAtMostQos1(client: Client): void {
  const parser = (client as unknown as { _parser?: EventEmitter })._parser;
  if (!parser) throw new Error('aedes client has no _parser: cannot cap the granted QoS');
  parser.prependListener('packet', capSubscribeQos);
}

// One shared function for every packet of every client: no closure per message.
function capSubscribeQos(packet: SubscribePacketLike): void {
  if (packet.cmd !== 'subscribe' || !packet.subscriptions) return;
  for (const sub of packet.subscriptions) if (sub.qos > MAX_GRANTED_QOS) sub.qos = MAX_GRANTED_QOS;
}
