import {
  ErrorCode,
  invalid,
  type ScreenBinding,
  type ScreenWidget,
  type ScreenWriteBody,
  type ScreenWriteReply,
  type SettagBody,
  type SettagReply,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { validationError } from '../../lib/validate.ts';
import { OperatePolicy, type OperateAct } from '../zone/index.ts';
import type { ProjectAccess } from './project-access.ts';
import type { ScreenRepo } from './screen.repo.ts';
import { readDocument } from './screen.service.ts';

/** The tag write path (the settag module's SettagService). */
export interface TagWriter {
  write(caller: CurrentUser, body: SettagBody, act: OperateAct): Promise<SettagReply>;
}

/** A tag's last value (the history store's LastValueReads). */
export interface LastValue {
  ofTag(deviceId: number, tagId: number): Promise<{ num?: number | null; txt?: string | null } | undefined>;
}

type WriteValue = SettagBody['value'];

const badWrite = (what: string) => validationError(what, invalid('validation.screen.write', { what }));

/**
 * The running screen's writes (/scada; ProjectPaths.write). The request names a widget and, for a
 * button, which of its actions: the binding and the value come from the stored screen, so a
 * viewer can only do what the screen's designer put on it. The widget's own zone, when it names
 * one, must be held; the device rule is the operate policy's `screenWrite` (device edit 4 or hmi
 * 6, data scope, the device's zone), checked by the settag path, which also checks online state,
 * sync, the tag's read/write type, the value's type and template locks.
 */
export class ScreenRuntimeService {
  constructor(
    private readonly screens: ScreenRepo,
    private readonly access: ProjectAccess,
    private readonly tags: TagWriter,
    private readonly lastValues: LastValue,
  ) {}

  async write(caller: CurrentUser, body: ScreenWriteBody): Promise<ScreenWriteReply> {
    const screen = await this.screens.findInScope(caller.scope, body.screen_id);
    if (!screen) throw new AppError(ErrorCode.E1003_NO_DATA);
    await this.access.requireWritable(caller, screen.project_id);
    const widget = readDocument(JSON.parse(screen.document)).widgets.find((w) => w.id === body.widget_id);
    if (!widget) throw new AppError(ErrorCode.E1003_NO_DATA);
    if (widget.zoneId != null && !OperatePolicy.holdsZone(caller.scope, widget.zoneId))
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    const { binding, value } = await this.target(widget, body);
    const written = await this.tags.write(
      caller,
      { id: binding.deviceId, tag_id: binding.tagId, value },
      'screenWrite',
    );
    return { device_id: written.device_id, tag_id: written.tag_id, value: written.value, at: written.at };
  }

  /** What the widget writes, and where (1006 `validation.screen.write` when it writes nothing). */
  private async target(
    widget: ScreenWidget,
    body: ScreenWriteBody,
  ): Promise<{ binding: ScreenBinding; value: WriteValue }> {
    if (body.action !== undefined) {
      const action = widget.actions?.[body.action];
      if (!action) throw badWrite('action');
      switch (action.kind) {
        case 'set':
          return { binding: action.binding, value: action.value };
        case 'momentary':
          if (body.pressed === undefined) throw badWrite('pressed');
          return { binding: action.binding, value: body.pressed ? action.pressValue : action.releaseValue };
        case 'toggle': {
          const last = await this.lastValues.ofTag(action.binding.deviceId, action.binding.tagId);
          const on = last !== undefined && ((last.num ?? 0) !== 0 || (last.txt ?? '') === 'true');
          return { binding: action.binding, value: on ? 0 : 1 };
        }
        default:
          // goto and recipe write no tag (a recipe is applied by its own call).
          throw badWrite('action');
      }
    }
    if (!widget.binding || body.value === undefined) throw badWrite('value');
    return { binding: widget.binding, value: inputValue(widget, body.value) };
  }
}

/** The value an input or switch widget may write (its own limits), else 1006. */
function inputValue(widget: ScreenWidget, value: WriteValue): WriteValue {
  switch (widget.type) {
    case 'switch':
      if (typeof value !== 'boolean') throw badWrite('value');
      return value ? widget.props.onValue : widget.props.offValue;
    case 'numeric-input': {
      if (typeof value !== 'number') throw badWrite('value');
      const { min, max } = widget.props;
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) throw badWrite('value');
      return value;
    }
    case 'text-input': {
      if (typeof value !== 'string') throw badWrite('value');
      const { min, max } = widget.props;
      if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max))
        throw badWrite('value');
      return value;
    }
    default:
      throw badWrite('value');
  }
}
