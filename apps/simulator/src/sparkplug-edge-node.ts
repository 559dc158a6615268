import { connect, type MqttClient } from 'mqtt';
import {
  BDSEQ_METRIC,
  DataType,
  decodePayload,
  decodeState,
  encodePayload,
  REBIRTH_METRIC,
  spbTopic,
  stateTopic,
  type SpbMessageType,
  type SpbMetric,
  type SpbPayload,
  type SpbValue,
} from '@hmi/domain/sparkplug';
import type { SimulatorConnectionOptions } from './simulated-device.ts';
import { dropConnection, leaveCleanly } from './mqtt-exit.ts';
import {
  DEFAULT_METRICS,
  simulatedDevice,
  simulatedMetrics,
  type SimDevice,
  type SimulatedMetric,
} from './sparkplug-metrics.ts';

export { simulatedMetrics, type SimulatedMetric } from './sparkplug-metrics.ts';

/** An edge node's options: its connection (its SN is the node's), its identity, its devices. */
export interface SparkplugEdgeNodeOptions extends SimulatorConnectionOptions {
  groupId: string;
  edgeNodeId: string;
  /** Device ids under the node (each becomes the device `{sn}-{deviceId}` in the console). */
  devices: readonly string[];
  /** Milliseconds between two DDATA of a device. Default 1000. */
  rate?: number;
  /** Metrics of each device (a cycle of Double, Int32, Boolean, UInt64, String). Default 5. */
  metricsPerDevice?: number;
  /** The primary host application id whose STATE the node follows. Default `hmi-cloud`. */
  hostId?: string;
  /** bdSeq of the first connection (then +1 on each new connection, 0..255). Default 0. */
  bdSeq?: number;
}

export interface SparkplugEdgeNodeHandle {
  readonly sn: string;
  readonly groupId: string;
  readonly edgeNodeId: string;
  /** The device ids under the node. */
  readonly devices: readonly string[];
  readonly connected: boolean;
  /** bdSeq of the current (or last) connection. */
  readonly bdSeq: number;
  /** NBIRTHs published (the first one and every rebirth). */
  readonly births: number;
  /** DDATA messages published. */
  readonly published: number;
  /** The metrics of a device as its DBIRTH declares them. */
  metrics(deviceId: string): readonly SimulatedMetric[];
  /** The values a device would report now, by metric name. */
  values(deviceId: string): Record<string, SpbValue>;
  /** Publishes one DDATA of every device now (outside the rate): for benches and tests. */
  publishData(): Promise<void>;
  /** Clean stop: publishes the NDEATH (a clean disconnect sends no Last Will) and disconnects. */
  stop(): Promise<void>;
  /** Simulates a power loss: the socket dies and the broker publishes the Last Will (NDEATH). */
  crash(): void;
}

/**
 * A Sparkplug B 3.0 edge node with devices (docs/protocol.md, "Sparkplug B"): connects with
 * client id = username = its SN and its PIN, a Last Will NDEATH carrying bdSeq, subscribes to
 * its NCMD, DCMD and the host's STATE, then publishes NBIRTH (seq 0, bdSeq, `Node
 * Control/Rebirth`) and a DBIRTH per device, then a DDATA of every device's metrics (by alias)
 * every `rate` ms, seq 0-255 wrapping across all its messages. `Node Control/Rebirth` (NCMD)
 * republishes the births (a new seq 0, same bdSeq); a DCMD sets metrics, reported in a DDATA at
 * once and held from then on; the host coming back online (STATE) gets the births again. Each new
 * connection increments bdSeq. Resolves once connected and born; rejects when the first
 * connection is refused.
 */
export async function startSparkplugEdgeNode(
  options: SparkplugEdgeNodeOptions,
): Promise<SparkplugEdgeNodeHandle> {
  const { sn, secret, groupId, edgeNodeId } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const rate = options.rate ?? 1_000;
  const perDevice = options.metricsPerDevice ?? DEFAULT_METRICS;
  const hostId = options.hostId ?? 'hmi-cloud';
  if (!(rate >= 1 && rate <= 3_600_000)) throw new RangeError('rate must be 1..3600000 ms between DDATA');
  if (!Number.isInteger(perDevice) || perDevice < 1 || perDevice > 10_000)
    throw new RangeError('metricsPerDevice must be an integer from 1 to 10000');
  if (new Set(options.devices).size !== options.devices.length)
    throw new RangeError('device ids must be distinct');
  // Throws on an id that cannot be a topic level.
  for (const d of options.devices) spbTopic({ groupId, messageType: 'DDATA', edgeNodeId, deviceId: d });
  const started = now();

  // Node metrics take aliases 1 and 2; each device a block of its own after them (1001.., 2001..).
  const block = Math.ceil((perDevice + 1) / 1_000) * 1_000;
  const devices: SimDevice[] = options.devices.map((id, i) => {
    return simulatedDevice(`${sn}/${id}`, id, simulatedMetrics(perDevice, block * (i + 1) + 1));
  });
  const byId = new Map(devices.map((d) => [d.id, d]));

  let bdSeq = (options.bdSeq ?? 0) % 256;
  let seq = 0;
  let births = 0;
  let published = 0;
  let born = false;
  let stopping = false;
  /** The host's last STATE timestamp and whether it said online. */
  let hostState: { online: boolean; timestamp: number } | undefined;

  const topic = (messageType: SpbMessageType, deviceId?: string) =>
    spbTopic({ groupId, messageType, edgeNodeId, ...(deviceId !== undefined ? { deviceId } : {}) });
  const deathPayload = () =>
    Buffer.from(
      encodePayload({
        timestamp: now(),
        metrics: [{ name: BDSEQ_METRIC, datatype: DataType.UInt64, value: String(bdSeq) }],
      }),
    );

  const client: MqttClient = connect(options.url, {
    clientId: sn,
    username: sn,
    password: secret,
    clean: true,
    protocolVersion: 4,
    keepalive: options.keepalive ?? 30,
    reconnectPeriod: options.reconnectPeriodMs ?? 5_000,
    connectTimeout: 10_000,
    will: { topic: topic('NDEATH'), payload: deathPayload(), qos: 1, retain: false },
    ...(options.tls ?? {}),
  });

  const nextSeq = () => {
    const s = seq;
    seq = (seq + 1) % 256;
    return s;
  };

  /** Publishes with the next seq (taken synchronously, so messages go out in seq order). */
  const publish = (messageType: SpbMessageType, payload: Omit<SpbPayload, 'seq'>, deviceId?: string) =>
    client
      .publishAsync(
        topic(messageType, deviceId),
        Buffer.from(encodePayload({ ...payload, seq: nextSeq() })),
        {
          qos: 1,
        },
      )
      .then(
        () => undefined,
        (err: Error) => {
          if (!stopping) log(`${sn}: publish ${messageType} failed: ${err.message}`);
        },
      );

  const valueOf = (d: SimDevice, k: number, seconds: number): SpbValue =>
    d.overrides.has(k) ? d.overrides.get(k)! : d.signals[k]!(seconds);

  const deviceMetrics = (d: SimDevice, withNames: boolean, only?: readonly number[]): SpbMetric[] => {
    const seconds = (now() - started) / 1000;
    return (only ?? d.metrics.map((_, k) => k)).map((k) => {
      const m = d.metrics[k]!;
      const value = valueOf(d, k, seconds);
      return withNames
        ? {
            name: m.name,
            alias: m.alias,
            datatype: m.datatype,
            value,
            ...(m.unit ? { properties: { engUnit: m.unit } } : {}),
          }
        : { alias: m.alias, datatype: m.datatype, value };
    });
  };

  /** NBIRTH (seq 0) and every DBIRTH, all queued before any later DDATA can take a seq. */
  const publishBirths = (): Promise<unknown> => {
    seq = 0;
    births++;
    born = true;
    const ts = now();
    const sent = [
      publish('NBIRTH', {
        timestamp: ts,
        metrics: [
          { name: BDSEQ_METRIC, datatype: DataType.UInt64, value: String(bdSeq) },
          { name: REBIRTH_METRIC, alias: '1', datatype: DataType.Boolean, value: false },
          { name: 'Properties/Devices', alias: '2', datatype: DataType.Int32, value: devices.length },
        ],
      }),
      ...devices.map((d) => publish('DBIRTH', { timestamp: ts, metrics: deviceMetrics(d, true) }, d.id)),
    ];
    return Promise.all(sent);
  };

  const publishDeviceData = (d: SimDevice, only?: readonly number[]) => {
    published++;
    return publish('DDATA', { timestamp: now(), metrics: deviceMetrics(d, false, only) }, d.id);
  };

  const publishData = async () => {
    if (!born || !client.connected) return;
    await Promise.all(devices.map((d) => publishDeviceData(d)));
  };

  /** Settles with the first births (or the failure of the first announcement). */
  let firstBirth: (err?: Error) => void = () => undefined;
  const bornOnce = new Promise<void>(
    (resolve, reject) => (firstBirth = (err) => (err ? reject(err) : resolve())),
  );
  const announce = async () => {
    await client.subscribeAsync(
      [`${topic('NCMD')}`, `spBv1.0/${groupId}/DCMD/${edgeNodeId}/#`, stateTopic(hostId)],
      { qos: 1 },
    );
    await publishBirths();
    firstBirth();
    log(`${sn}: born as ${groupId}/${edgeNodeId} (bdSeq ${bdSeq}) with ${devices.length} device(s)`);
  };

  const nodeCommand = (payload: SpbPayload) => {
    const rebirth = payload.metrics.some(
      (m) => (m.name === REBIRTH_METRIC || m.alias === '1') && m.value === true,
    );
    if (rebirth && born) {
      log(`${sn}: rebirth requested`);
      void publishBirths();
    }
  };

  const deviceCommand = (d: SimDevice, raw: Buffer) => {
    let payload: SpbPayload;
    try {
      payload = decodePayload(raw, (alias, name) => {
        const k =
          alias !== undefined ? d.byAlias.get(alias) : name !== undefined ? d.byName.get(name) : undefined;
        return k === undefined ? undefined : d.metrics[k]!.datatype;
      });
    } catch (err) {
      return log(`${sn}: DCMD for ${d.id} ignored: ${(err as Error).message}`);
    }
    const written: number[] = [];
    for (const m of payload.metrics) {
      const k =
        m.alias !== undefined
          ? d.byAlias.get(m.alias)
          : m.name !== undefined
            ? d.byName.get(m.name)
            : undefined;
      if (k === undefined || m.unsupported !== undefined) {
        log(`${sn}: DCMD for ${d.id}: unknown metric ${m.name ?? `alias ${m.alias}`}`);
        continue;
      }
      if (m.datatype !== undefined && m.datatype !== d.metrics[k]!.datatype) {
        log(`${sn}: DCMD for ${d.id}: ${d.metrics[k]!.name} is not of type ${m.datatype}`);
        continue;
      }
      d.overrides.set(k, m.isNull ? null : m.value);
      written.push(k);
      log(`${sn}: ${d.id}/${d.metrics[k]!.name} = ${JSON.stringify(m.value)}`);
    }
    if (written.length > 0 && born && client.connected) void publishDeviceData(d, written);
  };

  const hostStateChanged = (raw: Buffer) => {
    const state = decodeState(raw);
    if (!state) return;
    const previous = hostState;
    if (previous && state.timestamp < previous.timestamp) return; // an older host's word
    hostState = state;
    // The host came back (a new session): it needs this node's births.
    if (state.online && previous && !previous.online && born && client.connected) {
      log(`${sn}: host ${hostId} online again: births republished`);
      void publishBirths();
    }
  };

  const ncmdTopic = topic('NCMD');
  const dcmdPrefix = `spBv1.0/${groupId}/DCMD/${edgeNodeId}/`;
  const hostTopic = stateTopic(hostId);
  client.on('message', (t, payload) => {
    if (t === hostTopic) return hostStateChanged(payload);
    if (t === ncmdTopic) {
      try {
        return nodeCommand(decodePayload(payload));
      } catch (err) {
        return log(`${sn}: NCMD ignored: ${(err as Error).message}`);
      }
    }
    if (t.startsWith(dcmdPrefix)) {
      const d = byId.get(t.slice(dcmdPrefix.length));
      if (d) deviceCommand(d, payload);
    }
  });

  let connections = 0;
  client.on('connect', () => {
    connections++;
    log(`${sn}: connected`);
    announce().catch((err: Error) => {
      log(`${sn}: births failed: ${err.message}`);
      firstBirth(err);
    });
  });
  client.on('close', () => {
    born = false;
    if (stopping) return;
    log(`${sn}: connection closed`);
    // The next connection is a new session: a new bdSeq in its Last Will and its NBIRTH.
    if (connections > 0) {
      bdSeq = (bdSeq + 1) % 256;
      connections = 0;
      if (client.options.will) client.options.will.payload = deathPayload();
    }
  });

  const timer = setInterval(() => void publishData(), rate);

  await new Promise<void>((resolve, reject) => {
    const onConnect = () => {
      client.off('error', onError);
      client.on('error', (err) => log(`${sn}: ${err.message}`));
      bornOnce.then(resolve, (err: Error) => {
        clearInterval(timer);
        client.end(true);
        reject(new Error(`${sn}: could not announce itself: ${err.message}`, { cause: err }));
      });
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

  const metricsOf = (deviceId: string) => {
    const d = byId.get(deviceId);
    if (!d) throw new RangeError(`no device ${deviceId} under ${sn}`);
    return d;
  };

  return {
    sn,
    groupId,
    edgeNodeId,
    devices: devices.map((d) => d.id),
    get connected() {
      return client.connected;
    },
    get bdSeq() {
      return bdSeq;
    },
    get births() {
      return births;
    },
    get published() {
      return published;
    },
    metrics: (deviceId) => metricsOf(deviceId).metrics,
    values(deviceId) {
      const d = metricsOf(deviceId);
      const seconds = (now() - started) / 1000;
      return Object.fromEntries(d.metrics.map((m, k) => [m.name, valueOf(d, k, seconds)]));
    },
    publishData,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      await leaveCleanly(client, () =>
        client.publishAsync(topic('NDEATH'), deathPayload(), { qos: 1, retain: false }),
      );
    },
    crash() {
      stopping = true;
      clearInterval(timer);
      dropConnection(client);
    },
  };
}
