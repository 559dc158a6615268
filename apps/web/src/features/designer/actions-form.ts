import { screenAction, type ScreenAction, type ScreenWriteValue } from '@hmi/domain';
import { compact, writeValueOf, writeValueText, type FieldIssue, type Issue } from './props-form.ts';

/*
 * Between a button's actions and the actions form: values to write are text in the form (a
 * number when they read as one, see writeValueOf), every row is checked by the action schema,
 * and an issue is shown under its row's field.
 */

const VALUE_KEYS = ['value', 'pressValue', 'releaseValue'] as const;

/** The form rows of a widget's actions. */
export function actionsToForm(actions: readonly ScreenAction[] | undefined): Record<string, unknown>[] {
  return (actions ?? []).map((a) => {
    const row: Record<string, unknown> = { ...a };
    for (const k of VALUE_KEYS)
      if (k in a) row[k] = writeValueText((a as unknown as Record<string, ScreenWriteValue>)[k]);
    return row;
  });
}

/** The fields a kind of action has (a row keeps only those when its kind changes). */
const FIELDS: Record<ScreenAction['kind'], readonly string[]> = {
  set: ['kind', 'binding', 'value'],
  toggle: ['kind', 'binding'],
  momentary: ['kind', 'binding', 'pressValue', 'releaseValue'],
  goto: ['kind', 'screenId'],
  recipe: ['kind', 'recipeId'],
};

/** One form row as an action (not yet checked): only its kind's fields, values typed. */
export function rowToAction(row: Record<string, unknown>): Record<string, unknown> {
  const kind = row.kind as ScreenAction['kind'];
  const keep = FIELDS[kind] ?? ['kind'];
  const out: Record<string, unknown> = {};
  for (const k of keep) if (row[k] !== undefined && row[k] !== null) out[k] = row[k];
  for (const k of VALUE_KEYS) if (k in out) out[k] = writeValueOf(out[k]);
  if (out.binding) {
    const b = out.binding as { deviceId: number; tagId: number };
    out.binding = { deviceId: b.deviceId, tagId: b.tagId };
  }
  return compact(out) as Record<string, unknown>;
}

/** The rows checked as actions, or the issues under their fields (`actions.<row>.<field>`). */
export function checkActions(
  rows: readonly Record<string, unknown>[],
  describe: (issue: Issue) => string,
): { actions: ScreenAction[] } | { issues: FieldIssue[] } {
  const actions: ScreenAction[] = [];
  const issues: FieldIssue[] = [];
  rows.forEach((row, i) => {
    const parsed = screenAction.safeParse(rowToAction(row));
    if (parsed.success) actions.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === undefined ? 'kind' : String(issue.path[0]);
        issues.push({ name: ['actions', i, field], errors: [describe(issue)] });
      }
  });
  return issues.length > 0 ? { issues } : { actions };
}
