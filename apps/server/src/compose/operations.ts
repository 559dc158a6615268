import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { TrafficMeter, TunnelHub } from '../modules/remote/tunnel-hub.ts';
import type { HealthService } from '../modules/health/health.service.ts';
import { ReadinessService } from '../modules/health/readiness.service.ts';
import type { HistoryStore } from '../modules/history-store/index.ts';
import type { BatchMeter } from '../modules/history-store/history-writer.ts';
import type { LiveHub } from '../modules/live/live-hub.ts';
import { MailOutboxRepo } from '../modules/notify/mail-outbox.repo.ts';
import type { NotifyHub } from '../modules/notify/notify-hub.ts';
import type { DeviceLink } from '../plugins/mqtt/device-link.ts';
import { attached } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

/*
 * What operators read of a server (docs/metrics.md): the metrics registered on the app's
 * registry (`infra.metrics`, plugins/metrics.ts) and readiness. Gauges read the state the parts
 * already keep when Prometheus scrapes (collect callbacks); counters are fed once per batch or
 * per event, never per data point; nothing here is module-level state.
 */

/** The reasons of hmi_ingest_dropped_total, by the drop counters of the history writer. */
const DROP_REASONS = {
  unknown_tag: 'unknownTag',
  wrong_type: 'wrongType',
  bad_payload: 'badPayload',
  template_locked: 'templateLocked',
  tag_quota: 'tagQuota',
} as const;

/**
 * The history writer's batches: data points accepted and dropped (by reason), commit seconds and
 * failures. Given to the writer (compose/devices.ts); it calls it once per batch transaction.
 */
export function historyBatchMeter(registry: Registry): BatchMeter {
  const registers = [registry];
  const points = new Counter({
    name: 'hmi_ingest_points_total',
    help: 'Data points the ingest pipeline accepted, counted when their history batch committed',
    registers,
  });
  const dropped = new Counter({
    name: 'hmi_ingest_dropped_total',
    help: 'Data points dropped by ingest (counted when their drop counters committed), by reason',
    labelNames: ['reason'],
    registers,
  });
  const byReason = Object.entries(DROP_REASONS).map(([reason, field]) => {
    const child = dropped.labels(reason);
    child.inc(0);
    return { child, field };
  });
  const commit = new Histogram({
    name: 'hmi_history_commit_seconds',
    help: 'Seconds a history batch transaction took to commit',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const failed = new Counter({
    name: 'hmi_history_commit_failures_total',
    help: 'History batch transactions that failed (their devices send again)',
    registers,
  });
  return {
    batch(n, drops, seconds, ok) {
      if (!ok) {
        failed.inc();
        return;
      }
      commit.observe(seconds);
      if (n > 0) points.inc(n);
      for (const d of drops.values())
        for (const { child, field } of byReason) {
          const v = d[field];
          if (v) child.inc(v);
        }
    },
  };
}

/**
 * The tunnels' traffic meter, counting the bytes it records into hmi_remote_bytes_total (up:
 * browser to device, down: device to browser), once recorded: every REMOTE_TRAFFIC_FLUSH_MS and
 * when a session ends.
 */
export function meteredTraffic(meter: TrafficMeter, registry: Registry): TrafficMeter {
  const bytes = new Counter({
    name: 'hmi_remote_bytes_total',
    help: 'Bytes through remote access tunnels, recorded in the traffic ledger, by direction',
    labelNames: ['direction'],
    registers: [registry],
  });
  const up = bytes.labels('up');
  const down = bytes.labels('down');
  up.inc(0);
  down.inc(0);
  return {
    record: async (deviceId, delta, at) => {
      await meter.record(deviceId, delta, at);
      up.inc(Math.max(0, Math.trunc(delta.up)));
      down.inc(Math.max(0, Math.trunc(delta.down)));
    },
    canStart: (deviceId, at, confirmed12g) => meter.canStart(deviceId, at, confirmed12g),
  };
}

export interface OperationsNeeds {
  health: HealthService;
  historyStore: HistoryStore;
  deviceLink: DeviceLink;
  liveHub: LiveHub;
  notifyHub: NotifyHub;
  tunnelHub: TunnelHub;
}

/**
 * Readiness, the gauges read at each scrape, and the runnable counting alarm transitions (the
 * 'alarm.event's this server publishes: raised, repeated, acked, recovered).
 */
export function composeOperations(infra: Infrastructure, needs: OperationsNeeds) {
  const { db, bus, metrics: registry, log } = infra;
  const registers = [registry];
  const writer = needs.historyStore.writer;
  new Gauge({
    name: 'hmi_history_pending_points',
    help: 'Data points accepted and not yet committed (the history write queue)',
    registers,
    collect() {
      this.set(writer.pending);
    },
  });
  const link = needs.deviceLink;
  if (link.kind === 'embedded')
    new Gauge({
      name: 'hmi_devices_connected',
      help: "Devices with an authenticated connection to this server's embedded MQTT broker",
      registers,
      collect() {
        this.set(link.connectedDevices() ?? 0);
      },
    });
  const { liveHub, notifyHub, tunnelHub } = needs;
  new Gauge({
    name: 'hmi_browser_sockets',
    help: 'Open browser WebSockets on this server, by kind (live: device data, notify: messages)',
    labelNames: ['kind'],
    registers,
    collect() {
      this.set({ kind: 'live' }, liveHub.size);
      this.set({ kind: 'notify' }, notifyHub.size);
    },
  });
  new Gauge({
    name: 'hmi_remote_sessions_open',
    help: 'Remote access tunnels this server holds',
    registers,
    collect() {
      this.set(tunnelHub.size);
    },
  });
  const outbox = new MailOutboxRepo(db);
  new Gauge({
    name: 'hmi_mail_outbox_backlog',
    help: 'Mails of the outbox not sent yet, every server together (pending: waiting; claimed: being sent)',
    labelNames: ['state'],
    registers,
    async collect() {
      try {
        const backlog = await outbox.backlog();
        this.set({ state: 'pending' }, backlog.pending);
        this.set({ state: 'claimed' }, backlog.claimed);
      } catch (err) {
        // The database is down: the scrape still answers (readiness says why), without this gauge.
        this.reset();
        log.warn({ err }, 'metrics: mail outbox backlog not read');
      }
    },
  });
  const transitions = new Counter({
    name: 'hmi_alarm_transitions_total',
    help: 'Alarm record transitions this server committed, by event',
    labelNames: ['event'],
    registers,
  });
  for (const event of ['raised', 'repeated', 'acked', 'recovered']) transitions.labels(event).inc(0);
  const health = needs.health;
  return {
    services: {
      readiness: new ReadinessService({
        db: () => health.pingDatabase(),
        mqtt: () => link.isReady(),
        bus: () => bus.ping(),
      }),
    },
    /** Counts alarm transitions from start to stop. */
    runnable: attached(() =>
      bus.subscribe('alarm.event', (e) => transitions.labels(e.event).inc(), 'origin'),
    ),
  };
}

export type Operations = ReturnType<typeof composeOperations>;
