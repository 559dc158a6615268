import { connect, type MqttClient } from 'mqtt';
import {
  decodeDevicePayload,
  deviceTopic,
  encodeDevicePayload,
  MAX_SAMPLES_PER_MESSAGE,
  parseDeviceTopic,
  type DataSample,
  type DeviceCommandResponse,
  type DeviceConfig,
  type DeviceKind,
  type TagValue,
} from '@hmi/domain';
import { buttonTag, formatValue, pressedValue } from './button-tag.ts';
import { dropConnection, leaveCleanly } from './mqtt-exit.ts';
import { runCommand, type TagState } from './device-commands.ts';
import { signalFor } from './signals.ts';
import { createDeviceRemote } from './tunnel/device-remote.ts';

/** How a simulated device or edge node reaches the broker (SN, secret, timing, TLS, clock, log). */
export interface SimulatorConnectionOptions {
  /** Broker URL: mqtt://host:port, mqtts://, ws://host:port/mqtt. */
  url: string;
  /** The SN: MQTT client id and username. */
  sn: string;
  /** Its secret (the PIN): the MQTT password. */
  secret: string;
  /** Seconds; the broker declares the client offline after 1.5 times this of silence. Default 30. */
  keepalive?: number;
  /** Delay between reconnection attempts, ms. Default 5000 (well below the flood limit). */
  reconnectPeriodMs?: number;
  /** Extra TLS options (`ca`, `rejectUnauthorized`) for mqtts:// and wss:// (broker and tunnels). */
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
  now?: () => number;
  log?: (line: string) => void;
}

export interface SimulatedDeviceOptions extends SimulatorConnectionOptions {
  kind?: DeviceKind;
  /** Data samples per second (0.2 = one every 5 s). Default 1. */
  rate?: number;
  model?: string;
  firmware?: string;
  /** Most samples kept while offline and sent as backfill (`hist: true`) after reconnecting. */
  backfillLimit?: number;
  /** Whether the HMI's VNC server is on (reported in state; off: tunnel_open to vnc is 1024). Default true. */
  vnc?: boolean;
}

export interface SimulatedDeviceHandle {
  readonly sn: string;
  readonly secret: string;
  /** The config the device runs, or undefined before the cloud sent one. */
  readonly config: DeviceConfig | undefined;
  readonly connected: boolean;
  readonly page: number;
  /** Whether the VNC server is on (the `vnc` option). */
  readonly vnc: boolean;
  /** Tunnels open now (tunnel_open minus the closed ones). */
  readonly tunnels: number;
  /** The local TCP port of the device's VNC (RFB) server, started on first use. */
  vncPort(): Promise<number>;
  /** Data messages published (backfill included). */
  readonly published: number;
  /** The values the device would report now, by tag id. */
  values(): Record<string, TagValue>;
  /** Resolves the next time the device applies a config. */
  nextConfig(): Promise<DeviceConfig>;
  /** Clean stop: publishes `{"online":false}` (retained) and disconnects. */
  stop(): Promise<void>;
  /** Simulates a power loss: the socket dies and the broker publishes the Last Will. */
  crash(): void;
}

/**
 * One simulated HMI or gateway speaking only the device protocol (DESIGN section 5). Resolves
 * once the device is connected and has announced itself; rejects if the first connection is
 * refused (wrong secret, unknown SN, flood limit).
 */
export async function startSimulatedDevice(options: SimulatedDeviceOptions): Promise<SimulatedDeviceHandle> {
  const { sn, secret } = options;
  const kind = options.kind ?? 'hmi';
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const rate = options.rate ?? 1;
  if (!(rate > 0 && rate <= 100)) throw new RangeError('rate must be > 0 and <= 100 samples a second');
  const started = now();
  const topic = (c: Parameters<typeof deviceTopic>[1]) => deviceTopic(sn, c);
  const backfillLimit = options.backfillLimit ?? 3_600;
  const vnc = options.vnc ?? true;

  let config: DeviceConfig | undefined;
  let tags: TagState[] = [];
  let page = 0;
  let published = 0;
  let stopping = false;
  const backlog: DataSample[] = [];
  const configWaiters: ((c: DeviceConfig) => void)[] = [];

  const client: MqttClient = connect(options.url, {
    clientId: sn,
    username: sn,
    password: secret,
    clean: true,
    protocolVersion: 4,
    keepalive: options.keepalive ?? 30,
    reconnectPeriod: options.reconnectPeriodMs ?? 5_000,
    connectTimeout: 10_000,
    will: { topic: topic('state'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    ...(options.tls ?? {}),
  });

  const stateOnline = () =>
    encodeDevicePayload('state', {
      online: true,
      kind,
      model: options.model ?? (kind === 'hmi' ? 'SIM-HMI-7' : 'SIM-GW-1'),
      firmware: options.firmware ?? '1.0.0-sim',
      ip: '127.0.0.1',
      vnc,
    });

  const sample = (at: number, hist = false): DataSample => {
    const seconds = (at - started) / 1000;
    const v: Record<string, TagValue> = {};
    for (const t of tags) v[String(t.tag.id)] = t.override !== undefined ? t.override : t.signal(seconds);
    return hist ? { ts: at, v, hist } : { ts: at, v };
  };

  const publish = (channel: Parameters<typeof deviceTopic>[1], payload: string, retain = false) =>
    client.publishAsync(topic(channel), payload, { qos: 1, retain }).catch((err: Error) => {
      if (!stopping) log(`${sn}: publish ${channel} failed: ${err.message}`);
    });

  /** Publishes a live sample of every tag and shows it on the screen. */
  const publishSample = () => {
    published++;
    remote.refresh();
    return publish('data', JSON.stringify(sample(now())));
  };

  const remote = createDeviceRemote({
    title: sn,
    vnc,
    log,
    ...(options.tls ? { tls: options.tls } : {}),
    lines: () => {
      const v = sample(now()).v;
      const target = buttonTag(tags.map((t) => t.tag));
      return {
        lines: tags.map((t) => ({ name: t.tag.name, value: formatValue(v[String(t.tag.id)]) })),
        note: target ? `PUSH writes ${target.name}` : 'PUSH: no writable tag',
      };
    },
    onPress: () => {
      const target = buttonTag(tags.map((t) => t.tag));
      const state = tags.find((t) => t.tag === target);
      if (!state || !client.connected) return log(`${sn}: PUSH pressed, nothing to write`);
      state.presses = (state.presses ?? 0) + 1;
      const current = sample(now()).v[String(state.tag.id)] ?? null;
      state.override = pressedValue(state.tag, current, state.presses);
      log(`${sn}: PUSH pressed: ${state.tag.name} = ${formatValue(state.override)}`);
      void publishSample();
    },
  });

  const announce = async () => {
    await client.subscribeAsync([topic('config'), topic('cmd')], { qos: 1 });
    await publish('state', stateOnline(), true);
    // Backfill what was measured while offline, oldest first.
    while (backlog.length > 0 && client.connected) {
      const chunk = backlog.splice(0, MAX_SAMPLES_PER_MESSAGE);
      published++;
      await publish('data', JSON.stringify(chunk));
    }
  };

  const applyConfig = async (next: DeviceConfig) => {
    config = next;
    const previous = new Map(tags.map((t) => [t.tag.id, t]));
    tags = next.tags.map((tag) => ({
      tag,
      signal: signalFor(sn, tag),
      ...(previous.get(tag.id)?.override !== undefined ? { override: previous.get(tag.id)!.override } : {}),
    }));
    log(`${sn}: runs template ${next.templateId} version ${next.version} (${tags.length} tags)`);
    await publish(
      'config/ack',
      encodeDevicePayload('config/ack', { templateId: next.templateId, version: next.version }),
    );
    for (const w of configWaiters.splice(0)) w(next);
  };

  const respond = (response: DeviceCommandResponse) =>
    publish('cmd/resp', encodeDevicePayload('cmd/resp', response));

  const handleCommand = (raw: Buffer) =>
    runCommand(raw, {
      sn,
      log,
      remote,
      tags: () => tags,
      setPage: (p) => (page = p),
      respond,
      publishSample,
      rebirth: async () => {
        await publish('state', stateOnline(), true);
        if (tags.length > 0) await publishSample();
      },
    });

  client.on('message', (t, payload) => {
    const parsed = parseDeviceTopic(t);
    if (!parsed || parsed.sn !== sn) return;
    if (parsed.channel === 'config') {
      if (payload.length === 0) return; // config cleared: keep running the last one
      const decoded = decodeDevicePayload('config', payload);
      if (!decoded.ok) return log(`${sn}: ignored a config: ${decoded.error}`);
      void applyConfig(decoded.payload);
    } else if (parsed.channel === 'cmd') {
      void handleCommand(payload);
    }
  });
  client.on('connect', () => {
    log(`${sn}: connected`);
    announce().catch((err: Error) => log(`${sn}: announce failed: ${err.message}`));
  });
  client.on('close', () => {
    if (!stopping) log(`${sn}: connection closed`);
  });

  const timer = setInterval(() => {
    if (tags.length === 0) return;
    const s = sample(now());
    if (client.connected) {
      published++;
      remote.refresh();
      void publish('data', JSON.stringify(s));
    } else {
      backlog.push({ ...s, hist: true });
      if (backlog.length > backfillLimit) backlog.shift();
    }
  }, 1000 / rate);

  await new Promise<void>((resolve, reject) => {
    const onConnect = () => {
      client.off('error', onError);
      client.on('error', (err) => log(`${sn}: ${err.message}`));
      resolve();
    };
    const onError = (err: Error) => {
      client.off('connect', onConnect);
      clearInterval(timer);
      client.end(true);
      reject(new Error(`${sn}: connection refused: ${err.message}`, { cause: err }));
    };
    client.once('connect', onConnect);
    client.once('error', onError);
  });

  return {
    sn,
    secret,
    get config() {
      return config;
    },
    get connected() {
      return client.connected;
    },
    get page() {
      return page;
    },
    get published() {
      return published;
    },
    vnc,
    get tunnels() {
      return remote.tunnels;
    },
    vncPort: () => remote.vncPort(),
    values: () => sample(now()).v,
    nextConfig: () => new Promise((resolve) => configWaiters.push(resolve)),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      await remote.stop();
      await leaveCleanly(client, () =>
        client.publishAsync(topic('state'), '{"online":false}', { qos: 1, retain: true }),
      );
    },
    crash() {
      stopping = true;
      clearInterval(timer);
      dropConnection(client);
      void remote.stop();
    },
  };
}
