import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { DbDeviceRegistry } from './db-device-registry.ts';
import { parseFactoryCsv } from './factory-csv.ts';

let server: TestServer;
let registry: DbDeviceRegistry;

beforeAll(async () => {
  server = await startDeviceTestServer();
  registry = new DbDeviceRegistry(server.app.db);
});
afterAll(async () => server?.close());

describe('DbDeviceRegistry', () => {
  it('stores only a hash of the secret and authenticates ok / wrong-secret / unknown', async () => {
    const sn = uniqueSn('REG');
    expect(await registry.add({ sn, secret: 'pin-1234', kind: 'gateway', model: 'GW' })).toBe('created');
    const row = await server.app.db
      .selectFrom('devices')
      .selectAll()
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain('pin-1234');
    expect(row).toMatchObject({
      kind: 'gateway',
      model: 'GW',
      gateway_sn: sn,
      hmi_sn: '',
      team_id: null,
      registered_by: 'operator',
    });
    expect(await registry.authenticate(sn, 'pin-1234')).toBe('ok');
    expect(await registry.authenticate(sn, 'pin-12345')).toBe('wrong-secret');
    expect(await registry.authenticate(uniqueSn('NONE'), 'pin-1234')).toBe('unknown');
  });

  it('keeps an existing registration unless told to replace the secret', async () => {
    const sn = uniqueSn('REG');
    await registry.add({ sn, secret: 'old-secret' });
    expect(await registry.add({ sn, secret: 'new-secret' })).toBe('exists');
    expect(await registry.authenticate(sn, 'old-secret')).toBe('ok');
    expect(await registry.add({ sn, secret: 'new-secret' }, { replaceSecret: true })).toBe('updated');
    expect(await registry.authenticate(sn, 'new-secret')).toBe('ok');
    expect(await registry.authenticate(sn, 'old-secret')).toBe('wrong-secret');
  });

  it('two racing first connections register one device', async () => {
    const sn = uniqueSn('RACE');
    const outcomes = await Promise.all([
      registry.register(sn, 'first-aaa'),
      registry.register(sn, 'second-bbb'),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'exists']);
    const rows = await server.app.db
      .selectFrom('devices')
      .select('registered_by')
      .where('sn', '=', sn)
      .execute();
    expect(rows).toEqual([{ registered_by: 'auto' }]);
  });

  it('tells a device bound to a team from an unbound or unknown one', async () => {
    const unbound = uniqueSn('REG');
    await registry.add({ sn: unbound, secret: 'pin-1234' });
    const user = await createActiveUser(server);
    const bound = await buildDevice(server, user.tokens.token);
    expect(await registry.isBound(unbound)).toBe(false);
    expect(await registry.isBound(bound.sn)).toBe(true);
    expect(await registry.isBound(uniqueSn('NONE'))).toBe(false);
  });

  it('refuses malformed serial numbers and secrets', async () => {
    await expect(registry.add({ sn: 'a/b#', secret: 'pin-1234' })).rejects.toThrow(/serial number/);
    await expect(registry.add({ sn: uniqueSn('REG'), secret: 'a b' })).rejects.toThrow(/secret/);
  });
});

describe('parseFactoryCsv', () => {
  it('reads sn,secret[,kind,model] lines, skipping a header, blanks and comments', () => {
    const csv =
      'sn,secret,kind,model\n# factory lot 7\nSN-0001,pin-0001\n\nSN-0002, pin-0002 ,Gateway,GW-1\r\n';
    expect(parseFactoryCsv(csv)).toEqual([
      { sn: 'SN-0001', secret: 'pin-0001', kind: undefined, model: undefined },
      { sn: 'SN-0002', secret: 'pin-0002', kind: 'gateway', model: 'GW-1' },
    ]);
  });

  it('names the line of a bad kind', () => {
    expect(() => parseFactoryCsv('SN-1,pin-1\nSN-2,pin-2,robot')).toThrow(/line 2/);
  });
});
