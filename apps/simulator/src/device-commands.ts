import {
  CommandResultCode,
  commandEnvelopeSchema,
  commandOps,
  deviceCommandSchema,
  ReadWriteType,
  type CommandEnvelope,
  type ConfigTag,
  type DeviceCommandResponse,
  type TagValue,
} from '@hmi/domain';
import type { Signal } from './signals.ts';
import type { DeviceRemote } from './tunnel/device-remote.ts';

export interface TagState {
  tag: ConfigTag;
  signal: Signal;
  /** Times the screen's PUSH button wrote this tag. */
  presses?: number;
  /** Set by settag: the machine holds that value from then on. */
  override?: TagValue;
}

/** What a command may read and do on its device. */
export interface CommandContext {
  sn: string;
  log: (line: string) => void;
  remote: DeviceRemote;
  tags: () => TagState[];
  setPage: (page: number) => void;
  respond: (response: DeviceCommandResponse) => Promise<unknown>;
  /** Publishes a live sample of every tag (after a write). */
  publishSample: () => Promise<unknown>;
  /** Republishes the state and a full sample. */
  rebirth: () => Promise<unknown>;
}

/**
 * Answers one `cmd` message (DESIGN section 5): every command with an id gets a cmd/resp, an op
 * the device does not know included.
 */
export async function runCommand(raw: Buffer, ctx: CommandContext): Promise<unknown> {
  const { sn, log, remote, respond } = ctx;
  let envelope: CommandEnvelope;
  try {
    envelope = commandEnvelopeSchema.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    log(`${sn}: ignored a command without an id`);
    return;
  }
  const { id } = envelope;
  const fail = (code: number, reason: string) => respond({ id, ok: false, code, result: { reason } });
  const parsed = deviceCommandSchema.safeParse(envelope);
  if (!parsed.success) {
    return (commandOps as readonly string[]).includes(envelope.op)
      ? fail(CommandResultCode.BadArgs, 'invalid arguments')
      : fail(CommandResultCode.UnknownOp, `unknown op ${envelope.op}`);
  }
  const cmd = parsed.data;
  switch (cmd.op) {
    case 'settag': {
      const state = ctx.tags().find((t) => t.tag.id === cmd.args.tagId);
      if (!state) return fail(CommandResultCode.UnknownTag, `no tag ${cmd.args.tagId}`);
      if (state.tag.rw === ReadWriteType.Read) return fail(CommandResultCode.ReadOnlyTag, 'read-only tag');
      state.override = cmd.args.value;
      await respond({ id, ok: true, result: { tagId: cmd.args.tagId, value: cmd.args.value } });
      return ctx.publishSample();
    }
    case 'switch_page':
      ctx.setPage(cmd.args.page);
      return respond({ id, ok: true, result: { page: cmd.args.page } });
    case 'rebirth':
      await respond({ id, ok: true });
      return ctx.rebirth();
    case 'tunnel_open': {
      const { tunnelId, url, token, target } = cmd.args;
      const opened = await remote.open({ tunnelId, url, token, target });
      if (!opened.ok) log(`${sn}: tunnel_open ${tunnelId} refused: ${opened.reason}`);
      return opened.ok ? respond({ id, ok: true, result: { tunnelId } }) : fail(opened.code, opened.reason);
    }
    case 'tunnel_close':
      return respond({ id, ok: true, result: { closed: remote.close(cmd.args.tunnelId) } });
  }
}
