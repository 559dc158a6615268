import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hmi-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      mqttPort: 1883,
      region: 'eu',
      publicUrl: 'http://localhost:8080',
      publicUrlExplicit: false,
      accessTokenTtl: 900,
      refreshTokenTtl: 30 * 24 * 3600,
      refreshReuseGrace: 10,
      corsOrigins: [],
      deviceAutoRegister: true,
      webDist: join(repoRoot, 'apps/web/dist'),
      bodyLimit: 1024 * 1024,
      loginThrottle: { limit: 100, windowMs: 3600_000 },
      addressLimits: {
        register: { max: 20, windowMs: 3600_000 },
        codes: { max: 30, windowMs: 3600_000 },
      },
      broker: {
        maxPacketBytes: 256 * 1024 + 1024,
        maxConnectBytes: 4096,
        connectTimeoutMs: 10_000,
        unboundStateBytes: 2048,
        autoRegisterLimit: { limit: 20, windowMs: 3600_000 },
      },
    });
  });

  it('reads the embedded broker limits; a CONNECT is never allowed more than a packet', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      MQTT_MAX_PACKET_BYTES: '3000',
      MQTT_MAX_CONNECT_BYTES: '8192',
      MQTT_CONNECT_TIMEOUT: '5',
      DEVICE_UNBOUND_STATE_BYTES: '0',
      DEVICE_AUTO_REGISTER_LIMIT: '3',
      DEVICE_AUTO_REGISTER_WINDOW: '60',
    });
    expect(c.broker).toEqual({
      maxPacketBytes: 3000,
      maxConnectBytes: 3000,
      connectTimeoutMs: 5000,
      unboundStateBytes: 0,
      autoRegisterLimit: { limit: 3, windowMs: 60_000 },
    });
  });

  it('resolves relative paths against the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'data/x', JWT_SECRET: 'x'.repeat(32) }).dataDir).toBe(
      join(repoRoot, 'data/x'),
    );
  });

  it('generates the JWT secret once and keeps it in DATA_DIR/jwt-secret', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toEqual(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).not.toEqual(first);
  });

  it('bills by default; not in region cn, nor with BILLING_ENABLED=false; alarm notify interval 10 min', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      billingEnabled: true,
      alarmNotifyIntervalMs: 600_000,
    });
    expect(loadConfig({ DATA_DIR: dir, REGION: 'cn' }).billingEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, BILLING_ENABLED: 'false' }).billingEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, ALARM_NOTIFY_INTERVAL_MS: '0' }).alarmNotifyIntervalMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, ALARM_NOTIFY_INTERVAL_MS: '-1' })).toThrow(
      /ALARM_NOTIFY_INTERVAL_MS/,
    );
  });

  it('reads lists, booleans and numbers', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      PORT: '9000',
      CORS_ORIGINS: 'https://a.example/, https://b.example:8443',
      DEVICE_AUTO_REGISTER: 'false',
      PUBLIC_URL: 'https://console.example/',
      REGION: 'cn',
      PEER_REGIONS: 'eu,cn',
    });
    expect(c).toMatchObject({
      port: 9000,
      corsOrigins: ['https://a.example', 'https://b.example:8443'],
      deviceAutoRegister: false,
      publicUrl: 'https://console.example',
      publicUrlExplicit: true,
      region: 'cn',
      peerRegions: ['eu'],
    });
  });

  it('reads the dynsec admin only with MQTT_URL, both or neither', () => {
    const url = 'mqtt://cloud:pw@broker.example:1883';
    expect(loadConfig({ DATA_DIR: dir, MQTT_URL: url }).mqttDynsec).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dir,
        MQTT_URL: url,
        MQTT_DYNSEC_USER: 'registry',
        MQTT_DYNSEC_PASSWORD: 's3cret',
      }).mqttDynsec,
    ).toEqual({ username: 'registry', password: 's3cret' });
    expect(() => loadConfig({ DATA_DIR: dir, MQTT_URL: url, MQTT_DYNSEC_USER: 'registry' })).toThrow(
      /MQTT_DYNSEC_USER and MQTT_DYNSEC_PASSWORD: both or neither/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, MQTT_DYNSEC_USER: 'registry', MQTT_DYNSEC_PASSWORD: 'x' }),
    ).toThrow(/MQTT_DYNSEC_USER: only with MQTT_URL/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['REGION', 'us'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['ACCESS_TOKEN_TTL', '0'],
    ['REFRESH_REUSE_GRACE', '-1'],
    ['REFRESH_REUSE_GRACE', '301'],
    ['JWT_SECRET', 'short'],
    ['CORS_ORIGINS', 'not a url'],
    ['DEVICE_AUTO_REGISTER', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['MQTT_MAX_PACKET_BYTES', '100'],
    ['MQTT_MAX_PACKET_BYTES', '300000000'],
    ['MQTT_MAX_CONNECT_BYTES', '100'],
    ['MQTT_CONNECT_TIMEOUT', '0'],
    ['DEVICE_AUTO_REGISTER_LIMIT', '0'],
  ])('names the variable in errors: %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`${name}`));
  });
});
