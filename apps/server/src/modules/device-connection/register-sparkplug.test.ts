import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { registerDevices } from './register-devices.ts';

/** `npm run devices:register -- --sn SN --secret PIN --sparkplug GROUP/NODE` (for an external broker). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const run = async (sn: string, groupId: string, edgeNodeId: string) => {
  const lines: string[] = [];
  const code = await registerDevices(
    server.config,
    [{ sn, secret: 'pin-1234', kind: 'gateway' }],
    { replaceSecret: false, sparkplug: { groupId, edgeNodeId } },
    { out: (l) => lines.push(l), err: (l) => lines.push(l) },
  );
  return { code, lines };
};

describe('registering a Sparkplug edge node', () => {
  it('records the SN as the node; another SN cannot take the same node', async () => {
    const [sn, other, group, node] = [uniqueSn('N'), uniqueSn('N'), uniqueSn('G'), uniqueSn('E')];
    const first = await run(sn, group, node);
    expect(first.code).toBe(0);
    expect(first.lines[0]).toBe(`created: ${sn}, Sparkplug edge node ${group}/${node}`);
    const row = await server.app.db
      .selectFrom('sparkplug_devices')
      .selectAll()
      .where('sn', '=', sn)
      .executeTakeFirst();
    expect(row).toMatchObject({
      node_sn: sn,
      group_id: group,
      edge_node_id: node,
      device_id: '',
    });
    // The same line again is harmless; another SN for that node is refused.
    expect((await run(sn, group, node)).code).toBe(0);
    const taken = await run(other, group, node);
    expect(taken.code).toBe(1);
    expect(taken.lines[0]).toContain('belongs to another SN');
  });
});
