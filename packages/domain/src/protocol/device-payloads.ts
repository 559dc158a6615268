import { z } from 'zod';
import { alarmTypeFlags, AlarmLevel } from '../constants/alarm.constants.ts';
import { readWriteTypeSchema, tagDataTypeSchema } from '../constants/tag-types.constants.ts';
import { toSingleLine } from '../validation/free-text.validation.ts';
import { fastDeviceData } from './device-data-fast.ts';
import type { DeviceChannel } from './device-topics.ts';

/*
 * Payloads of the device protocol (DESIGN section 5). All are JSON objects encoded in UTF-8.
 * Unknown keys are stripped rather than refused so that newer firmware can add fields without
 * breaking older clouds (and the other way round).
 */

import { MAX_DEVICE_PAYLOAD_BYTES, MAX_SAMPLES_PER_MESSAGE, MAX_TAG_TEXT_LENGTH } from './payload-limits.ts';

export { MAX_DEVICE_PAYLOAD_BYTES, MAX_SAMPLES_PER_MESSAGE, MAX_TAG_TEXT_LENGTH };
/** Most tags in one config; the billing quota is usually far lower. */
export const MAX_CONFIG_TAGS = 10_000;
/** Most alarm rules in one config (SPEC: at most 300 alarm rules). */
export const MAX_CONFIG_ALARMS = 300;

export const DeviceKind = { Hmi: 'hmi', Gateway: 'gateway' } as const;
export type DeviceKind = (typeof DeviceKind)[keyof typeof DeviceKind];
export const deviceKindSchema = z.enum(['hmi', 'gateway']);

/**
 * What a device says about itself (model, firmware, address) is stored and shown like any text,
 * but the cloud cannot send a correction back: control characters are removed and lone
 * surrogates replaced (toSingleLine) instead of refusing the whole state, which would leave an
 * online device shown offline. PostgreSQL could not store a NUL anyway.
 */
const reportedText = (max: number) => z.string().max(max).transform(toSingleLine);

// ---- state (device, retained; also the Last Will) ----

export const deviceStateOnlineSchema = z.object({
  online: z.literal(true),
  model: reportedText(128).optional(),
  kind: deviceKindSchema.optional(),
  firmware: reportedText(128).optional(),
  ip: reportedText(64).optional(),
  /** Whether the HMI's VNC server is on (remote screen); absent means unknown (try). */
  vnc: z.boolean().optional(),
});
/** The Last Will form: a device that vanishes is reported with just `online: false`. */
export const deviceStateOfflineSchema = z.object({ online: z.literal(false) });
export const deviceStateSchema = z.discriminatedUnion('online', [
  deviceStateOnlineSchema,
  deviceStateOfflineSchema,
]);
export type DeviceStateOnline = z.infer<typeof deviceStateOnlineSchema>;
export type DeviceState = z.infer<typeof deviceStateSchema>;

// ---- config (cloud, retained) ----

/** Tag ids are the cloud's integer ids; in `data` they appear as JSON object keys (strings). */
export const tagIdSchema = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 31 - 1);
export const TAG_ID_KEY_PATTERN = /^(0|[1-9]\d{0,9})$/;

export const configTagSchema = z.object({
  id: tagIdSchema,
  name: z.string().min(1).max(255),
  /** Data type code: 0 BOOL ... 9 STRING. */
  type: tagDataTypeSchema,
  /** 0 read, 1 write, 2 read-write. */
  rw: readWriteTypeSchema,
  address: z.string().max(255).optional(),
  unit: z.string().max(32).optional(),
  decimals: z.number().int().min(0).max(14).optional(),
  description: z.string().max(1024).optional(),
});
export type ConfigTag = z.infer<typeof configTagSchema>;

const alarmNumber = z.union([z.number().finite(), z.string().max(64)]);
export const configAlarmSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().min(1).max(255),
  tagId: tagIdSchema,
  /** One alarm type flag (HighHigh 1 ... Off 256). */
  type: z.literal(alarmTypeFlags),
  /** Alarm level bit (1 minor ... 16 critical). */
  level: z.literal(Object.values(AlarmLevel)),
  /** Limit, or 0/1 for on/off alarms; 64-bit values may be decimal strings. */
  value: alarmNumber,
  target: alarmNumber.optional(),
  deviation: alarmNumber.optional(),
  content: z.string().max(1024).optional(),
});
export type ConfigAlarm = z.infer<typeof configAlarmSchema>;

/** Template id of a config; null when the device has no template (it then reports no tags). */
export const configTemplateIdSchema = z.number().int().nonnegative().nullable();
/** Increases on every change of the device's template or of the template itself. */
export const configVersionSchema = z.number().int().nonnegative();

export const deviceConfigSchema = z.object({
  templateId: configTemplateIdSchema,
  version: configVersionSchema,
  tags: z.array(configTagSchema).max(MAX_CONFIG_TAGS),
  alarms: z.array(configAlarmSchema).max(MAX_CONFIG_ALARMS).default([]),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

// ---- config/ack (device) ----

export const deviceConfigAckSchema = z.object({
  templateId: configTemplateIdSchema,
  version: configVersionSchema,
});
export type DeviceConfigAck = z.infer<typeof deviceConfigAckSchema>;

// ---- data (device) ----

/**
 * One tag value: BOOL as true/false (0/1 accepted), numbers as JSON numbers, STRING as a
 * string; 64-bit integers beyond 2^53 as decimal strings; null when the value is unavailable
 * (bad quality, PLC unreachable).
 */
export const tagValueSchema = z.union([
  z.boolean(),
  z.number().finite(),
  z.string().max(MAX_TAG_TEXT_LENGTH),
  z.null(),
]);
export type TagValue = z.infer<typeof tagValueSchema>;

export const dataSampleSchema = z.object({
  /** Sample time, integer milliseconds UTC (the device's clock). */
  ts: z.number().int().nonnegative(),
  /** Values keyed by tag id. */
  v: z.record(z.string().regex(TAG_ID_KEY_PATTERN, 'keys must be tag ids'), tagValueSchema),
  /** True on samples backfilled after an outage (not live values). */
  hist: z.boolean().optional(),
});
export type DataSample = z.infer<typeof dataSampleSchema>;

/** A single sample or an array of them (backfill); the server normalises to an array. */
export const deviceDataSchema = z.union([
  dataSampleSchema,
  z.array(dataSampleSchema).min(1).max(MAX_SAMPLES_PER_MESSAGE),
]);
export type DeviceData = z.infer<typeof deviceDataSchema>;

/** The samples of a data message as an array. */
export const dataSamples = (data: DeviceData): DataSample[] => (Array.isArray(data) ? data : [data]);

// ---- cmd (cloud) ----

export const commandIdSchema = z.string().min(1).max(64);

export const CommandOp = {
  SetTag: 'settag',
  SwitchPage: 'switch_page',
  TunnelOpen: 'tunnel_open',
  TunnelClose: 'tunnel_close',
  Rebirth: 'rebirth',
} as const;
export type CommandOp = (typeof CommandOp)[keyof typeof CommandOp];
export const commandOps = Object.values(CommandOp) as readonly CommandOp[];

export const setTagArgsSchema = z.object({ tagId: tagIdSchema, value: tagValueSchema });
export const switchPageArgsSchema = z.object({ page: z.number().int().nonnegative() });
/** What a tunnel reaches on the device: its VNC server (local port 5900) or another local TCP port. */
export const tunnelTargetSchema = z.union([
  z.literal('vnc'),
  z.object({ port: z.number().int().min(1).max(65535) }),
]);
export type TunnelTarget = z.infer<typeof tunnelTargetSchema>;
/**
 * Open a tunnel (docs/protocol.md, Tunnels): the device dials `url` (a ws:// or wss:// URL on the
 * server instance holding the browser's session) adding `?token=<token>` (single use, 30 s), then
 * pipes the WebSocket's binary messages to and from a TCP connection to `target` on itself.
 */
export const tunnelOpenArgsSchema = z.looseObject({
  tunnelId: z.string().min(1).max(64),
  url: z.string().min(1).max(2048),
  token: z.string().min(1).max(256),
  target: tunnelTargetSchema,
});
export const tunnelCloseArgsSchema = z.looseObject({ tunnelId: z.string().min(1).max(64) });
/** Rebirth: republish state, re-read the retained config and send a full data sample. */
export const rebirthArgsSchema = z.object({});

export const deviceCommandSchema = z.discriminatedUnion('op', [
  z.object({ id: commandIdSchema, op: z.literal('settag'), args: setTagArgsSchema }),
  z.object({ id: commandIdSchema, op: z.literal('switch_page'), args: switchPageArgsSchema }),
  z.object({ id: commandIdSchema, op: z.literal('tunnel_open'), args: tunnelOpenArgsSchema }),
  z.object({ id: commandIdSchema, op: z.literal('tunnel_close'), args: tunnelCloseArgsSchema }),
  z.object({ id: commandIdSchema, op: z.literal('rebirth'), args: rebirthArgsSchema.default({}) }),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/**
 * What a device can rely on in any command, known op or not: it parses this first so that it
 * can answer a command it does not understand with `ok: false` and the command's id.
 */
export const commandEnvelopeSchema = z.object({
  id: commandIdSchema,
  op: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()).default({}),
});
export type CommandEnvelope = z.infer<typeof commandEnvelopeSchema>;

// ---- cmd/resp (device) ----

/** Codes a device answers a failed command with (`ok: false`). */
export const CommandResultCode = {
  UnknownOp: 1,
  BadArgs: 2,
  UnknownTag: 3,
  ReadOnlyTag: 4,
  Failed: 5,
  /** tunnel_open with target vnc while the HMI's VNC server is off (SPEC code 1024). */
  VncOff: 1024,
  /** settag while the device does not run the cloud's current template (SPEC code 2002). */
  TemplateNotSynced: 2002,
} as const;
export type CommandResultCode = (typeof CommandResultCode)[keyof typeof CommandResultCode];

export const deviceCommandResponseSchema = z.object({
  id: commandIdSchema,
  ok: z.boolean(),
  code: z.number().int().optional(),
  result: z.unknown().optional(),
});
export type DeviceCommandResponse = z.infer<typeof deviceCommandResponseSchema>;

// ---- by channel ----

/** The payload schema of each channel. */
export const devicePayloadSchemas = {
  state: deviceStateSchema,
  config: deviceConfigSchema,
  'config/ack': deviceConfigAckSchema,
  data: deviceDataSchema,
  cmd: deviceCommandSchema,
  'cmd/resp': deviceCommandResponseSchema,
} as const satisfies Record<DeviceChannel, z.ZodType>;

export type DevicePayloads = { [C in DeviceChannel]: z.infer<(typeof devicePayloadSchemas)[C]> };

export type DecodedPayload<C extends DeviceChannel> =
  { ok: true; payload: DevicePayloads[C] } | { ok: false; error: string };

/**
 * Decodes a raw MQTT payload of a channel: size limit, UTF-8 JSON, then the channel's schema.
 * Never throws; the error is a short human-readable reason for logs.
 */
export function decodeDevicePayload<C extends DeviceChannel>(
  channel: C,
  raw: Uint8Array | string,
): DecodedPayload<C> {
  const size = typeof raw === 'string' ? new TextEncoder().encode(raw).byteLength : raw.byteLength;
  if (size === 0) return { ok: false, error: 'empty payload' };
  if (size > MAX_DEVICE_PAYLOAD_BYTES)
    return { ok: false, error: `payload larger than ${MAX_DEVICE_PAYLOAD_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return { ok: false, error: 'payload is not UTF-8 JSON' };
  }
  if (channel === 'data') {
    const fast = fastDeviceData(json);
    if (fast !== undefined) return { ok: true, payload: fast as DevicePayloads[C] };
  }
  const parsed = devicePayloadSchemas[channel].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `invalid ${channel} payload: ${issue ? `${issue.path.join('.') || '(root)'} ${issue.message}` : 'unknown'}`,
    };
  }
  return { ok: true, payload: parsed.data as DevicePayloads[C] };
}

/** Encodes a payload of a channel as JSON text after validating it (throws a ZodError on a bad payload). */
export function encodeDevicePayload<C extends DeviceChannel>(
  channel: C,
  payload: z.input<(typeof devicePayloadSchemas)[C]>,
): string {
  return JSON.stringify(devicePayloadSchemas[channel].parse(payload));
}
