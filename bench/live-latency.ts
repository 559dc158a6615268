/**
 * Publish-to-socket latency (issue 5): a device publishes QoS 1 `data` messages of 3 tags at
 * half the maximum rate measured in the same run (same device, same server), a device data
 * socket shows its tags; latency = arrival of a value on the socket - its sample time (the
 * publisher stamps samples with the wall clock when it publishes). Values are coalesced per
 * socket (LIVE_COALESCE_MS, 250 ms), so a value can wait up to a window. Target p99 <= window + 50 ms.
 *
 * The devices stamp a sample with the wall clock, or 1 ms after their previous sample when that
 * is later (timestamps of a device are unique): a device sending more than 1,000 messages a second
 * would run its clock ahead of time and make latencies negative. So the load is spread over
 * enough devices to keep each one well under that (checked: the run is refused otherwise).
 *
 *   npx tsx bench/live-latency.ts      (about 30 s)
 */
import { LiveLimits } from '@hmi/domain';
import { WebSocket } from 'ws';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  percentile,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';
import { runPublisher } from './helpers/run-publisher.ts';

// Enough devices that each stays well under 1,000 messages a second at half the maximum rate.
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);

async function main() {
  console.log(`machine: ${machine()}`);
  const server = await startBenchServer();
  try {
    const coalesce = server.app.config.live.coalesceMs;
    const team = await benchTeam(server.app);
    const t = await benchTemplate(server.app, team.teamId, 3);
    const devices = await benchDevices(server.app, team.teamId, t.templateId, DEVICES);
    const job = {
      url: server.mqttUrl,
      devices: devices.map((d) => ({ ...d, tagIds: t.tags })),
      inflight: 8,
    };
    const max = await runPublisher({ ...job, mode: 'max', durationMs: 3_000 });
    const maxRate = max.acked / (max.elapsedMs / 1000);

    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws/device?token=${team.token}`);
    const latencies: number[] = [];
    let frames = 0;
    let measuring = false;
    ws.on('message', (raw) => {
      const now = Date.now();
      const m = JSON.parse(raw.toString()) as { type: string; items?: { ts: number }[] };
      if (m.type !== 'data' || !measuring) return;
      frames++;
      for (const item of m.items ?? []) latencies.push(now - item.ts);
    });
    await new Promise((r) => ws.once('message', r));
    // A socket shows at most LiveLimits.devicesPerSocketMax devices: latencies are those of the first ones.
    const shown = devices.slice(0, LiveLimits.devicesPerSocketMax).map((d) => d.id);
    ws.send(JSON.stringify({ type: 'subscribe', device_ids: shown, page_size: 20 }));
    await new Promise((r) => setTimeout(r, 300));
    const ping = setInterval(() => ws.send('{"type":"ping"}'), 10_000);
    const half = await runPublisher(
      { ...job, mode: 'rate', rate: maxRate / 2, durationMs: 10_000 },
      () => (measuring = true),
    );
    await new Promise((r) => setTimeout(r, coalesce + 200));
    clearInterval(ping);
    ws.terminate();

    const perDevice = half.acked / (half.elapsedMs / 1000) / DEVICES;
    if (latencies.length === 0) throw new Error('invalid run: no value reached the socket');
    if (perDevice > 500 || percentile(latencies, 1) < 0)
      throw new Error(
        `invalid run: ${perDevice.toFixed(0)} messages/s per device (sample clocks ahead of time); raise DEVICES`,
      );
    const p99 = percentile(latencies, 99);
    console.log(
      `max rate (QoS 1, ${DEVICES} devices, 3 tags): ${maxRate.toFixed(0)} messages/s; run at half: ${(half.acked / (half.elapsedMs / 1000)).toFixed(0)} messages/s`,
    );
    console.log(
      `${frames} frames (${(frames / (half.elapsedMs / 1000)).toFixed(1)}/s), ${latencies.length} values on the socket`,
    );
    console.log(
      `publish-to-socket latency: p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms, max ${Math.max(...latencies)} ms; target p99 <= ${coalesce + 50} ms (coalescing window ${coalesce} + 50): ${p99 <= coalesce + 50 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
