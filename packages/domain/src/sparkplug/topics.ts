import { SpbError } from './spb-error.ts';

export const SPB_NAMESPACE = 'spBv1.0';

export type SpbMessageType = 'NBIRTH' | 'NDEATH' | 'DBIRTH' | 'DDEATH' | 'NDATA' | 'DDATA' | 'NCMD' | 'DCMD';

export interface SpbTopic {
  groupId: string;
  messageType: SpbMessageType;
  edgeNodeId: string;
  deviceId?: string;
}

/** Message types about an edge node itself (no device id) and about one of its devices. */
const nodeTypes: ReadonlySet<string> = new Set(['NBIRTH', 'NDEATH', 'NDATA', 'NCMD']);
const deviceTypes: ReadonlySet<string> = new Set(['DBIRTH', 'DDEATH', 'DDATA', 'DCMD']);

/** A topic level naming a group, node, device or host: not empty, no MQTT separator or wildcard. */
function isId(level: string | undefined): level is string {
  return !!level && !/[/+#]/.test(level);
}

/**
 * 'spBv1.0/G/NBIRTH/E' -> { groupId: 'G', messageType: 'NBIRTH', edgeNodeId: 'E' };
 * 'spBv1.0/G/DDATA/E/D' -> the same with deviceId; 'spBv1.0/STATE/host' -> { state: 'host' };
 * null for anything else (other namespace, level count, N* with a device id, D* without one,
 * empty ids, wildcards, unknown message type).
 */
export function parseSpbTopic(topic: string): SpbTopic | { state: string } | null {
  const levels = topic.split('/');
  if (levels[0] !== SPB_NAMESPACE) return null;
  if (levels.length === 3) return levels[1] === 'STATE' && isId(levels[2]) ? { state: levels[2] } : null;
  const [, groupId, messageType, edgeNodeId, deviceId] = levels;
  if (!isId(groupId) || !isId(edgeNodeId) || !messageType) return null;
  if (levels.length === 4 && nodeTypes.has(messageType)) {
    return { groupId, messageType: messageType as SpbMessageType, edgeNodeId };
  }
  if (levels.length === 5 && deviceTypes.has(messageType) && isId(deviceId)) {
    return { groupId, messageType: messageType as SpbMessageType, edgeNodeId, deviceId };
  }
  return null;
}

/** The topic of a message; throws SpbError when the parts would not parse back to the same. */
export function spbTopic(t: SpbTopic): string {
  const deviceType = deviceTypes.has(t.messageType);
  if (!deviceType && !nodeTypes.has(t.messageType)) {
    throw new SpbError(`not a Sparkplug message type: ${JSON.stringify(t.messageType)}`);
  }
  if (
    !isId(t.groupId) ||
    !isId(t.edgeNodeId) ||
    (deviceType ? !isId(t.deviceId) : t.deviceId !== undefined)
  ) {
    throw new SpbError(`not a valid Sparkplug topic: ${JSON.stringify(t)}`);
  }
  const topic = `${SPB_NAMESPACE}/${t.groupId}/${t.messageType}/${t.edgeNodeId}`;
  return deviceType ? `${topic}/${t.deviceId}` : topic;
}

/** `spBv1.0/STATE/{hostId}`, where a primary host application publishes its state (retained). */
export function stateTopic(hostId: string): string {
  if (!isId(hostId)) throw new SpbError(`not a valid Sparkplug host id: ${JSON.stringify(hostId)}`);
  return `${SPB_NAMESPACE}/STATE/${hostId}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Sparkplug 3.0 STATE payload: UTF-8 JSON {"online":boolean,"timestamp":ms}. */
export function encodeState(online: boolean, timestamp: number): string {
  return JSON.stringify({ online, timestamp });
}

/** The STATE payload's fields; null for anything else (including 2.x's bare ONLINE/OFFLINE). */
export function decodeState(payload: Uint8Array | string): { online: boolean; timestamp: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof payload === 'string' ? payload : utf8.decode(payload));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { online, timestamp } = parsed as Record<string, unknown>;
  if (
    typeof online !== 'boolean' ||
    typeof timestamp !== 'number' ||
    !Number.isSafeInteger(timestamp) ||
    timestamp < 0
  ) {
    return null;
  }
  return { online, timestamp };
}
