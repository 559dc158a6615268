import { ErrorCode, type IngestDrops, type TemplateDetail, type TemplateListReply } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, eventually, storedCount } from '../ingest/live-data-test-helpers.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';
import { lockedTemplates } from './template-locks.ts';

describe('lockedTemplates (the rule)', () => {
  const t = (id: number, created_at: number) => ({ id, created_at });

  it('keeps the most recently created usable and locks the older ones', () => {
    const all = [t(1, 100), t(2, 200), t(3, 300), t(4, 300)];
    expect([...lockedTemplates(4, all)]).toEqual([]);
    // Same creation time: the higher id is the more recent.
    expect([...lockedTemplates(2, all)].sort()).toEqual([1, 2]);
    expect([...lockedTemplates(1, all)].sort()).toEqual([1, 2, 3]);
    expect([...lockedTemplates(0, all)].sort()).toEqual([1, 2, 3, 4]);
    // Restoring one at a time unlocks the most recently created of the locked first.
    expect([...lockedTemplates(3, all)]).toEqual([1]);
  });
});

let server: TestServer;
const clients: MqttClient[] = [];
beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '20' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server?.close();
});

describe('expiry locks', () => {
  it('locks the oldest templates past a card expiry and restores the most recent first', async () => {
    const main = await createActiveUser(server);
    const token = main.tokens.token;
    const list = async () =>
      (await server.call<TemplateListReply>('GET', '/template/list?page=1&page_size=50', { token })).body
        .data;
    const lockedNames = async () =>
      (await list()).list
        .filter((x) => x.locked)
        .map((x) => x.name)
        .sort();

    // +2 templates: an allowance of 3 (1 base).
    const card = await activateCard(
      server,
      token,
      'ca',
      await issueTestCard(server, { type: 'ca', templates: 2 }),
    );
    const t1 = await buildTemplate(server, token, { name: 'Oldest' });
    const t2 = await buildTemplate(server, token, { name: 'Middle' });
    const t3 = await buildTemplate(server, token, { name: 'Newest' });
    const device = await connectDevice(server, token, t1.id);
    clients.push(device.client);
    const spare = await buildDevice(server, token);
    expect(await lockedNames()).toEqual([]);

    // The clock passes the card's expiry: allowance 1, the newest stays usable.
    server.app.services.billingClock.set(card.expires_at! + 1_000);
    expect(await lockedNames()).toEqual(['Middle', 'Oldest']);
    const detail = await server.call<TemplateDetail>('GET', `/template/detail?id=${t1.id}`, { token });
    expect(detail.body.data.locked).toBe(true);

    const edit = (id: number) =>
      server.call('POST', '/template/edit', { token, body: { id, description: 'changed' } });
    expect((await edit(t1.id)).body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    expect((await edit(t2.id)).body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    expect((await edit(t3.id)).body.code).toBe(0);
    const assign = await server.call('POST', '/device/template', {
      token,
      body: { ids: [spare.id], template_id: t2.id },
    });
    expect(assign.body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    const copy = await server.call('POST', '/template/copy', { token, body: { id: t1.id, name: 'Copy' } });
    expect(copy.body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    const rule = await server.call('POST', '/alarm/rule/add', {
      token,
      body: { template_id: t1.id, name: 'low', level: 1, tag_id: t1.tags[0]!.id, type: 8, value: '1' },
    });
    expect(rule.body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    const settag = await server.call('POST', '/device/settag', {
      token,
      body: { id: device.id, tag_id: t1.tags[0]!.id, value: 1 },
    });
    expect(settag.body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);

    // Its device keeps its data but collects nothing new: counted as template_locked.
    server.app.services.ingest.cache.invalidate();
    await device.data({ ts: Date.now(), v: { [t1.tags[0]!.id]: 5, [t1.tags[1]!.id]: true } });
    const drops = await eventually(
      async () =>
        (await server.call<IngestDrops>('GET', `/history/drops?id=${device.id}`, { token })).body.data,
      (d) => d.template_locked === 2,
      'template_locked drops',
    );
    expect(drops.last_reason).toMatch(/^template_locked/);
    expect(await storedCount(server, device.id)).toBe(0);

    // A new card (+1): allowance 2, the most recently created locked one comes back first.
    await activateCard(server, token, 'ca', await issueTestCard(server, { type: 'ca', templates: 1 }));
    expect(await lockedNames()).toEqual(['Oldest']);
    expect((await edit(t2.id)).body.code).toBe(0);
    expect((await edit(t1.id)).body.code).toBe(ErrorCode.E1052_TEMPLATE_LOCKED);
    // Another (+1): everything usable, and its device collects again.
    await activateCard(server, token, 'ca', await issueTestCard(server, { type: 'ca', templates: 1 }));
    expect(await lockedNames()).toEqual([]);
    const ts = Date.now();
    await device.data({ ts, v: { [t1.tags[0]!.id]: 6 } });
    await eventually(
      () => storedCount(server, device.id),
      (n) => n === 1,
      'stored after restore',
    );
    server.app.services.billingClock.set(Date.now());
  });
});
