import type { DeviceCommand, DeviceConfig } from '@hmi/domain';
import { decodeState, encodeState, parseSpbTopic, SPB_NAMESPACE, stateTopic } from '@hmi/domain/sparkplug';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../plugins/bus.ts';
import type { AclDecision } from '../../plugins/mqtt/device-acl.ts';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import type { ExtensionMessage, LinkExtension } from '../../plugins/mqtt/link-extension.ts';
import type { SparkplugAcl } from './sparkplug-acl.ts';
import type { SparkplugCommands } from './sparkplug-commands.ts';
import type { SparkplugSessions } from './sparkplug-host.ts';
import type { SparkplugIdentities } from './sparkplug-identities.ts';
import type { SparkplugRepo } from './sparkplug.repo.ts';
import type { SparkplugTemplates, StoredBirth } from './sparkplug-templates.ts';

export interface SparkplugHostDeps {
  link: DeviceLink;
  bus: Bus;
  acl: SparkplugAcl;
  sessions: SparkplugSessions;
  commands: SparkplugCommands;
  identities: SparkplugIdentities;
  repo: SparkplugRepo;
  templates: SparkplugTemplates;
  log: FastifyBaseLogger;
  /** SPARKPLUG_HOST_ID: the host application id of `spBv1.0/STATE/{host id}`. */
  hostId: string;
  owns: (deviceId: number) => boolean;
  now?: () => number;
}

/**
 * The Sparkplug B 3.0 host application (docs/protocol.md, "Sparkplug B"), spoken on the device
 * broker through the link's extension point: subscribes to `spBv1.0/#` on an external broker (the
 * embedded broker hands it every authorised Sparkplug publish), publishes its retained STATE
 * birth (`{"online":true,"timestamp"}`) on every connection with the matching death as the cloud
 * client's Last Will, and carries the config and commands of Sparkplug devices instead of the
 * `hmi/v1/` topics: a config is acknowledged at once (the birth is the device's config), a
 * command becomes an NCMD or DCMD (SparkplugCommands).
 */
export class SparkplugHost implements LinkExtension {
  readonly prefix = `${SPB_NAMESPACE}/`;
  private readonly now: () => number;
  /** The timestamp of this server's STATE birth (and of its will). */
  private readonly birthTs: number;
  private running = false;
  private detach: (() => void) | undefined;

  constructor(private readonly deps: SparkplugHostDeps) {
    this.now = deps.now ?? Date.now;
    this.birthTs = this.now();
  }

  /** Listens for bindings (a bound device gets its template from its birth); before the link starts. */
  attach(): () => void {
    const off = [
      this.deps.bus.subscribe('device.binding', (e) => void this.bound(e.sns)),
      this.deps.link.on('disconnect', (e) => this.deps.sessions.disconnected(e.sn)),
    ];
    this.detach = () => off.forEach((f) => f());
    return this.detach;
  }

  subscriptions(): readonly string[] {
    return [`${SPB_NAMESPACE}/#`];
  }

  will() {
    return { topic: stateTopic(this.deps.hostId), payload: encodeState(false, this.birthTs), retain: true };
  }

  authorizePublish(sn: string, topic: string, _payload: Buffer, retain: boolean, will: boolean) {
    return this.deps.acl.authorizePublish(sn, topic, retain, will);
  }

  authorizeSubscribe(sn: string, filter: string): AclDecision | Promise<AclDecision> {
    return this.deps.acl.authorizeSubscribe(sn, filter);
  }

  mayForward(sn: string, topic: string): boolean {
    return this.deps.acl.mayForward(sn, topic);
  }

  receive(message: ExtensionMessage): void | Promise<void> {
    const t = parseSpbTopic(message.topic);
    if (!t) return;
    if ('state' in t) return this.stateSeen(t.state, message.payload);
    return this.deps.sessions.handle(t, message);
  }

  connected(): void {
    this.running = true;
    this.publishState(true, this.birthTs);
  }

  /** Publishes the STATE death before the link stops (a clean stop publishes no will). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.deps.link
      .publishRaw(stateTopic(this.deps.hostId), encodeState(false, this.birthTs), true)
      .catch(() => undefined);
  }

  async publishConfig(sn: string, config: DeviceConfig): Promise<boolean> {
    if (!(await this.deps.identities.isSparkplug(sn))) return false;
    this.deps.sessions.setTags(
      sn,
      config.tags.map((t) => ({ id: t.id, name: t.name, metric: t.address ?? '', type: t.type, rw: t.rw })),
    );
    void this.deps.link
      .dispatch({
        sn,
        channel: 'config/ack',
        payload: { templateId: config.templateId, version: config.version },
        will: false,
        retained: false,
        receivedAt: this.now(),
      })
      .catch((err: unknown) => this.deps.log.warn({ err, sn }, 'Sparkplug config acknowledgement failed'));
    return true;
  }

  async sendCommand(sn: string, command: DeviceCommand): Promise<boolean> {
    if (!(await this.deps.identities.isSparkplug(sn))) return false;
    const row = await this.deps.repo.bySn(sn); // the newest birth, whichever server stored it
    if (!row) return false;
    const birth = row.birth ? (JSON.parse(row.birth) as StoredBirth) : undefined;
    const tags = await this.deps.templates.tagsOf(sn);
    const resp = await this.deps.commands.run(row, birth, tags, command);
    void this.deps.link
      .dispatch({
        sn,
        channel: 'cmd/resp',
        payload: resp,
        will: false,
        retained: false,
        receivedAt: this.now(),
      })
      .catch((err: unknown) => this.deps.log.warn({ err, sn }, 'Sparkplug command answer failed'));
    return true;
  }

  /** Another server's death (its will) on our host id while we run: we are the host, say so again. */
  private stateSeen(hostId: string, payload: Buffer): void {
    if (hostId !== this.deps.hostId || !this.running) return;
    const state = decodeState(payload);
    if (state && !state.online) this.publishState(true, this.now());
  }

  private publishState(online: boolean, timestamp: number): void {
    this.deps.link
      .publishRaw(stateTopic(this.deps.hostId), encodeState(online, timestamp), true)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'Sparkplug STATE publish failed'));
  }

  private async bound(sns: readonly string[]): Promise<void> {
    try {
      const rows = await this.deps.repo.bySns(sns);
      for (const row of rows) {
        // A node's devices are handled where the node is: by the owner of the node's partition.
        const node = row.node_sn === row.sn ? row : await this.deps.identities.ofSn(row.node_sn);
        if (node && this.deps.owns(node.device_pk)) await this.deps.sessions.refresh(row.sn);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'Sparkplug template after a binding failed');
    }
  }
}
