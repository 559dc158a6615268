import type { DeviceCommand, DeviceCommandResponse } from '@hmi/domain';
import {
  DataType,
  encodePayload,
  REBIRTH_METRIC,
  SpbError,
  spbTopic,
  toMetricValue,
  type SpbMetric,
} from '@hmi/domain/sparkplug';
import type { DeviceLink } from '../../plugins/mqtt/device-link.ts';
import type { SparkplugDevice } from './sparkplug.repo.ts';
import { metricKey, type HostTag, type StoredBirth } from './sparkplug-templates.ts';

/** Command answer codes (docs/protocol.md, cmd/resp). */
const UNKNOWN_OP = 1;
const BAD_ARGUMENTS = 2;
const UNKNOWN_TAG = 3;
const READ_ONLY = 4;
const FAILED = 5;

/**
 * The cloud's commands to a Sparkplug device: `settag` becomes a DCMD (an NCMD for the node's own
 * metrics) carrying the metric's alias (its name when the birth gave none) and its datatype, the
 * value checked against that type; `rebirth` becomes the NCMD `Node Control/Rebirth`. Sparkplug
 * has no command answer: once the broker took the command the answer is `ok`; the new value is
 * what the node reports next. The birth read from the database, so any server can send it.
 */
export class SparkplugCommands {
  constructor(
    private readonly link: DeviceLink,
    private readonly now: () => number = Date.now,
  ) {}

  async run(
    row: SparkplugDevice,
    birth: StoredBirth | undefined,
    tags: readonly HostTag[] | null,
    command: DeviceCommand,
  ): Promise<DeviceCommandResponse> {
    const id = command.id;
    const fail = (code: number, reason: string): DeviceCommandResponse => ({
      id,
      ok: false,
      code,
      result: { reason },
    });
    if (command.op === 'rebirth') {
      await this.publish(row, '', { name: REBIRTH_METRIC, datatype: DataType.Boolean, value: true });
      return { id, ok: true };
    }
    if (command.op !== 'settag') return fail(UNKNOWN_OP, `Sparkplug devices do not support ${command.op}`);
    const { tagId, value } = command.args;
    const tag = tags?.find((t) => t.id === tagId);
    if (!tag) return fail(UNKNOWN_TAG, `unknown tag ${tagId}`);
    if (tag.rw === 0) return fail(READ_ONLY, `tag ${tag.name} is read-only`);
    const metric = birth?.metrics.find((m) => metricKey(m.name) === tag.metric);
    if (!metric) return fail(UNKNOWN_TAG, `the birth of this device has no metric ${tag.metric}`);
    if (metric.readOnly) return fail(READ_ONLY, `metric ${tag.name} is read-only`);
    let converted;
    try {
      converted = toMetricValue(metric.datatype, value);
    } catch (err) {
      if (err instanceof SpbError) return fail(BAD_ARGUMENTS, err.message);
      throw err;
    }
    const sent: SpbMetric =
      metric.alias !== undefined
        ? { alias: metric.alias, datatype: metric.datatype, value: converted }
        : { name: metric.name, datatype: metric.datatype, value: converted };
    try {
      await this.publish(row, row.device_id, sent);
    } catch (err) {
      return fail(FAILED, `the broker did not take the command: ${String(err)}`);
    }
    return { id, ok: true, result: { tagId, value } };
  }

  private publish(row: SparkplugDevice, deviceId: string, metric: SpbMetric): Promise<void> {
    const topic = spbTopic({
      groupId: row.group_id,
      messageType: deviceId === '' ? 'NCMD' : 'DCMD',
      edgeNodeId: row.edge_node_id,
      ...(deviceId === '' ? {} : { deviceId }),
    });
    const payload = encodePayload({ timestamp: this.now(), metrics: [metric] });
    return this.link.publishRaw(topic, Buffer.from(payload), false);
  }
}
