import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';

/*
 * A small client of Mosquitto's dynamic security plugin (2.0+): commands are JSON published on
 * `$CONTROL/dynamic-security/v1`, and the plugin answers the sending client on
 * `.../v1/response` with one entry per command, carrying back the command's `correlationData`.
 * https://mosquitto.org/documentation/dynamic-security/ (the 2.0 command set).
 */

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

export type DynsecAclType =
  | 'publishClientSend'
  | 'publishClientReceive'
  | 'subscribeLiteral'
  | 'subscribePattern'
  | 'unsubscribeLiteral'
  | 'unsubscribePattern';

export interface DynsecAcl {
  acltype: DynsecAclType;
  topic: string;
  allow: boolean;
  priority?: number;
}

export interface DynsecRoleRef {
  rolename: string;
  priority?: number;
}

export interface DynsecClientInfo {
  username: string;
  clientid?: string;
  textname?: string;
  disabled?: boolean;
  roles?: DynsecRoleRef[];
}

/** One command as the plugin takes it: its name and its own fields. */
export type DynsecCommand =
  | {
      command: 'createClient';
      username: string;
      password: string;
      clientid?: string;
      textname?: string;
      roles?: DynsecRoleRef[];
    }
  | { command: 'deleteClient'; username: string }
  | { command: 'setClientPassword'; username: string; password: string }
  | {
      command: 'modifyClient';
      username: string;
      password?: string;
      clientid?: string;
      textname?: string;
      roles?: DynsecRoleRef[];
    }
  | { command: 'enableClient' | 'disableClient'; username: string }
  | { command: 'getClient'; username: string }
  | { command: 'listClients'; verbose?: boolean; count?: number; offset?: number }
  | { command: 'addClientRole'; username: string; rolename: string; priority?: number }
  | { command: 'createRole'; rolename: string; textname?: string; acls?: DynsecAcl[] }
  | { command: 'deleteRole'; rolename: string }
  | { command: 'getRole'; rolename: string }
  | ({ command: 'addRoleACL'; rolename: string } & DynsecAcl);

/** An error the plugin answered (`error` of its response), e.g. "Client already exists". */
export class DynsecError extends Error {
  override name = 'DynsecError';
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`dynamic security ${command}: ${reason}`);
  }
}

/** The plugin's error texts the callers branch on (Mosquitto 2.0). */
export const isAlreadyExists = (err: unknown) =>
  err instanceof DynsecError && /already exists/i.test(err.reason);
export const isNotFound = (err: unknown) => err instanceof DynsecError && /not found/i.test(err.reason);

interface Pending {
  command: string;
  resolve: (data: unknown) => void;
  reject: (err: Error) => void;
}

interface DynsecResponse {
  command?: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

export interface DynsecConnectOptions {
  /** The broker (MQTT_URL); user and password in it are replaced by the admin's below. */
  url: string;
  username: string;
  password: string;
  /** Per command; a broker that never answers (plugin not loaded, no ACL) fails after this. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
}

/**
 * Sends dynsec commands as the plugin's admin and resolves each with its `data` or rejects it
 * with a `DynsecError`. The connection is a clean session of its own (never the server's
 * device-link session) and does not reconnect: a caller that lost it opens a new one.
 */
export class DynsecClient {
  private readonly pending = new Map<string, Pending>();

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === RESPONSE_TOPIC) this.settle(payload);
    });
    client.on('close', () => this.failAll(new Error('connection to the broker closed')));
  }

  /** Connects and subscribes to the responses; refuses with the broker's reason (bad credentials). */
  static async connect(options: DynsecConnectOptions): Promise<DynsecClient> {
    const url = new URL(options.url);
    url.username = '';
    url.password = '';
    const mqttOptions: IClientOptions = {
      clientId: `hmi-registry-${hostname()}-${randomUUID().slice(0, 8)}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      username: options.username,
      password: options.password,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
    };
    const client = connect(url.toString(), mqttOptions);
    await new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        client.end(true);
        reject(
          new Error(`dynamic security: cannot connect to ${url.host} as ${options.username}: ${err.message}`),
        );
      };
      client.once('connect', () => resolve());
      client.once('error', fail);
      client.once('close', () => fail(new Error('connection closed')));
    });
    client.removeAllListeners('error');
    client.removeAllListeners('close');
    client.on('error', () => undefined);
    // MQTT.js rejects a SUBACK 0x80 (refused by the broker's ACL).
    const refused = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 }).then(
      (granted) => granted.some((g) => g.qos === 128),
      () => true,
    );
    if (refused) {
      client.end(true);
      throw new Error(`dynamic security: ${options.username} may not subscribe to ${RESPONSE_TOPIC}`);
    }
    return new DynsecClient(client, options.timeoutMs ?? 5_000);
  }

  /** Runs one command; resolves with its `data` (undefined for commands that return none). */
  async send<T = unknown>(command: DynsecCommand): Promise<T> {
    const [result] = await this.sendAll([command]);
    return result as T;
  }

  /**
   * Runs commands in one message; the plugin applies them in order. Rejects with the first
   * command that failed (those before it took effect, those after it were still applied).
   */
  async sendAll(commands: DynsecCommand[]): Promise<unknown[]> {
    const ids = commands.map(() => randomUUID());
    const replies = commands.map(
      (c, i) =>
        new Promise<unknown>((resolve, reject) => {
          const id = ids[i] as string;
          const timer = setTimeout(() => {
            this.pending.delete(id);
            reject(
              new Error(
                `dynamic security ${c.command}: no answer within ${this.timeoutMs} ms ` +
                  '(is the dynamic security plugin loaded, and may this user publish to $CONTROL/dynamic-security/#?)',
              ),
            );
          }, this.timeoutMs);
          this.pending.set(id, {
            command: c.command,
            resolve: (data) => {
              clearTimeout(timer);
              resolve(data);
            },
            reject: (err) => {
              clearTimeout(timer);
              reject(err);
            },
          });
        }),
    );
    const payload = JSON.stringify({
      commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })),
    });
    this.client.publish(CONTROL_TOPIC, payload, { qos: 1 }, (err) => {
      if (!err) return;
      for (const id of ids) {
        this.pending.get(id)?.reject(err);
        this.pending.delete(id);
      }
    });
    // Every command's promise settles (answer or timeout) before the first failure is thrown.
    const settled = await Promise.allSettled(replies);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
  }

  /** Every client of the plugin (verbose: with text name and roles), a page at a time. */
  async listClients(pageSize = 1000): Promise<DynsecClientInfo[]> {
    const all: DynsecClientInfo[] = [];
    const seen = new Set<string>();
    for (let offset = 0; ; offset += pageSize) {
      const data = await this.send<{ clients?: (DynsecClientInfo | string)[] }>({
        command: 'listClients',
        verbose: true,
        count: pageSize,
        offset,
      });
      const page = (data?.clients ?? []).map((c) => (typeof c === 'string' ? { username: c } : c));
      // A page with nothing new (a broker that ignored the offset) ends the walk too.
      const fresh = page.filter((c) => !seen.has(c.username));
      for (const c of fresh) seen.add(c.username);
      all.push(...fresh);
      if (page.length < pageSize || fresh.length === 0) return all;
    }
  }

  /** One client, or undefined when the plugin does not know it. */
  async getClient(username: string): Promise<DynsecClientInfo | undefined> {
    try {
      const data = await this.send<{ client?: DynsecClientInfo }>({ command: 'getClient', username });
      return data?.client;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async close(): Promise<void> {
    this.failAll(new Error('dynamic security client closed'));
    await this.client.endAsync();
  }

  private settle(payload: Buffer): void {
    let responses: DynsecResponse[];
    try {
      responses = (JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] }).responses ?? [];
    } catch {
      return;
    }
    for (const r of responses) {
      const pending = r.correlationData === undefined ? undefined : this.pending.get(r.correlationData);
      if (!pending || r.correlationData === undefined) continue;
      this.pending.delete(r.correlationData);
      if (r.error) pending.reject(new DynsecError(pending.command, r.error));
      else pending.resolve(r.data);
    }
  }

  private failAll(err: Error): void {
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(err);
    }
  }
}
