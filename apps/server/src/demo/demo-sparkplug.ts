import { simulatedIdentity, startSparkplugEdgeNode, type SparkplugEdgeNodeHandle } from '@hmi/simulator';
import type { FastifyInstance } from 'fastify';
import type { DemoDevice, DemoOptions } from './demo-seed.ts';

/**
 * The demo's Sparkplug B 3.0 edge node (apps/simulator/src/sparkplug-edge-node.ts): a gateway
 * whose SN and PIN come from the demo seed (an index no plain demo device uses), with two devices
 * that the host application registers as `{node SN}-{device id}` on their births and that bind
 * with the node's PIN. Their templates are generated from their births (`spB {node}/{device}`).
 */
export function demoEdgeNode(seed: string) {
  return {
    ...simulatedIdentity(seed, 9_001, 'gateway'),
    groupId: 'Demo',
    edgeNodeId: 'Syrup_room',
    devices: [
      { id: 'Mixer', name: 'Mixer_SPB' },
      { id: 'Dosing', name: 'Dosing_SPB' },
    ],
  } as const;
}

export type DemoEdgeNode = ReturnType<typeof demoEdgeNode>;

/**
 * The devices under the demo's edge node, as the demo binds them: SN `{node SN}-{device id}`
 * (the host application registers them so on their births), the node's PIN, and the template the
 * host generates from their births (`spB {edge node id}/{device id}`).
 */
export function demoSparkplugDevices(node: DemoEdgeNode): DemoDevice[] {
  return node.devices.map((d) => ({
    sn: `${node.sn}-${d.id}`,
    sparkplugId: d.id,
    pin: node.secret,
    kind: 'gateway',
    name: d.name,
    group: 'Plant A',
    template: `spB ${node.edgeNodeId}/${d.id}`,
    labels: ['utilities', 'sparkplug'],
    address: 'Plant A, Syrup room',
  }));
}

/**
 * Registers the edge node's SN as an operator would, starts it on the embedded broker and waits
 * until the host application registered its devices (on their births), so that they can be
 * bound; stops it again when they do not come.
 */
export async function startDemoEdgeNode(
  app: FastifyInstance,
  node: DemoEdgeNode,
  devices: readonly DemoDevice[],
  options: Pick<DemoOptions, 'rate' | 'settleTimeoutMs'>,
  log: (line: string) => void,
): Promise<SparkplugEdgeNodeHandle> {
  await app.services.deviceRegistry.add({ sn: node.sn, secret: node.secret, kind: 'gateway' });
  const timeoutMs = options.settleTimeoutMs ?? 30_000;
  const handle = await startSparkplugEdgeNode({
    url: app.deviceMqttUrl,
    sn: node.sn,
    secret: node.secret,
    groupId: node.groupId,
    edgeNodeId: node.edgeNodeId,
    devices: devices.map((d) => d.sparkplugId!),
    rate: 1000 / (options.rate ?? 1),
    log: (line) => log(`  ${line}`),
  });
  const sns = devices.map((d) => d.sn);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await app.db.selectFrom('devices').select('sn').where('sn', 'in', sns).execute();
    if (rows.length === sns.length) return handle;
    if (Date.now() > until) {
      await handle.stop();
      throw new Error(`Sparkplug devices not born after ${timeoutMs} ms: ${sns.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
