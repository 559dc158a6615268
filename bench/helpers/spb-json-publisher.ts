/**
 * The device side of bench/sparkplug-ingest.ts, run as its own process (so that the server's CPU
 * time is measured alone): JSON devices of our protocol (`hmi/v1/{sn}/data`) and Sparkplug B
 * edge nodes (one device each), every one on its own MQTT connection, publishing QoS 1 messages
 * of the same tags with the same values: REAL (a Sparkplug Float) and UINT16 (UInt16)
 * alternately, like bench/helpers/publisher.ts.
 *
 * Driven over IPC: the job (below); it connects everything, births the edge nodes (NBIRTH seq 0
 * with bdSeq, DBIRTH seq 1 with names, aliases and types) and sends { type: 'ready' }. Then each
 * { type: 'run', protocol: 'json' | 'spb', perConnection } publishes that many messages on each
 * connection of that protocol, `inflight` unacknowledged at a time per connection, and answers
 * { type: 'done', acked, elapsedMs, rebirths }. An NCMD `Node Control/Rebirth` gets the births
 * again (counted: a steady stream should get none). { type: 'stop' } disconnects and exits.
 */
import { connect, type MqttClient } from 'mqtt';
import {
  BDSEQ_METRIC,
  DataType,
  encodePayload,
  REBIRTH_METRIC,
  spbTopic,
  type SpbMetric,
} from '@hmi/domain/sparkplug';

export interface SpbJsonJob {
  url: string;
  /** Our protocol's devices and the ids and types (7 REAL, 1 UINT16) of their template's tags. */
  json: { sn: string; secret: string; tagIds: { id: number; type: number }[] }[];
  /** Edge nodes, each with the one device `deviceId`. */
  spb: { sn: string; secret: string; groupId: string; edgeNodeId: string; deviceId: string }[];
  /** Metrics of each Sparkplug device: `tag0`.. alternately Float and UInt16. */
  metrics: number;
  inflight: number;
}

const send = (m: object) => process.send?.(m);

/** The value of a tag of our type 7 (REAL) or 1 (UINT16), as publisher.ts makes them. */
const valueOf = (type: number, ts: number) =>
  type === 7 ? Math.round(Math.random() * 1e5) / 100 : ((ts / 7) % 60_000) | 0;

interface Node {
  client: MqttClient;
  job: SpbJsonJob['spb'][number];
  seq: number;
  lastTs: number;
}

process.once('message', (job: SpbJsonJob) => {
  void run(job).catch((err: unknown) => {
    send({ type: 'error', error: String(err) });
    process.exit(1);
  });
});

async function run(job: SpbJsonJob) {
  const metricType = (i: number) => (i % 2 === 0 ? DataType.Float : DataType.UInt16);
  const alias = (i: number) => String(i + 10);
  const topicOf = (n: Node['job'], messageType: 'NBIRTH' | 'DBIRTH' | 'DDATA' | 'NDEATH') =>
    spbTopic({
      groupId: n.groupId,
      messageType,
      edgeNodeId: n.edgeNodeId,
      ...(messageType[0] === 'D' ? { deviceId: n.deviceId } : {}),
    });
  const bdSeq = (): SpbMetric => ({ name: BDSEQ_METRIC, datatype: DataType.UInt64, value: '0' });
  let rebirths = 0;

  const connectOne = (sn: string, secret: string, will?: { topic: string; payload: Buffer }) =>
    new Promise<MqttClient>((resolve, reject) => {
      const c = connect(job.url, {
        clientId: sn,
        username: sn,
        password: secret,
        reconnectPeriod: 0,
        protocolVersion: 4,
        connectTimeout: 120_000,
        ...(will ? { will: { ...will, qos: 1 as const, retain: false } } : {}),
      });
      c.once('connect', () => resolve(c));
      c.once('error', reject);
    });

  /** NBIRTH and DBIRTH, seq 0 and 1 (taken in publish order). */
  const births = (n: Node) => {
    const ts = Date.now();
    n.seq = 0;
    const nbirth = encodePayload({
      timestamp: ts,
      seq: n.seq++,
      metrics: [bdSeq(), { name: REBIRTH_METRIC, datatype: DataType.Boolean, value: false }],
    });
    const dbirth = encodePayload({
      timestamp: ts,
      seq: n.seq++,
      metrics: Array.from({ length: job.metrics }, (_, i) => ({
        name: `tag${i}`,
        alias: alias(i),
        datatype: metricType(i),
        value: valueOf(metricType(i) === DataType.Float ? 7 : 1, ts),
      })),
    });
    return Promise.all([
      n.client.publishAsync(topicOf(n.job, 'NBIRTH'), Buffer.from(nbirth), { qos: 1 }),
      n.client.publishAsync(topicOf(n.job, 'DBIRTH'), Buffer.from(dbirth), { qos: 1 }),
    ]);
  };

  // Connected in waves (each connection verifies a hashed secret on the broker), before 'ready'.
  const jsonClients: MqttClient[] = [];
  for (let i = 0; i < job.json.length; i += 20)
    jsonClients.push(
      ...(await Promise.all(job.json.slice(i, i + 20).map((d) => connectOne(d.sn, d.secret)))),
    );
  const nodes: Node[] = [];
  for (let i = 0; i < job.spb.length; i += 20) {
    const wave = await Promise.all(
      job.spb.slice(i, i + 20).map(async (n) => {
        const death = encodePayload({ metrics: [bdSeq()] });
        const client = await connectOne(n.sn, n.secret, {
          topic: topicOf(n, 'NDEATH'),
          payload: Buffer.from(death),
        });
        const node: Node = { client, job: n, seq: 0, lastTs: 0 };
        const ncmd = spbTopic({ groupId: n.groupId, messageType: 'NCMD', edgeNodeId: n.edgeNodeId });
        client.on('message', (topic) => {
          if (topic !== ncmd) return;
          rebirths++;
          void births(node);
        });
        await client.subscribeAsync(ncmd, { qos: 1 });
        await births(node);
        return node;
      }),
    );
    nodes.push(...wave);
  }

  const jsonLastTs = job.json.map(() => 0);
  const jsonPayload = (i: number) => {
    const ts = (jsonLastTs[i] = Math.max(Date.now(), jsonLastTs[i]! + 1));
    const v: Record<string, number> = {};
    for (const t of job.json[i]!.tagIds) v[t.id] = valueOf(t.type, ts);
    return JSON.stringify({ ts, v });
  };
  const ddata = (n: Node) => {
    const ts = (n.lastTs = Math.max(Date.now(), n.lastTs + 1));
    const metrics: SpbMetric[] = new Array<SpbMetric>(job.metrics);
    for (let i = 0; i < job.metrics; i++) {
      const datatype = metricType(i);
      metrics[i] = { alias: alias(i), datatype, value: valueOf(datatype === DataType.Float ? 7 : 1, ts) };
    }
    const seq = n.seq;
    n.seq = (n.seq + 1) % 256;
    return Buffer.from(encodePayload({ timestamp: ts, seq, metrics }));
  };

  send({ type: 'ready' });
  process.on('message', (m: { type: string; protocol?: 'json' | 'spb'; perConnection?: number }) => {
    if (m.type === 'stop') {
      void Promise.all([...jsonClients, ...nodes.map((n) => n.client)].map((c) => c.endAsync(true))).then(
        () => process.exit(0),
      );
      return;
    }
    if (m.type !== 'run') return;
    const per = m.perConnection!;
    const before = rebirths;
    const started = performance.now();
    let acked = 0;
    /** Publishes `per` messages on one connection, `inflight` at a time. */
    const drive = async (publish: () => Promise<unknown>) => {
      let left = per;
      const lane = async () => {
        while (left > 0) {
          left--;
          await publish();
          acked++;
        }
      };
      await Promise.all(Array.from({ length: job.inflight }, lane));
    };
    const runs =
      m.protocol === 'json'
        ? jsonClients.map((c, i) =>
            drive(() => c.publishAsync(`hmi/v1/${job.json[i]!.sn}/data`, jsonPayload(i), { qos: 1 })),
          )
        : nodes.map((n) => drive(() => n.client.publishAsync(topicOf(n.job, 'DDATA'), ddata(n), { qos: 1 })));
    void Promise.all(runs).then(
      () =>
        send({ type: 'done', acked, elapsedMs: performance.now() - started, rebirths: rebirths - before }),
      (err: unknown) => {
        send({ type: 'error', error: String(err) });
        process.exit(1);
      },
    );
  });
}
