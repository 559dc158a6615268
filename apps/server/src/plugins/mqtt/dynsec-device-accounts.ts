import { deviceTopic, downlinkChannels, isSerialNumber, uplinkChannels } from '@hmi/domain';
import { isAlreadyExists, isNotFound, type DynsecAcl, type DynsecClient } from './mosquitto-dynsec.ts';

/**
 * Device accounts at an external broker: what the server pushes there when it registers a
 * device, and what it reconciles at start. Implemented for Mosquitto's dynamic security plugin
 * below; an EMQX deployment asks the server instead (docs/broker-registry.md).
 */
export interface BrokerDeviceAccounts {
  /** Creates the device's account or sets its secret (and rules); a connected device is dropped. */
  upsert(sn: string, secret: string): Promise<'created' | 'updated'>;
  /** Deletes the device's account (and disconnects it); false when there was none. */
  remove(sn: string): Promise<boolean>;
  /** The SNs of every device account the server manages there. */
  list(): Promise<string[]>;
  /**
   * Adds to the account of `sn` the rules of the Sparkplug B edge node `groupId/edgeNodeId`
   * (docs/protocol.md, Sparkplug B: its own births, data and deaths, its own commands, STATE).
   */
  allowSparkplugNode(sn: string, groupId: string, edgeNodeId: string): Promise<void>;
  close(): Promise<void>;
}

/** Marks the broker clients the server owns: reconciliation never looks at any other. */
export const DEVICE_CLIENT_TEXTNAME = 'hmi-cloud device';
/** One role per device: Mosquitto 2.0's dynsec does not substitute %u/%c in ACL topics. */
export const deviceRoleName = (sn: string) => `hmi-device-${sn}`;

/**
 * The device's rules, the same as the embedded broker's (device-acl.ts): publish its own uplink
 * channels, subscribe to exactly its own downlink topics (literal, so `hmi/v1/{sn}/#` or `+`
 * never match), and deny everything else explicitly so that the rules hold whatever the
 * plugin's `defaultACLAccess` says. The SN alphabet has no MQTT wildcard, so the topics are
 * literal. What dynsec cannot express (retain only on state, the will's payload) is not here.
 */
export function deviceAcls(sn: string): DynsecAcl[] {
  return [
    ...uplinkChannels.map((c): DynsecAcl => ({
      acltype: 'publishClientSend',
      topic: deviceTopic(sn, c),
      allow: true,
      priority: 1,
    })),
    ...downlinkChannels.map((c): DynsecAcl => ({
      acltype: 'subscribeLiteral',
      topic: deviceTopic(sn, c),
      allow: true,
      priority: 1,
    })),
    { acltype: 'publishClientSend', topic: '#', allow: false, priority: -1 },
    { acltype: 'subscribePattern', topic: '#', allow: false, priority: -1 },
  ];
}

/**
 * An edge node's rules, as the embedded broker's (modules/sparkplug/sparkplug-acl.ts): publish its
 * node's NBIRTH, NDATA, NDEATH and its devices' DBIRTH, DDATA, DDEATH; subscribe to its NCMD and
 * DCMD and to STATE. Sparkplug ids hold no `/`, `+` or `#`, so they stand literally in the topics.
 * Added beside the device's `hmi/v1/` rules (and before the role's deny-all, by priority).
 */
export function sparkplugNodeAcls(groupId: string, edgeNodeId: string): DynsecAcl[] {
  const ns = `spBv1.0/${groupId}`;
  const allow = (acltype: DynsecAcl['acltype'], topic: string): DynsecAcl => ({
    acltype,
    topic,
    allow: true,
    priority: 1,
  });
  return [
    ...['NBIRTH', 'NDATA', 'NDEATH'].map((t) => allow('publishClientSend', `${ns}/${t}/${edgeNodeId}`)),
    ...['DBIRTH', 'DDATA', 'DDEATH'].map((t) => allow('publishClientSend', `${ns}/${t}/${edgeNodeId}/+`)),
    allow('subscribeLiteral', `${ns}/NCMD/${edgeNodeId}`),
    allow('subscribePattern', `${ns}/NCMD/${edgeNodeId}/#`),
    allow('subscribePattern', `${ns}/DCMD/${edgeNodeId}/#`),
    allow('subscribePattern', 'spBv1.0/STATE/+'),
  ];
}

export class DynsecDeviceAccounts implements BrokerDeviceAccounts {
  private readonly protectedNames: Set<string>;

  /**
   * `protectedUsernames`: broker users never created, changed or deleted as devices, whatever
   * their text name (the dynsec admin, the server's own MQTT_URL user).
   */
  constructor(
    private readonly dynsec: DynsecClient,
    protectedUsernames: readonly string[],
  ) {
    this.protectedNames = new Set(protectedUsernames.filter(Boolean));
  }

  async upsert(sn: string, secret: string): Promise<'created' | 'updated'> {
    this.checkDeviceName(sn);
    const rolename = deviceRoleName(sn);
    try {
      await this.dynsec.send({ command: 'createRole', rolename, acls: deviceAcls(sn) });
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    const account = { clientid: sn, textname: DEVICE_CLIENT_TEXTNAME, roles: [{ rolename }] };
    try {
      await this.dynsec.send({ command: 'createClient', username: sn, password: secret, ...account });
      return 'created';
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    const existing = await this.dynsec.getClient(sn);
    if (existing && existing.textname !== DEVICE_CLIENT_TEXTNAME)
      throw new Error(`the broker already has a client ${sn} that is not a console device; left alone`);
    // setClientPassword disconnects a device still connected with the old secret (2.0.11).
    await this.dynsec.sendAll([
      { command: 'modifyClient', username: sn, ...account },
      { command: 'setClientPassword', username: sn, password: secret },
    ]);
    return 'updated';
  }

  async remove(sn: string): Promise<boolean> {
    this.checkDeviceName(sn);
    let removed = true;
    try {
      await this.dynsec.send({ command: 'deleteClient', username: sn });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      removed = false;
    }
    try {
      await this.dynsec.send({ command: 'deleteRole', rolename: deviceRoleName(sn) });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    return removed;
  }

  async list(): Promise<string[]> {
    const clients = await this.dynsec.listClients();
    return clients
      .filter(
        (c) =>
          c.textname === DEVICE_CLIENT_TEXTNAME &&
          isSerialNumber(c.username) &&
          !this.protectedNames.has(c.username),
      )
      .map((c) => c.username);
  }

  async allowSparkplugNode(sn: string, groupId: string, edgeNodeId: string): Promise<void> {
    this.checkDeviceName(sn);
    if (/[/+#]/.test(groupId + edgeNodeId)) throw new Error('Sparkplug ids hold no / + or #');
    const rolename = deviceRoleName(sn);
    for (const acl of sparkplugNodeAcls(groupId, edgeNodeId)) {
      try {
        await this.dynsec.send({ command: 'addRoleACL', rolename, ...acl });
      } catch (err) {
        if (!isAlreadyExists(err)) throw err; // registered again: the rule is there
      }
    }
  }

  close(): Promise<void> {
    return this.dynsec.close();
  }

  private checkDeviceName(sn: string): void {
    if (!isSerialNumber(sn)) throw new Error(`not a serial number: ${sn}`);
    if (this.protectedNames.has(sn))
      throw new Error(`${sn} is the broker's admin or the server's own user, never a device`);
  }
}
