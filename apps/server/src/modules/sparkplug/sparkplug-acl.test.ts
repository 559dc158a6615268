import { describe, expect, it } from 'vitest';
import { SparkplugAcl } from './sparkplug-acl.ts';
import { SparkplugIdentities } from './sparkplug-identities.ts';
import type { SparkplugDevice, SparkplugIdentity, SparkplugRepo } from './sparkplug.repo.ts';

/** The identity table in memory: what the ACL needs of SparkplugRepo. */
function memoryRepo(): SparkplugRepo {
  const rows: SparkplugDevice[] = [];
  const repo = {
    bySn: async (sn: string) => rows.find((r) => r.sn === sn),
    byIdentity: async (id: SparkplugIdentity) =>
      rows.find(
        (r) => r.group_id === id.groupId && r.edge_node_id === id.edgeNodeId && r.device_id === id.deviceId,
      ),
    insert: async (sn: string, nodeSn: string, id: SparkplugIdentity) => {
      if (
        rows.some(
          (r) =>
            r.sn === sn ||
            (r.group_id === id.groupId && r.edge_node_id === id.edgeNodeId && r.device_id === id.deviceId),
        )
      )
        return false;
      rows.push({
        sn,
        node_sn: nodeSn,
        group_id: id.groupId,
        edge_node_id: id.edgeNodeId,
        device_id: id.deviceId,
        birth: null,
        template_id: null,
        updated_at: 0,
        device_pk: rows.length + 1,
      });
      return true;
    },
  };
  return repo as unknown as SparkplugRepo;
}

const decided = async (d: unknown) => (await d) as { ok: boolean; reason?: string };

describe('Sparkplug access rules (embedded broker)', () => {
  it('an SN claims the first node identity it uses; another SN is refused it', async () => {
    const acl = new SparkplugAcl(new SparkplugIdentities(memoryRepo()));
    expect(await decided(acl.authorizeSubscribe('NODE-1', 'spBv1.0/G1/NCMD/E1/#'))).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await decided(acl.authorizePublish('NODE-1', 'spBv1.0/G1/NBIRTH/E1', false, false))).ok).toBe(
      true,
    );
    expect(
      (await decided(acl.authorizePublish('NODE-1', 'spBv1.0/G1/DDATA/E1/press', false, false))).ok,
    ).toBe(true);
    // Its identity is fixed: another node's topics are refused, and another SN cannot take it.
    expect(await decided(acl.authorizePublish('NODE-1', 'spBv1.0/G1/NBIRTH/E2', false, false))).toMatchObject(
      { ok: false },
    );
    expect(await decided(acl.authorizePublish('NODE-2', 'spBv1.0/G1/NDATA/E1', false, false))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('belongs to another SN'),
    });
  });

  it('refuses what an edge node never does', async () => {
    const acl = new SparkplugAcl(new SparkplugIdentities(memoryRepo()));
    const refused = async (d: unknown) => expect((await decided(d)).ok).toBe(false);
    await refused(acl.authorizePublish('N', 'spBv1.0/STATE/hmi-cloud', false, false));
    await refused(acl.authorizePublish('N', 'spBv1.0/G/NCMD/E', false, false));
    await refused(acl.authorizePublish('N', 'spBv1.0/G/DCMD/E/d', false, false));
    await refused(acl.authorizePublish('N', 'spBv1.0/G/NBIRTH/E', true, false)); // retained
    await refused(acl.authorizePublish('N', 'spBv1.0/G/NDATA/E', false, true)); // a will that is not NDEATH
    await refused(acl.authorizePublish('N', 'spBv1.0/G/+/E', false, false));
    await refused(acl.authorizeSubscribe('N', 'spBv1.0/#'));
    await refused(acl.authorizeSubscribe('N', 'spBv1.0/+/NCMD/E'));
    await refused(acl.authorizeSubscribe('N', 'spBv1.0/G/NDATA/E'));
    await refused(acl.authorizeSubscribe('N', 'spBv1.0/STATE/#'));
    await refused(acl.authorizeSubscribe('N', 'spBv1.0/G/NCMD/E/x'));
    expect((await decided(acl.authorizePublish('N', 'spBv1.0/G/NDEATH/E', false, true))).ok).toBe(true);
    expect((await decided(acl.authorizeSubscribe('N', 'spBv1.0/STATE/hmi-cloud'))).ok).toBe(true);
    expect((await decided(acl.authorizeSubscribe('N', 'spBv1.0/G/DCMD/E/+'))).ok).toBe(true);
  });

  it('forwards only its commands and STATE', async () => {
    const acl = new SparkplugAcl(new SparkplugIdentities(memoryRepo()));
    await decided(acl.authorizeSubscribe('N', 'spBv1.0/G/NCMD/E'));
    expect(acl.mayForward('N', 'spBv1.0/G/NCMD/E')).toBe(true);
    expect(acl.mayForward('N', 'spBv1.0/G/DCMD/E/d')).toBe(true);
    expect(acl.mayForward('N', 'spBv1.0/STATE/hmi-cloud')).toBe(true);
    expect(acl.mayForward('N', 'spBv1.0/G/NCMD/OTHER')).toBe(false);
    expect(acl.mayForward('N', 'spBv1.0/G/NDATA/E')).toBe(false);
    expect(acl.mayForward('OTHER', 'spBv1.0/G/NCMD/E')).toBe(false);
  });
});
