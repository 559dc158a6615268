import type { DeviceState } from '@hmi/domain';
import {
  BDSEQ_METRIC,
  DataType,
  decodePayload,
  encodePayload,
  REBIRTH_METRIC,
  spbTopic,
  type SpbPayload,
  type SpbTopic,
} from '@hmi/domain/sparkplug';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import type { ExtensionMessage } from '../../plugins/mqtt/link-extension.ts';
import { NodeSession, type BirthScope } from './node-session.ts';
import { MetricIndex, storedBirth, toSamples, type TagMap } from './sparkplug-data.ts';
import type { SparkplugIdentities } from './sparkplug-identities.ts';
import type { SparkplugDevice, SparkplugRepo } from './sparkplug.repo.ts';
import { type HostTag, type SparkplugTemplates, type StoredBirth } from './sparkplug-templates.ts';

export interface SparkplugSessionsDeps {
  link: DeviceLink;
  identities: SparkplugIdentities;
  repo: SparkplugRepo;
  templates: SparkplugTemplates;
  log: FastifyBaseLogger;
  /** With an external broker and several servers: whether this server handles the node (its device id). */
  owns: (deviceId: number) => boolean;
  now?: () => number;
  /** Least time between two Rebirth requests to one node. Default 5 s. */
  rebirthGapMs?: number;
}

/** How long the messages of an unregistered node are dropped before its registration is looked up again. */
const UNREGISTERED_RECHECK_MS = 10_000;

/** How long the tags of a device are used before they are read again. */
const TAGS_TTL_MS = 30_000;

/**
 * The host application's handling of edge node sessions (Sparkplug B 3.0; docs/protocol.md,
 * "Sparkplug B"). Births register the node's devices in the catalogue and make their templates;
 * NDATA and DDATA become `data` messages of the devices' SNs and go through the one ingest
 * pipeline; deaths set the devices offline unless the NDEATH's bdSeq is stale. A message before
 * a birth, a sequence gap or an unknown alias asks the node for a rebirth (NCMD
 * `Node Control/Rebirth`). The messages of one node are handled in order: births and deaths
 * (which touch the database) hold later messages of that node until they are done; data is
 * handled on arrival when nothing of its node waits.
 */
export class SparkplugSessions {
  private readonly sessions = new Map<string, NodeSession>();
  private readonly chains = new Map<string, Promise<unknown>>();
  /**
   * SN -> its tags by name (null: not bound) and when they were read; absent until read. Read
   * again after a birth, a bind, a config this server publishes, and at most TAGS_TTL_MS after
   * the last read (another server may have changed the template).
   */
  private readonly tagMaps = new Map<string, { tags: TagMap | null; at: number; index?: MetricIndex }>();
  private readonly reading = new Set<string>();
  /** Nodes found unregistered (through an external broker) -> when: not looked up again for a while. */
  private readonly unregistered = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: SparkplugSessionsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A message of an edge node (the topic parsed already). */
  handle(t: SpbTopic, message: ExtensionMessage): void | Promise<void> {
    const key = `${t.groupId}/${t.edgeNodeId}`;
    const unknownSince = this.unregistered.get(key);
    if (unknownSince !== undefined && message.receivedAt - unknownSince < UNREGISTERED_RECHECK_MS) return;
    const pending = this.chains.get(key);
    const isData = t.messageType === 'NDATA' || t.messageType === 'DDATA';
    if (!pending && isData) {
      const node = this.cachedNode(t, message);
      if (node)
        return node.device_id === '' && this.deps.owns(node.device_pk)
          ? this.data(key, t, node, message)
          : undefined;
    }
    return this.enqueue(key, () => this.ordered(key, t, message));
  }

  /**
   * The connection of node `sn` ended (embedded broker) and no NDEATH ended its session: its
   * devices go offline (the node itself is the device state service's) and the session ends.
   */
  disconnected(sn: string): void {
    const node = this.deps.identities.cached(sn);
    if (!node || node.device_id !== '') return;
    const key = `${node.group_id}/${node.edge_node_id}`;
    const message: ExtensionMessage = {
      sn,
      topic: '',
      payload: Buffer.alloc(0),
      will: false,
      receivedAt: this.now(),
    };
    void this.enqueue(key, async () => {
      const session = this.sessions.get(key);
      if (!session?.born) return;
      const devices = [...session.sns]
        .filter(([deviceId]) => deviceId !== '')
        .map(([, deviceSn]) => deviceSn);
      session.death();
      for (const deviceSn of devices) await this.state(deviceSn, { online: false }, message);
    }).catch((err: unknown) => this.deps.log.warn({ err, sn }, 'Sparkplug: ending a session failed'));
  }

  /** Runs `job` after every earlier job of the node `key`. */
  private enqueue(key: string, job: () => Promise<void>): Promise<void> {
    const pending = this.chains.get(key);
    const run = (pending ?? Promise.resolve()).then(job);
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return run;
  }

  /** The node of an SN or identity from the cache, without I/O. */
  private cachedNode(t: SpbTopic, message: ExtensionMessage) {
    return message.sn !== undefined
      ? this.deps.identities.cached(message.sn)
      : this.deps.identities.cachedIdentity({ groupId: t.groupId, edgeNodeId: t.edgeNodeId, deviceId: '' });
  }

  private async ordered(key: string, t: SpbTopic, message: ExtensionMessage): Promise<void> {
    const node =
      message.sn !== undefined
        ? await this.deps.identities.ofSn(message.sn)
        : await this.deps.identities.ofIdentity({
            groupId: t.groupId,
            edgeNodeId: t.edgeNodeId,
            deviceId: '',
          });
    if (!node || node.device_id !== '') {
      if (!this.unregistered.has(key))
        this.deps.log.warn(
          { node: key },
          'Sparkplug messages of an edge node that is not registered: ignored',
        );
      this.unregistered.set(key, message.receivedAt);
      return;
    }
    this.unregistered.delete(key);
    if (!this.deps.owns(node.device_pk)) return;
    switch (t.messageType) {
      case 'NBIRTH':
        return this.nodeBirth(key, node, message);
      case 'DBIRTH':
        return this.deviceBirth(key, t.deviceId!, node, message);
      case 'NDEATH':
        return this.nodeDeath(key, node, message);
      case 'DDEATH':
        return this.deviceDeath(key, t.deviceId!, message);
      case 'NDATA':
      case 'DDATA':
        return this.data(key, t, node, message);
      default:
        return; // commands: ours, echoed by an external broker
    }
  }

  private session(key: string): NodeSession {
    let s = this.sessions.get(key);
    if (!s) this.sessions.set(key, (s = new NodeSession()));
    return s;
  }

  private decode(key: string, message: ExtensionMessage, scope?: BirthScope): SpbPayload | undefined {
    try {
      return decodePayload(message.payload, scope?.typeOf);
    } catch (err) {
      this.deps.log.warn(
        { node: key, topic: message.topic, err: String(err) },
        'invalid Sparkplug payload dropped',
      );
      return undefined;
    }
  }

  private async nodeBirth(key: string, node: SparkplugDevice, message: ExtensionMessage) {
    const payload = this.decode(key, message);
    if (!payload) return;
    const bdSeq = payload.metrics.find((m) => m.name === BDSEQ_METRIC)?.value;
    const birth = storedBirth(payload.metrics);
    const session = this.session(key);
    session.nodeBirth(
      bdSeq === undefined || bdSeq === null ? '0' : String(bdSeq),
      payload.seq,
      birth.metrics,
    );
    session.sns.set('', node.sn);
    await this.born(node, birth, message, 'Sparkplug B edge node', key);
  }

  private async deviceBirth(key: string, deviceId: string, node: SparkplugDevice, message: ExtensionMessage) {
    const payload = this.decode(key, message);
    if (!payload) return;
    const session = this.session(key);
    if (!session.born) return this.rebirth(key, session, 'DBIRTH before the NBIRTH');
    if (!session.sequence(payload.seq)) this.rebirth(key, session, 'sequence gap');
    const row = await this.deps.identities.deviceOf(node, deviceId);
    if (!row) {
      this.deps.log.warn(
        { node: key, deviceId },
        'Sparkplug device: no free SN for it, or its node has 1,000 devices; ignored',
      );
      return;
    }
    const birth = storedBirth(payload.metrics);
    session.deviceBirth(deviceId, birth.metrics);
    session.sns.set(deviceId, row.sn);
    await this.born(row, birth, message, 'Sparkplug B device', key);
  }

  /** A birth: stored, the device online, its template in step, its tags read. */
  private async born(
    row: SparkplugDevice,
    birth: StoredBirth,
    message: ExtensionMessage,
    model: string,
    key: string,
  ) {
    if (birth.unsupported.length > 0)
      this.deps.log.warn(
        { node: key, sn: row.sn, unsupported: birth.unsupported },
        'Sparkplug birth: metrics of unsupported types are not collected',
      );
    await this.deps.repo.saveBirth(row.sn, JSON.stringify(birth));
    this.deps.identities.update({ ...row, birth: JSON.stringify(birth) });
    await this.state(row.sn, { online: true, kind: 'gateway', model }, message);
    await this.refresh(row.sn, birth);
  }

  /** Brings the device's template and tag map in step with its birth (after a birth or a bind). */
  async refresh(sn: string, birth?: StoredBirth): Promise<void> {
    const row = await this.deps.identities.ofSn(sn);
    if (!row) return;
    const stored = birth ?? (row.birth ? (JSON.parse(row.birth) as StoredBirth) : undefined);
    if (stored) await this.deps.templates.sync(row, stored);
    const tags = await this.deps.templates.tagsOf(sn);
    this.setTags(sn, tags);
  }

  /** The device's tags as they are now (null: not bound). */
  setTags(sn: string, tags: readonly HostTag[] | null): void {
    this.tagMaps.set(sn, { tags: tags ? new Map(tags.map((t) => [t.metric, t])) : null, at: this.now() });
  }

  /** Reads the tags again in the background (data goes on with the ones known meanwhile). */
  private reread(sn: string): void {
    if (this.reading.has(sn)) return;
    this.reading.add(sn);
    this.deps.templates
      .tagsOf(sn)
      .then(
        (tags) => this.setTags(sn, tags),
        (err: unknown) => this.deps.log.warn({ err, sn }, 'Sparkplug: reading the tags failed'),
      )
      .finally(() => this.reading.delete(sn));
  }

  private async nodeDeath(key: string, node: SparkplugDevice, message: ExtensionMessage) {
    const payload = this.decode(key, message);
    const bd = payload?.metrics.find((m) => m.name === BDSEQ_METRIC)?.value;
    const session = this.sessions.get(key);
    if (session?.isStaleDeath(bd === undefined || bd === null ? undefined : String(bd))) {
      this.deps.log.info({ node: key, bdSeq: bd, current: session.bdSeq }, 'stale Sparkplug NDEATH ignored');
      return;
    }
    const sns = session?.born
      ? [...session.sns.values()]
      : [node.sn, ...(await this.deps.repo.devicesOf(node.sn)).map((r) => r.sn)];
    session?.death();
    for (const sn of sns) await this.state(sn, { online: false }, message);
  }

  private async deviceDeath(key: string, deviceId: string, message: ExtensionMessage) {
    const payload = this.decode(key, message);
    const session = this.sessions.get(key);
    if (!payload || !session?.born) return;
    if (!session.sequence(payload.seq)) this.rebirth(key, session, 'sequence gap');
    const sn = session.sns.get(deviceId);
    session.deviceDeath(deviceId);
    if (sn) await this.state(sn, { online: false }, message);
  }

  /** NDATA or DDATA: the values of the metrics the birth declared, as a `data` message. */
  private data(
    key: string,
    t: SpbTopic,
    node: SparkplugDevice,
    message: ExtensionMessage,
  ): void | Promise<void> {
    const session = this.session(key);
    if (!session.born) return this.rebirth(key, session, 'data before any birth');
    const scope = session.scopes.get(t.deviceId ?? '');
    const payload = this.decode(key, message, scope);
    if (!payload) return;
    if (!session.sequence(payload.seq)) this.rebirth(key, session, 'sequence gap');
    const sn = t.deviceId === undefined ? node.sn : session.sns.get(t.deviceId);
    if (!scope || !sn) return this.rebirth(key, session, 'data of a device not born');
    const known = this.tagMaps.get(sn);
    // Not read yet on this server (its partition came here, or it restarted), or read long ago.
    if (!known || message.receivedAt - known.at > TAGS_TTL_MS) this.reread(sn);
    if (!known?.tags) return; // not bound (or not read yet): its values belong to nobody
    let index = known.index;
    if (index?.scope !== scope) known.index = index = new MetricIndex(scope, known.tags);
    const { samples, unknown } = toSamples(payload, index, message.receivedAt);
    if (unknown) this.rebirth(key, session, 'unknown alias');
    if (samples.length === 0) return;
    return this.deps.link.dispatch({
      sn,
      channel: 'data',
      payload: samples.length === 1 ? samples[0]! : samples,
      will: false,
      retained: false,
      receivedAt: message.receivedAt,
    });
  }

  private state(sn: string, payload: DeviceState, message: ExtensionMessage): Promise<void> {
    return this.deps.link.dispatch({
      sn,
      channel: 'state',
      payload,
      will: message.will,
      retained: false,
      receivedAt: message.receivedAt,
    });
  }

  /** Asks the node for a rebirth (NCMD Node Control/Rebirth), at most once per gap. */
  private rebirth(key: string, session: NodeSession, reason: string): void {
    if (!session.rebirthDue(this.now(), this.deps.rebirthGapMs ?? 5_000)) return;
    const slash = key.indexOf('/');
    const topic = spbTopic({
      groupId: key.slice(0, slash),
      messageType: 'NCMD',
      edgeNodeId: key.slice(slash + 1),
    });
    const payload = encodePayload({
      timestamp: this.now(),
      metrics: [{ name: REBIRTH_METRIC, datatype: DataType.Boolean, value: true }],
    });
    this.deps.log.info({ node: key, reason }, 'Sparkplug rebirth requested');
    this.deps.link
      .publishRaw(topic, Buffer.from(payload), false)
      .catch((err: unknown) => this.deps.log.warn({ err, node: key }, 'Sparkplug rebirth request failed'));
  }
}
