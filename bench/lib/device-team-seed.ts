/**
 * The team of the device list bench (bench/device-list.ts), shared with the benches that need the
 * same 10,000 devices (bench/control-panel.ts): 39 groups, 20 labels and 5 templates through the
 * API, the devices and their labels in bulk through the app's db. Deterministic: every run seeds
 * the same team.
 */
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { DevicesTable } from '../../apps/server/src/db/tables/catalogue.ts';
import { hashDeviceSecret } from '../../apps/server/src/plugins/mqtt/device-secret.ts';
import { createSignedInMain, type BenchServer } from './bench-server.ts';

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same team. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Seeded {
  teamId: number;
  token: string;
  plantA: number;
  lineB2: number;
  maintenanceLabel: number;
  seedMs: number;
}

/** Groups, labels and templates through the API; 10,000 devices and their labels in bulk through the app's db. */
export async function seedDeviceTeam(server: BenchServer, devices: number): Promise<Seeded> {
  const random = prng(20_260_401);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const started = performance.now();
  const { token, teamId } = await createSignedInMain(server, {
    email: 'bench@example.com',
    password: 'Bench12345',
    name: 'Bench Team',
  });
  const post = <T>(path: string, body: unknown) => server.call<T>('POST', path, { token, body });

  // A small tree: 3 plants, 4 lines each, 2 cells per line (39 groups). Names are unique in a team.
  const plants = ['A', 'B', 'C'];
  const leafGroups: { id: number; plant: string; line: number }[] = [];
  const groupIds = new Map<string, number>();
  for (const p of plants) {
    const plant = await post<{ id: number }>('/device/group/add', { name: `Plant ${p}` });
    groupIds.set(`Plant ${p}`, plant.id);
    for (let l = 1; l <= 4; l++) {
      const line = await post<{ id: number }>('/device/group/add', {
        name: `Line ${p}${l}`,
        parent_id: plant.id,
      });
      groupIds.set(`Line ${p}${l}`, line.id);
      leafGroups.push({ id: line.id, plant: p, line: l });
      for (let c = 1; c <= 2; c++) {
        const cell = await post<{ id: number }>('/device/group/add', {
          name: `Cell ${p}${l}-${c}`,
          parent_id: line.id,
        });
        leafGroups.push({ id: cell.id, plant: p, line: l });
      }
    }
  }

  const labelNames = [
    'critical',
    'maintenance',
    'firmware-2.1',
    'firmware-2.2',
    'north-hall',
    'south-hall',
    'pilot',
    'spare',
    'customer-acme',
    'customer-globex',
    'night-shift',
    'audit-2026',
    'retrofit',
    'cold-room',
    'outdoor',
    'lte',
    'ethernet',
    'wifi',
    'warranty',
    'decommission',
  ];
  const labels: number[] = [];
  for (const name of labelNames) labels.push((await post<{ id: number }>('/device/label/add', { name })).id);

  await server.app.db.updateTable('teams').set({ template_max_num: 20 }).where('id', '=', teamId).execute();
  const templateSpecs = [
    ['Filler', 'HMI-10'],
    ['Capper', 'HMI-7'],
    ['Palletizer', 'HMI-15'],
    ['Conveyor', 'HMI-7'],
    ['Gateway_Modbus', 'GW-4G'],
  ] as const;
  const templates: number[] = [];
  for (const [name, model] of templateSpecs) {
    const t = await post<{ id: number }>('/template/add', {
      name: `${name} v3`,
      hmi_model: model,
      tags: [
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'speed', data_type: 7, rw: 2, unit: 'rpm', decimals: 1 },
        { name: 'count', data_type: 2, rw: 0 },
        { name: 'recipe', data_type: 9, rw: 2 },
      ],
    });
    templates.push(t.id);
  }

  // One hash for every device: the bench measures the list, not the registry.
  const secretHash = await hashDeviceSecret('bench-pin-0000');
  const machines = ['Filler', 'Capper', 'Labeler', 'Palletizer', 'Conveyor', 'Wrapper', 'Mixer', 'Oven'];
  const models = { hmi: ['HMI-7', 'HMI-10', 'HMI-15'], gateway: ['GW-4G', 'GW-ETH'] } as const;
  const now = Date.now();
  const rows: Insertable<DevicesTable>[] = [];
  for (let i = 1; i <= devices; i++) {
    const kind = random() < 0.7 ? 'hmi' : 'gateway';
    const group = random() < 0.05 ? undefined : pick(leafGroups);
    const machine = pick(machines);
    const templateIndex = machines.indexOf(machine) % templates.length;
    const hasTemplate = random() < 0.85;
    const online = random() < 0.6 ? 1 : 0;
    const sn = `${kind === 'hmi' ? 'V7H' : 'GW4'}${(2200 + (i % 60)).toString()}${i.toString(16).toUpperCase().padStart(6, '0')}`;
    const created = now - Math.floor(random() * 365 * 86_400_000);
    rows.push({
      team_id: teamId,
      sn,
      secret_hash: secretHash,
      kind,
      model: pick(models[kind]),
      firmware: pick(['2.0.4', '2.1.0', '2.1.3', '2.2.0']),
      ip: `10.${i % 250}.${(i >> 8) % 250}.${(i % 200) + 10}`,
      registered_by: 'operator',
      name: `${machine}_${group ? `${group.plant}${group.line}` : 'X'}_${String(i).padStart(5, '0')}`,
      group_id: group?.id ?? null,
      template_id: hasTemplate ? templates[templateIndex]! : null,
      address: group ? `Plant ${group.plant}, hall ${group.line}` : '',
      remark: random() < 0.1 ? 'serviced in March' : '',
      hmi_sn: kind === 'hmi' ? sn : '',
      gateway_sn: kind === 'gateway' ? sn : '',
      online,
      last_seen_at: online
        ? now - Math.floor(random() * 60_000)
        : now - Math.floor(random() * 30 * 86_400_000),
      keepalive: 30,
      sync_state: hasTemplate && random() < 0.8 ? 1 : 0,
      config_version: hasTemplate ? 2 : 0,
      acked_version: hasTemplate ? 2 : 0,
      bind_type: 1,
      bound_at: created,
      created_at: created,
      updated_at: created,
    });
  }
  await server.app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const ids = await trx
      .selectFrom('devices')
      .select('id')
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
    const links: { device_id: number; label_id: number }[] = [];
    for (const { id } of ids) {
      const n = Math.floor(random() * 4); // 0..3 labels
      for (const label of new Set(Array.from({ length: n }, () => pick(labels))))
        links.push({ device_id: id, label_id: label });
    }
    for (let i = 0; i < links.length; i += 1000) {
      await trx
        .insertInto('device_labels')
        .values(links.slice(i, i + 1000))
        .execute();
    }
  });
  // PostgreSQL's autovacuum analyzes a table after such an insert; do it now rather than wait.
  // SQLite gets no ANALYZE: the console never runs one, so the bench does not either.
  if (server.engine === 'postgres') await sql`analyze`.execute(server.app.db);

  return {
    token,
    teamId,
    plantA: groupIds.get('Plant A')!,
    lineB2: groupIds.get('Line B2')!,
    maintenanceLabel: labels[1]!,
    seedMs: performance.now() - started,
  };
}
