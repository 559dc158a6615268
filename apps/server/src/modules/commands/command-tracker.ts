import { randomBytes } from 'node:crypto';
import type { DeviceCommand, DeviceCommandResponse } from '@hmi/domain';
import type { Bus } from '../../plugins/bus.ts';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';

/** The device did not answer the command in time. */
export class CommandTimeoutError extends Error {
  override name = 'CommandTimeoutError';
}

/** The device went offline before it answered. */
export class CommandOfflineError extends Error {
  override name = 'CommandOfflineError';
}

interface Pending {
  sn: string;
  resolve: (resp: DeviceCommandResponse) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** Command payloads without their id (the tracker gives each one). */
export type CommandRequest = DeviceCommand extends infer C
  ? C extends DeviceCommand
    ? Omit<C, 'id'>
    : never
  : never;

/** A device's answer that reached another server than the one that sent the command. */
export interface CommandReplyEvent {
  sn: string;
  resp: DeviceCommandResponse;
}

/** A device went offline (seen by the server that received its state or lost its connection). */
export interface DeviceOfflineEvent {
  sn: string;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'command.reply': CommandReplyEvent;
    'device.offline': DeviceOfflineEvent;
  }
}

/**
 * Commands to devices and their answers: `send` publishes a `cmd` with a fresh id and resolves
 * with the device's `cmd/resp` of that id (from that device only), or rejects on timeout or when
 * the device disconnects or reports itself offline first. Nothing outlives its timeout.
 *
 * With several servers on one broker the answer may reach any of them (a shared subscription
 * hands each message to one): a command id starts with the id of the server that sent it, and a
 * server that receives an answer it is not waiting for sends it to that server over the bus
 * ('command.reply', delivered to the requester only). A device going offline is published to
 * every server ('device.offline').
 */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly link: DeviceLink,
    private readonly bus: Bus,
  ) {}

  attach(): () => void {
    const off = [
      this.link.onMessage((m) => {
        if (m.channel === 'cmd/resp') this.received(m.sn, m.payload);
        else if (m.channel === 'state' && !m.payload.online) this.bus.publish('device.offline', { sn: m.sn });
      }),
      this.link.on('disconnect', (e) => this.bus.publish('device.offline', { sn: e.sn })),
      this.bus.subscribe('command.reply', (e) => this.answer(e.sn, e.resp)),
      this.bus.subscribe('device.offline', (e) => this.offline(e.sn)),
    ];
    return () => {
      off.forEach((f) => f());
      for (const id of [...this.pending.keys()]) this.settle(id, new CommandOfflineError('server stopping'));
    };
  }

  /** Commands waiting for an answer. */
  get size(): number {
    return this.pending.size;
  }

  async send(sn: string, request: CommandRequest, timeoutMs: number): Promise<DeviceCommandResponse> {
    const id = `${this.bus.serverId}.${randomBytes(9).toString('base64url')}`;
    const answer = new Promise<DeviceCommandResponse>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id, new CommandTimeoutError(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.pending.set(id, { sn, resolve, reject, timer });
    });
    // Settled while the publish is awaited (the server stopping): the caller still gets it below.
    answer.catch(() => undefined);
    try {
      await this.link.sendCommand(sn, { ...request, id } as DeviceCommand);
    } catch (err) {
      this.settle(id, err instanceof Error ? err : new Error(String(err)));
    }
    return answer;
  }

  /** An answer from the device link: this server's, or another's to forward. */
  private received(sn: string, resp: DeviceCommandResponse): void {
    if (this.pending.has(resp.id)) return this.answer(sn, resp);
    const dot = resp.id.indexOf('.');
    const server = dot > 0 ? resp.id.slice(0, dot) : '';
    if (server !== '' && server !== this.bus.serverId) this.bus.send(server, 'command.reply', { sn, resp });
  }

  private answer(sn: string, resp: DeviceCommandResponse): void {
    const p = this.pending.get(resp.id);
    if (!p || p.sn !== sn) return; // unknown, late, or another device's id
    this.pending.delete(resp.id);
    clearTimeout(p.timer);
    p.resolve(resp);
  }

  private offline(sn: string): void {
    for (const [id, p] of this.pending)
      if (p.sn === sn) this.settle(id, new CommandOfflineError('device went offline'));
  }

  private settle(id: string, err: Error): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    p.reject(err);
  }
}
