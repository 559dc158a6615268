import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenBinding, ScreenDocument, ScreenWriteBody } from '@hmi/domain';
import { successToast, toasts } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { formatValue } from './format-value.ts';
import { scadaApi } from './scada.api.ts';
import type { WidgetActionEvent } from './widget-types.ts';
import { screenWriteFailure } from './write-failure.ts';

/*
 * What a running screen does with a widget's report: a nav widget or a goto action opens another
 * screen of the project; a recipe action is applied from the project's recipe list (no route for
 * it on the running screen); everything else is a write through the screen's write route, which
 * reads binding and value from the stored screen and applies the operate policy. A write shows
 * its result briefly, or the server's error with the failure toast; a momentary press and
 * release show only a failure (a jog would flash two toasts per touch).
 */

/** What a report asks of the page. */
export type ScreenStep =
  | { kind: 'goto'; screenId: number }
  | { kind: 'recipe'; recipeId: number }
  | { kind: 'write'; body: ScreenWriteBody; binding?: ScreenBinding; quiet: boolean }
  | { kind: 'none' };

/** The step a widget's report asks for on screen `screenId` (pure: the page runs it). */
export function stepOf(doc: ScreenDocument, screenId: number, e: WidgetActionEvent): ScreenStep {
  const widget = doc.widgets.find((w) => w.id === e.widgetId);
  if (!widget) return { kind: 'none' };
  const body: ScreenWriteBody = { screen_id: screenId, widget_id: widget.id };
  if (e.action === undefined) {
    if (widget.type === 'nav') return { kind: 'goto', screenId: widget.props.screenId };
    if (e.value === undefined || !widget.binding) return { kind: 'none' };
    return { kind: 'write', body: { ...body, value: e.value }, binding: widget.binding, quiet: false };
  }
  const action = widget.actions?.[e.action];
  if (!action) return { kind: 'none' };
  switch (action.kind) {
    case 'goto':
      return { kind: 'goto', screenId: action.screenId };
    case 'recipe':
      return { kind: 'recipe', recipeId: action.recipeId };
    case 'momentary':
      if (e.pressed === undefined) return { kind: 'none' };
      return {
        kind: 'write',
        body: { ...body, action: e.action, pressed: e.pressed },
        binding: action.binding,
        quiet: true,
      };
    default:
      return { kind: 'write', body: { ...body, action: e.action }, binding: action.binding, quiet: false };
  }
}

/** The handler of a running screen's reports; `goTo` opens another screen of the project. */
export function useScreenActions(
  doc: ScreenDocument | undefined,
  screenId: number | undefined,
  goTo: (screenId: number) => void,
): (e: WidgetActionEvent) => void {
  const { t } = useTranslation('scada');
  // A settag outcome the screen can name in words; anything else as the shared failure toast.
  const failed = useCallback(
    (e: unknown) => {
      const kind = screenWriteFailure(e);
      if (kind) toasts.error(t(`runtime.writeFailed.${kind}`));
      else if (kind === null) toastFailure(e);
    },
    [t],
  );
  // A momentary action's press, settled (true: it failed). Its release is sent after it (never
  // overtaking it) and, when the press failed, fails alike without a second toast.
  const presses = useRef(new Map<string, Promise<boolean>>());
  const write = useCallback(
    (step: Extract<ScreenStep, { kind: 'write' }>, e: WidgetActionEvent) => {
      const key = `${e.widgetId}:${e.action}`;
      const before = e.pressed === false ? presses.current.get(key) : undefined;
      if (e.pressed === false) presses.current.delete(key);
      const sent = (before ?? Promise.resolve(false)).then((pressFailed) =>
        scadaApi.write(step.body).then(
          (reply) => {
            if (!step.quiet)
              successToast(
                t('runtime.written', { value: formatValue(reply.value, step.binding?.transform) }),
              );
            return false;
          },
          (err: unknown) => {
            if (!pressFailed) failed(err);
            return true;
          },
        ),
      );
      if (e.pressed === true) presses.current.set(key, sent);
    },
    [t, failed],
  );
  return useCallback(
    (e: WidgetActionEvent) => {
      if (!doc || screenId === undefined) return;
      const step = stepOf(doc, screenId, e);
      if (step.kind === 'goto') goTo(step.screenId);
      else if (step.kind === 'recipe') successToast(t('runtime.recipeLater'));
      else if (step.kind === 'write') write(step, e);
    },
    [doc, screenId, goTo, t, write],
  );
}
