import type {
  BoardReply,
  DeviceDetail,
  DeviceKind,
  DeviceListReply,
  Envelope,
  GroupListReply,
  LabelListReply,
  TemplateListReply,
  TemplateTagInput,
  TokenPair,
} from '@hmi/domain';
import {
  simulatedIdentity,
  startSimulatedDevice,
  type SimulatedDeviceHandle,
  type SparkplugEdgeNodeHandle,
} from '@hmi/simulator';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/password.ts';
import { emailName } from '../modules/users/login-name.ts';
import { ensureDemoAlarms } from './demo-alarms.ts';
import { ensureDemoBilling } from './demo-billing.ts';
import { demoEdgeNode, demoSparkplugDevices, startDemoEdgeNode } from './demo-sparkplug.ts';

/*
 * The demo of `npm run demo`: a team with an active main account, groups, labels, two
 * templates, and simulated devices (apps/simulator) connected to the embedded broker and bound
 * through the real bind API with their SN and PIN, and a simulated Sparkplug B edge node with two
 * devices (DEMO_SPARKPLUG) bound the same way. Every step looks first and creates only what
 * is missing, so seeding the same database again changes nothing and does not fail.
 */

export const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'Demo12345', name: 'Demo Team' } as const;
/** Identity seed of the simulated devices: the same SNs and PINs on every run. */
export const DEMO_SEED = 'hmi-cloud-demo';

/** Groups as [name, parent name]; names are unique in a team. */
const GROUPS: readonly (readonly [string, string | null])[] = [
  ['Plant A', null],
  ['Line 1', 'Plant A'],
  ['Line 2', 'Plant A'],
  ['Plant B', null],
];
const LABELS = ['packaging', 'utilities', 'pilot', 'maintenance', 'sparkplug'] as const;

/*
 * Tags the simulator has a generator for (apps/simulator/src/signals.ts): BOOL toggles every few
 * seconds, REAL and LREAL follow a sine wave around a set point, STRING cycles through recipes,
 * the integer types are a piece counter or a 0..100 ramp.
 */
const FILLER_TAGS: TemplateTagInput[] = [
  { name: 'running', data_type: 0, rw: 0, address: 'M0.0', description: 'Machine running' },
  { name: 'speed', data_type: 7, rw: 2, unit: 'rpm', decimals: 1, address: 'DB1.DBD0' },
  { name: 'product_temp', data_type: 7, rw: 0, unit: '°C', decimals: 2, address: 'DB1.DBD4' },
  { name: 'bottles', data_type: 2, rw: 0, unit: 'pcs', address: 'DB1.DBD8', description: 'Bottle counter' },
  { name: 'fill_level', data_type: 1, rw: 0, unit: '%', address: 'DB1.DBW12' },
  { name: 'recipe', data_type: 9, rw: 2, address: 'DB2.DBB0' },
];
const UTILITY_TAGS: TemplateTagInput[] = [
  { name: 'pump_on', data_type: 0, rw: 2, address: 'Q0.0', description: 'Pump command' },
  { name: 'pressure', data_type: 8, rw: 0, unit: 'bar', decimals: 3, address: '40001' },
  { name: 'flow', data_type: 7, rw: 0, unit: 'm³/h', decimals: 2, address: '40003' },
  { name: 'energy', data_type: 3, rw: 0, unit: 'kWh', address: '40005' },
  { name: 'tank_level', data_type: 4, rw: 0, unit: '%', address: '40009' },
];
const TEMPLATES = [
  {
    name: 'Filling line HMI',
    hmi_model: 'SIM-HMI-7',
    description: 'Filler, capper, labeller',
    tags: FILLER_TAGS,
  },
  { name: 'Utility gateway', hmi_model: 'SIM-GW-1', description: 'Pumps and tanks', tags: UTILITY_TAGS },
] as const;

export interface DemoDevice {
  sn: string;
  /** Its device id under the Sparkplug edge node; bound with no template (made from its birth). */
  sparkplugId?: string;
  /** The device secret, which is the PIN a user binds it with. */
  pin: string;
  kind: DeviceKind;
  name: string;
  group: string;
  template: string;
  labels: string[];
  address: string;
}

const HMI_ROLES = [
  ['Filler', 'Line 1'],
  ['Capper', 'Line 1'],
  ['Labeler', 'Line 1'],
  ['Filler', 'Line 2'],
  ['Capper', 'Line 2'],
  ['Labeler', 'Line 2'],
  ['Palletizer', 'Plant B'],
  ['Wrapper', 'Plant B'],
] as const;
const GATEWAY_ROLES = [
  ['Pump_station', 'Plant A'],
  ['Chiller', 'Plant A'],
  ['Compressor', 'Plant B'],
  ['Boiler', 'Plant B'],
] as const;

/** The demo's devices: two thirds HMIs on the filling lines, one third utility gateways. */
export function demoDevices(count = 12): DemoDevice[] {
  const out: DemoDevice[] = [];
  for (let i = 0; i < count; i++) {
    const gateway = i % 3 === 2;
    const index = out.filter((d) => d.kind === (gateway ? 'gateway' : 'hmi')).length;
    const roles = gateway ? GATEWAY_ROLES : HMI_ROLES;
    const [role, group] = roles[index % roles.length]!;
    const round = Math.floor(index / roles.length) + 1;
    const line = group.startsWith('Line') ? `_L${group.slice(-1)}` : group === 'Plant B' ? '_B' : '_A';
    const { sn, secret } = simulatedIdentity(DEMO_SEED, i + 1, gateway ? 'gateway' : 'hmi');
    out.push({
      sn,
      pin: secret,
      kind: gateway ? 'gateway' : 'hmi',
      name: `${role}${line}${round > 1 ? `_${round}` : ''}`,
      group,
      template: gateway ? 'Utility gateway' : 'Filling line HMI',
      labels: [gateway ? 'utilities' : 'packaging', ...(i < 3 ? ['pilot'] : [])],
      address: group === 'Plant B' ? 'Plant B, Hall 2' : 'Plant A, Hall 1',
    });
  }
  return out;
}

/** The demo's Sparkplug B edge node and its two devices (demo-sparkplug.ts). */
export const DEMO_SPARKPLUG = demoEdgeNode(DEMO_SEED);

/** Calls the console's own API on `baseUrl`; throws unless the reply is code 0. */
function apiClient(baseUrl: string) {
  return async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let reply: Envelope<T>;
    try {
      reply = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    if (reply.code !== 0)
      throw new Error(`${method} ${path}: code ${reply.code} ${JSON.stringify(reply.data)}`);
    return reply.data;
  };
}

/**
 * The demo team's main account: created active (as a phone registration would) when missing,
 * with room for the demo's two templates (template_max_num, as a Cloud Application card sets).
 */
async function ensureAccount(app: FastifyInstance): Promise<'created' | 'exists'> {
  const existing = await app.services.users.findByLoginName(emailName(DEMO_ACCOUNT.email));
  let teamId: number;
  let outcome: 'created' | 'exists' = 'exists';
  if (existing) {
    if (existing.status !== 'active')
      throw new Error(`${DEMO_ACCOUNT.email} exists but is ${existing.status}: use another DATA_DIR`);
    teamId = existing.team_id;
  } else {
    const now = Date.now();
    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    const region = app.config.region;
    const user = await app.db.transaction().execute(async (trx) => {
      const created = await app.services.users.createTeamWithMain(
        { name: DEMO_ACCOUNT.name, region },
        {
          email: DEMO_ACCOUNT.email,
          phone: null,
          area_code: null,
          name: 'Demo',
          password_hash: passwordHash,
          status: 'active',
          data_center: region,
          lang: 'en-us',
          activated_at: now,
          closed_at: null,
        },
        now,
        trx,
      );
      await app.services.messages.welcome(created, trx);
      return created;
    });
    teamId = user.team_id;
    outcome = 'created';
  }
  const team = await app.db
    .selectFrom('teams')
    .select('template_max_num')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  // The demo's templates and those generated from the Sparkplug devices' births.
  const templateMax = TEMPLATES.length + DEMO_SPARKPLUG.devices.length;
  if (team.template_max_num < templateMax) {
    await app.db
      .updateTable('teams')
      .set({ template_max_num: templateMax })
      .where('id', '=', teamId)
      .execute();
  }
  return outcome;
}

export interface DemoOptions {
  /** Where the console answers, e.g. http://127.0.0.1:8080 (the demo uses the public API). */
  baseUrl: string;
  /** Number of simulated devices (default 12). */
  devices?: number;
  /** Data samples per second of each device (default 1). */
  rate?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** How long to wait for every device to be online and synced (default 30 s). */
  settleTimeoutMs?: number;
}

export interface DemoRun {
  devices: DemoDevice[];
  handles: SimulatedDeviceHandle[];
  /** The Sparkplug B edge node (DEMO_SPARKPLUG). */
  edgeNode: SparkplugEdgeNodeHandle | undefined;
  /** Devices bound by this run (0 when a previous run bound them all). */
  boundNow: number;
  /** The demo devices as the device list shows them after settling. */
  list: DeviceListReply['list'];
  /** Stops every simulated device cleanly (they publish offline). */
  stop(): Promise<void>;
}

/**
 * Seeds the demo team (idempotently) and starts its simulated devices against the console's
 * embedded broker; resolves once every demo device is online with its config synced.
 */
export async function startDemo(app: FastifyInstance, options: DemoOptions): Promise<DemoRun> {
  const log = options.log ?? (() => undefined);
  const api = apiClient(options.baseUrl);
  const plain = demoDevices(options.devices ?? 12);
  // The Sparkplug B edge node, unless the host application is off (SPARKPLUG=false).
  const sparkplug = app.config.sparkplug ? demoSparkplugDevices(DEMO_SPARKPLUG) : [];
  const devices = [...plain, ...sparkplug];

  const account = await ensureAccount(app);
  log(`account ${DEMO_ACCOUNT.email}: ${account}`);
  const { token } = await api<TokenPair>('POST', '/global/login?type=1', undefined, {
    user: DEMO_ACCOUNT.email,
    passwd: DEMO_ACCOUNT.password,
  });

  // Groups, labels and templates: add what is missing.
  const groups = new Map(
    (await api<GroupListReply>('GET', '/device/group/list', token)).list.map((g) => [g.name, g.id]),
  );
  for (const [name, parent] of GROUPS) {
    if (groups.has(name)) continue;
    const parentId = parent === null ? null : (groups.get(parent) ?? null);
    const g = await api<{ id: number }>('POST', '/device/group/add', token, { name, parent_id: parentId });
    groups.set(name, g.id);
  }
  const labels = new Map(
    (await api<LabelListReply>('GET', '/device/label/list', token)).list.map((l) => [l.name, l.id]),
  );
  for (const name of LABELS) {
    if (!labels.has(name))
      labels.set(name, (await api<{ id: number }>('POST', '/device/label/add', token, { name })).id);
  }
  const templates = new Map(
    (await api<TemplateListReply>('GET', '/template/list?page_size=200', token)).list.map((t) => [
      t.name,
      t.id,
    ]),
  );
  for (const t of TEMPLATES) {
    if (!templates.has(t.name))
      templates.set(t.name, (await api<{ id: number }>('POST', '/template/add', token, t)).id);
  }
  log(`alarm rules added: ${await ensureDemoAlarms(api, token, templates)}`);

  // Registered as an operator would (whatever DEVICE_AUTO_REGISTER says), then connected.
  for (const d of plain) await app.services.deviceRegistry.add({ sn: d.sn, secret: d.pin, kind: d.kind });
  const handles: SimulatedDeviceHandle[] = [];
  const nodes: SparkplugEdgeNodeHandle[] = [];
  const stop = async () => {
    await Promise.allSettled([...handles.splice(0), ...nodes.splice(0)].map((h) => h.stop()));
  };
  try {
    for (const d of plain) {
      handles.push(
        await startSimulatedDevice({
          url: app.deviceMqttUrl,
          sn: d.sn,
          secret: d.pin,
          kind: d.kind,
          rate: options.rate ?? 1,
          log: (line) => log(`  ${line}`),
        }),
      );
    }

    if (sparkplug.length > 0)
      nodes.push(await startDemoEdgeNode(app, DEMO_SPARKPLUG, sparkplug, options, log));

    // Bind through the real bind flow (SN + PIN); skip what a previous run bound.
    let boundNow = 0;
    const ids: number[] = [];
    for (const d of devices) {
      const found = await api<DeviceListReply>(
        'GET',
        `/device/list?search=${encodeURIComponent(d.sn)}`,
        token,
      );
      const mine = found.list.find((x) => x.sn === d.sn);
      if (mine) {
        ids.push(mine.id);
        continue;
      }
      const bound = await api<DeviceDetail>('POST', '/device/bind', token, {
        sn: d.sn,
        pin: d.pin,
        name: d.name,
        group_id: groups.get(d.group) ?? null,
        template_id: d.sparkplugId === undefined ? (templates.get(d.template) ?? null) : null,
        label_ids: d.labels.map((l) => labels.get(l)).filter((id): id is number => id !== undefined),
        address: d.address,
        remark: 'simulated device (npm run demo)',
      });
      ids.push(bound.id);
      boundNow++;
    }
    // Cloud Application cards and TAG levels, so that history stays rich (demo-billing.ts).
    await ensureDemoBilling(
      app,
      api,
      token,
      devices.map((d, i) => ({ id: ids[i]!, kind: d.kind })),
      log,
    );
    // The embedded broker keeps retained configs in memory only, and a simulator does not keep
    // its config across runs: send the current config again (same version) to devices bound
    // before, so they run their template and report values.
    await app.services.deviceConfig.publish(ids);

    const list = await waitSettled(api, token, devices, options.settleTimeoutMs ?? 30_000);
    log(`data board: ${await ensureBoard(api, token)}`);
    return { devices, handles, edgeNode: nodes[0], boundNow, list, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The demo user's first screen is the data board: saves the board the console suggests from the
 * team's devices (GET /board/suggestion), once; a board the user saved is left as it is.
 */
async function ensureBoard(api: ReturnType<typeof apiClient>, token: string): Promise<string> {
  const board = await api<BoardReply>('GET', '/board', token);
  if (board.updated_at !== 0) return 'kept';
  const suggested = await api<BoardReply>('GET', '/board/suggestion', token);
  await api<BoardReply>('POST', '/board/save', token, {
    cards: suggested.cards,
    layouts: suggested.layouts,
  });
  return `${suggested.cards.length} suggested cards saved`;
}

/** Polls the device list until every demo device is online and synced. */
async function waitSettled(
  api: ReturnType<typeof apiClient>,
  token: string,
  devices: readonly DemoDevice[],
  timeoutMs: number,
): Promise<DeviceListReply['list']> {
  const sns = new Set(devices.map((d) => d.sn));
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await api<DeviceListReply>('GET', '/device/list?page_size=200', token);
    const mine = reply.list.filter((d) => sns.has(d.sn));
    const pending = devices.filter((d) => {
      const row = mine.find((x) => x.sn === d.sn);
      return !row || row.online !== 1 || row.sync_state !== 1;
    });
    if (pending.length === 0) return mine;
    if (Date.now() > until)
      throw new Error(`not online and synced after ${timeoutMs} ms: ${pending.map((d) => d.sn).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
