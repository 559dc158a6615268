import type { HistoryValue } from '@hmi/domain';
import type { Bus } from '../../plugins/bus.ts';
import { partitionOf } from '../../plugins/bus/ownership.ts';
import type { AlarmRulesEvent } from '../alarm-rule/index.ts';
import type { DeviceBindingEvent } from '../device/index.ts';
import { frameValue, type DeviceDataEvent } from '../history-store/index.ts';
import type { DeviceActEvent } from '../live/index.ts';
import type { AlarmRepo } from './alarm.repo.ts';
import { AlarmRuleCache, type CompiledRule } from './alarm-rule-cache.ts';
import { transitionOf, Zone, zoneOf, type OpenState } from './alarm-state-machine.ts';
import type { AlarmWriter } from './alarm-writer.ts';

export interface AlarmEngineOptions {
  /** The engine's reads: open records, devices, rules, orphans. */
  repo: AlarmRepo;
  /** The database side of transitions (and the notify gate's digests). */
  writer: AlarmWriter;
  bus: Bus;
  log: { error(obj: object, msg?: string): void };
  /** A device's team, template and name are read again after this long (ms; default 30 s). */
  deviceTtlMs?: number;
  /** The clock of transitions (the writer's clock: give both the same). */
  now?: () => number;
  /** How often due digests are sent (ms; default 5 s). */
  digestEveryMs?: number;
  /**
   * The device partitions of this server as they change (modules/cluster): a gained device's
   * state is read again before its next value (its previous owner changed it), a lost one's
   * forgotten. Absent: this server owns every device.
   */
  partitions?: { onChange(listener: (c: { gained: number[]; lost: number[] }) => void): () => void };
}

/** An open record as the engine keeps it; `recordId` is null until its raise commits. */
interface OpenAlarm extends OpenState {
  recordId: number | null;
  /** The team of the record (a device may leave it). */
  teamId: number;
}

/** The engine's view of one device, and its queue of database work. */
interface DeviceSlot {
  id: number;
  teamId: number | null;
  templateId: number | null;
  name: string;
  /** Rule id -> open record. */
  open: Map<number, OpenAlarm>;
  /** The open records were read from the database (at start or on the first value). */
  openLoaded: boolean;
  /** When the device's team, template and name were read; 0 = read them before the next value. */
  loadedAt: number;
  /** Tail of the device's queue: transitions commit one after the other, in order. */
  tail: Promise<void>;
  /** Values waiting in the queue behind a load: later values wait too, so order holds. */
  waiting: number;
  /** The time of the newest frame evaluated (0: none since the device was (re)loaded). */
  newestTs: number;
}

/**
 * A frame older than the newest one evaluated by less than this arrived late (with several
 * servers, frames of one device ingested by two of them may reach the owner out of order): it is
 * stored, but not evaluated, since its value is older than the one the alarm state already holds.
 * A frame older by more is a device clock set back, evaluated as new.
 */
export const LATE_FRAME_MS = 60_000;

/**
 * The alarm engine (issue 6). It evaluates every committed live value (bus 'device.data'; backfill
 * never comes there, so a device going offline or back-filling neither raises nor clears alarms)
 * against the rules of the device's template, in memory: the rules by tag are cached per
 * template (reloaded on bus 'alarm.rules'), the device's team and template per device (read again
 * after `deviceTtlMs`, and at once after the device acknowledges a config or comes online: a
 * template change always reaches the device as a config), and the open records per device and
 * rule. Only transitions (alarm-state-machine.ts) touch the database, through a queue per device,
 * so a device's transitions commit in the order of its values.
 *
 * Open records are read at start, so a restart neither duplicates nor loses active alarms (the
 * partial unique index of open records is the last guard). A rule that disappears closes its open
 * records as recovered; so does a device leaving the template or the team of its records.
 *
 * Constructible on its own for benchmarks: `new AlarmEngine({ repo, writer, bus, log })` over an
 * `AlarmRepo` and an `AlarmWriter` (with its notify gate), then `start()`.
 */
export class AlarmEngine {
  readonly repo: AlarmRepo;
  readonly writer: AlarmWriter;
  private readonly bus: Bus;
  private readonly log: AlarmEngineOptions['log'];
  private readonly ttl: number;
  private readonly now: () => number;
  private readonly slots = new Map<number, DeviceSlot>();
  private readonly rules: AlarmRuleCache;
  /** Rule reloads and orphan sweeps in flight (awaited by `idle`). */
  private readonly background = new Set<Promise<unknown>>();
  private detach: (() => void)[] = [];
  private readonly digestEveryMs: number;
  private digestTimer: NodeJS.Timeout | null = null;
  private readonly partitions: AlarmEngineOptions['partitions'];

  constructor(options: AlarmEngineOptions) {
    this.partitions = options.partitions;
    this.bus = options.bus;
    this.log = options.log;
    this.ttl = options.deviceTtlMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.repo = options.repo;
    this.writer = options.writer;
    this.rules = new AlarmRuleCache(options.repo);
    this.digestEveryMs = options.digestEveryMs ?? 5_000;
  }

  /** Reads the open records, closes those whose rule is gone, and subscribes to the bus. */
  async start(): Promise<void> {
    for (const r of await this.repo.open()) {
      if (r.rule_id === null) continue;
      this.slot(r.device_id).open.set(r.rule_id, { recordId: r.id, teamId: r.team_id, inCondition: true });
    }
    for (const slot of this.slots.values()) slot.openLoaded = true;
    await this.closeOrphans();
    this.detach = [
      // Only the devices this server owns: one server evaluates each device's values.
      this.bus.subscribe('device.data', (e) => this.onData(e), 'owner'),
      this.bus.subscribe('device.act', (e) => this.onAct(e)),
      this.bus.subscribe('device.binding', (e) => this.onBinding(e)),
      this.bus.subscribe('alarm.rules', (e) => this.track(this.reloadRules(e))),
      ...(this.partitions ? [this.partitions.onChange((c) => this.partitionsChanged(c))] : []),
    ];
    this.digestTimer = setInterval(() => void this.sendDigests(), this.digestEveryMs);
    this.digestTimer.unref();
  }

  /** Sends the notification digests due at `at` (every few seconds; tests give a later time). */
  sendDigests(at?: number): Promise<number> {
    const sent = this.writer.sendDigests(at).catch((err: unknown) => {
      this.log.error({ err }, 'alarm digests failed');
      return 0;
    });
    this.track(sent);
    return sent;
  }

  /** Unsubscribes and lets the queued work finish. */
  async stop(): Promise<void> {
    this.detach.forEach((f) => f());
    this.detach = [];
    if (this.digestTimer) clearInterval(this.digestTimer);
    this.digestTimer = null;
    await this.idle();
  }

  /** Resolves once every queue and background job is done (tests, benchmarks, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.background, ...[...this.slots.values()].map((s) => s.tail)];
      await Promise.all(pending);
      const again = [...this.background, ...[...this.slots.values()].map((s) => s.tail)];
      if (again.length === pending.length && again.every((p, i) => p === pending[i])) return;
    }
  }

  /** Rule id -> open record id of a device (what the engine holds in memory). */
  openOf(deviceId: number): Map<number, number | null> {
    const slot = this.slots.get(deviceId);
    return new Map([...(slot?.open ?? [])].map(([ruleId, a]) => [ruleId, a.recordId]));
  }

  private slot(deviceId: number): DeviceSlot {
    let slot = this.slots.get(deviceId);
    if (!slot) {
      slot = {
        id: deviceId,
        teamId: null,
        templateId: null,
        name: '',
        open: new Map(),
        openLoaded: false,
        loadedAt: 0,
        tail: Promise.resolve(),
        waiting: 0,
        newestTs: 0,
      };
      this.slots.set(deviceId, slot);
    }
    return slot;
  }

  private onData(event: DeviceDataEvent): void {
    const slot = this.slot(event.deviceId);
    if (slot.waiting > 0 || slot.loadedAt === 0 || this.now() - slot.loadedAt >= this.ttl) {
      slot.waiting++;
      this.enqueue(slot, async () => {
        try {
          await this.load(slot);
          this.evaluate(slot, event.frames);
        } finally {
          slot.waiting--;
        }
      });
      return;
    }
    this.evaluate(slot, event.frames);
  }

  /** A device that acknowledged a config (maybe of another template) or came online: read it again. */
  private onAct(event: DeviceActEvent): void {
    const { act, device_id: id } = event.act;
    if (act !== 'sync' && act !== 'online') return;
    const slot = this.slots.get(id);
    if (slot) slot.loadedAt = 0;
  }

  /** Partitions moved: gained devices are read again before their next value, lost ones forgotten. */
  private partitionsChanged(change: { gained: number[]; lost: number[] }): void {
    const gained = new Set(change.gained);
    const lost = new Set(change.lost);
    for (const [id, slot] of this.slots) {
      const part = partitionOf(id);
      if (lost.has(part)) this.slots.delete(id);
      else if (gained.has(part)) {
        slot.loadedAt = 0;
        slot.openLoaded = false;
        slot.newestTs = 0;
      }
    }
  }

  /**
   * Devices were bound or unbound: their state (team, template, open records, closed by the
   * unbind) is read again before their next value is evaluated, so nothing of the previous
   * binding is evaluated against the next one.
   */
  private onBinding(event: DeviceBindingEvent): void {
    for (const id of event.deviceIds) {
      const slot = this.slots.get(id);
      if (!slot) continue;
      slot.loadedAt = 0;
      slot.openLoaded = false;
    }
  }

  /**
   * Evaluates a device's values in memory; transitions update the open state at once and queue
   * their commit. The hot path: a map lookup per value and a few comparisons per rule of its tag.
   */
  private evaluate(slot: DeviceSlot, frames: DeviceDataEvent['frames']): void {
    if (slot.templateId === null || slot.teamId === null) return;
    const rules = this.rules.cached(slot.templateId);
    if (!rules) return;
    for (const f of frames) {
      if (f.ts < slot.newestTs && slot.newestTs - f.ts < LATE_FRAME_MS) continue;
      slot.newestTs = f.ts;
      for (let i = 0; i < f.ids.length; i++) {
        const list = rules.byTag.get(f.ids[i]!);
        if (list !== undefined) this.evaluateValue(slot, list, frameValue(f, i), f.ts);
      }
    }
  }

  /** The rules of one tag against one value. */
  private evaluateValue(
    slot: DeviceSlot,
    list: readonly CompiledRule[],
    value: HistoryValue,
    ts: number,
  ): void {
    for (let j = 0; j < list.length; j++) {
      const rule = list[j]!;
      const zone = zoneOf(rule.cond, value);
      // Most values raise nothing on a device with nothing open: skip the lookup.
      if (zone === Zone.None || (zone !== Zone.In && slot.open.size === 0)) continue;
      const open = slot.open.get(rule.id) ?? null;
      const transition = transitionOf(open, zone);
      if (transition === 'none') {
        if (open !== null) open.inCondition = zone === Zone.In;
      } else if (transition === 'raise') {
        this.raise(slot, rule, value, ts);
      } else if (transition === 'repeat') {
        open!.inCondition = true;
        this.repeat(slot, open!, value);
      } else {
        slot.open.delete(rule.id);
        this.recover(slot, open!, value, ts);
      }
    }
  }

  private raise(slot: DeviceSlot, rule: CompiledRule, value: unknown, ts: number): void {
    const alarm: OpenAlarm = { recordId: null, teamId: slot.teamId!, inCondition: true };
    slot.open.set(rule.id, alarm);
    const device = { id: slot.id, teamId: slot.teamId!, name: slot.name };
    this.enqueue(slot, async () => {
      try {
        alarm.recordId = await this.writer.raise(device, rule, value, ts);
      } catch (err) {
        // Not recorded (e.g. the rule was deleted meanwhile): forget it, read the device again.
        if (slot.open.get(rule.id) === alarm) slot.open.delete(rule.id);
        this.resync(slot);
        throw err;
      }
    });
  }

  private repeat(slot: DeviceSlot, alarm: OpenAlarm, value: unknown): void {
    this.enqueue(slot, async () => {
      if (alarm.recordId !== null) await this.writer.repeat(alarm.teamId, alarm.recordId, value);
    });
  }

  /** Closes an open record (with the value that recovered it, if any) after what is queued. */
  private recover(slot: DeviceSlot, alarm: OpenAlarm, value: unknown, ts: number): void {
    this.enqueue(slot, async () => {
      if (alarm.recordId !== null) await this.writer.recover(alarm.teamId, [alarm.recordId], ts, value);
    });
  }

  /** Reads the device's team, template and name (and its open records the first time). */
  private async load(slot: DeviceSlot): Promise<void> {
    if (slot.loadedAt !== 0 && this.now() - slot.loadedAt < this.ttl && slot.openLoaded) return;
    const device = await this.repo.device(slot.id);
    if (!slot.openLoaded) {
      slot.open.clear();
      for (const r of await this.repo.open(slot.id)) {
        if (r.rule_id !== null)
          slot.open.set(r.rule_id, { recordId: r.id, teamId: r.team_id, inCondition: true });
      }
      slot.openLoaded = true;
    }
    const teamId = device?.team_id ?? null;
    const templateId = teamId === null ? null : (device?.template_id ?? null);
    // Records of another team (the device was unbound) or of rules outside the device's
    // template (it changed template) can no longer recover by value: close them.
    const rules = templateId === null ? null : await this.rules.of(templateId);
    for (const [ruleId, alarm] of slot.open) {
      if (rules !== null && alarm.teamId === teamId && rules.byId.has(ruleId)) continue;
      slot.open.delete(ruleId);
      if (alarm.recordId !== null) await this.writer.recover(alarm.teamId, [alarm.recordId], this.now());
    }
    slot.teamId = teamId;
    slot.templateId = templateId;
    slot.name = device ? device.name || device.sn : '';
    slot.loadedAt = this.now();
  }

  /**
   * The rules of a template changed: read them again; open records of rules that are gone close
   * as recovered (in each device's queue, after what is pending there), and so do records whose
   * rule was deleted (rule_id set null) on devices the engine has not seen.
   */
  private async reloadRules(event: AlarmRulesEvent): Promise<void> {
    const rules = await this.rules.reload(event.templateId);
    for (const slot of this.slots.values()) {
      if (slot.templateId !== event.templateId) continue;
      for (const [ruleId, alarm] of slot.open) {
        if (rules.byId.has(ruleId)) continue;
        slot.open.delete(ruleId);
        this.recover(slot, alarm, undefined, this.now());
      }
    }
    await this.closeOrphans(event.teamId);
  }

  /** Closes open records whose rule was deleted (of a team, or of every team at start). */
  private async closeOrphans(teamId?: number): Promise<void> {
    const rows = await this.repo.orphans(teamId);
    for (const team of new Set(rows.map((r) => r.team_id))) {
      const ids = rows.filter((r) => r.team_id === team).map((r) => r.id);
      await this.writer.recover(team, ids, this.now());
    }
  }

  /** After a failed write: read the device's open records again before its next value. */
  private resync(slot: DeviceSlot): void {
    slot.openLoaded = false;
    slot.loadedAt = 0;
  }

  private enqueue(slot: DeviceSlot, task: () => Promise<void>): void {
    slot.tail = slot.tail.then(task).catch((err: unknown) => {
      this.log.error({ err, deviceId: slot.id }, 'alarm transition failed');
    });
  }

  private track(job: Promise<unknown>): void {
    const tracked = job
      .catch((err: unknown) => this.log.error({ err }, 'alarm rules reload failed'))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}
