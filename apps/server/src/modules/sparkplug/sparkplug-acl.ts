import { parseSpbTopic, SPB_NAMESPACE } from '@hmi/domain/sparkplug';
import type { AclDecision } from '../../plugins/mqtt/device-acl.ts';
import type { SparkplugIdentities } from './sparkplug-identities.ts';

const ok: AclDecision = { ok: true, value: undefined };
const deny = (reason: string): AclDecision => ({ ok: false, reason });

/** Message types an edge node publishes. */
const NODE_PUBLISHES = new Set(['NBIRTH', 'NDEATH', 'DBIRTH', 'DDEATH', 'NDATA', 'DDATA']);

/**
 * The embedded broker's Sparkplug rules (docs/protocol.md, "Sparkplug B"). A client is an edge
 * node by its SN, and speaks only for its own (group id, edge node id):
 * - publish: NBIRTH, NDEATH, DBIRTH, DDEATH, NDATA, DDATA of its identity, never retained;
 * - Last Will: only its NDEATH;
 * - subscribe: its own NCMD and DCMD topics (a trailing `/#` or a `+` device level allowed) and
 *   `spBv1.0/STATE/{host id}` (any host id, no wildcard);
 * - forward: only its commands and STATE.
 * An SN with no identity yet claims the first one it uses (SparkplugIdentities).
 */
export class SparkplugAcl {
  constructor(private readonly identities: SparkplugIdentities) {}

  authorizePublish(
    sn: string,
    topic: string,
    retain: boolean,
    will: boolean,
  ): AclDecision | Promise<AclDecision> {
    const t = parseSpbTopic(topic);
    if (!t || 'state' in t) return deny('edge nodes do not publish STATE');
    if (!NODE_PUBLISHES.has(t.messageType)) return deny(`edge nodes do not publish ${t.messageType}`);
    if (retain) return deny('Sparkplug messages are not retained');
    if (will && t.messageType !== 'NDEATH') return deny('the Last Will must be the NDEATH');
    return this.ownIdentity(sn, t.groupId, t.edgeNodeId);
  }

  authorizeSubscribe(sn: string, filter: string): AclDecision | Promise<AclDecision> {
    const levels = filter.split('/');
    if (levels[0] !== SPB_NAMESPACE) return deny('not a Sparkplug topic');
    if (levels[1] === 'STATE')
      return levels.length === 3 && levels[2] !== '' && !/[+#]/.test(levels[2]!)
        ? ok
        : deny('STATE of one host id only');
    const [, groupId, type, edgeNodeId, ...rest] = levels;
    if (!groupId || !edgeNodeId || /[+#]/.test(groupId + edgeNodeId))
      return deny('wildcards are not allowed there');
    if (type === 'NCMD') {
      if (rest.length > 1 || (rest.length === 1 && rest[0] !== '#')) return deny('not an NCMD topic');
    } else if (type === 'DCMD') {
      if (rest.length !== 1 || rest[0] === '') return deny('not a DCMD topic');
      if (rest[0]!.length > 1 && /[+#]/.test(rest[0]!)) return deny('not a DCMD topic');
    } else return deny(`edge nodes subscribe only to NCMD, DCMD and STATE, not ${type}`);
    return this.ownIdentity(sn, groupId, edgeNodeId);
  }

  mayForward(sn: string, topic: string): boolean {
    const t = parseSpbTopic(topic);
    if (!t) return false;
    if ('state' in t) return true;
    if (t.messageType !== 'NCMD' && t.messageType !== 'DCMD') return false;
    const row = this.identities.cached(sn);
    return (
      row !== undefined &&
      row.device_id === '' &&
      row.group_id === t.groupId &&
      row.edge_node_id === t.edgeNodeId
    );
  }

  private ownIdentity(sn: string, groupId: string, edgeNodeId: string): AclDecision | Promise<AclDecision> {
    const row = this.identities.cached(sn);
    if (row && row.device_id === '')
      return row.group_id === groupId && row.edge_node_id === edgeNodeId
        ? ok
        : deny(`this client is the edge node ${row.group_id}/${row.edge_node_id}`);
    return this.identities.claimNode(sn, groupId, edgeNodeId).then((claim) => {
      if (claim === 'not-a-node') return deny('a Sparkplug device SN cannot act as an edge node');
      if (claim === 'identity-taken')
        return deny(`the edge node ${groupId}/${edgeNodeId} belongs to another SN`);
      return ok;
    });
  }
}
