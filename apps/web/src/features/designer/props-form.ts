import {
  screenWidgetProps,
  type ScreenWidget,
  type ScreenWidgetType,
  type ScreenWriteValue,
} from '@hmi/domain';

/*
 * Between a widget's props and the property panel's form: optional numbers are null in the form
 * (an empty field) and absent in the props; values written to a tag are typed as text and become
 * a number when they read as one (a STRING tag's value otherwise). The form's values are checked
 * by the type's own props schema before they reach the editor, and a refusal is shown under the
 * field its issue names.
 */

type Plain = Record<string, unknown>;

/** A typed value to write: a number when the text is one ("1", "-2.5", "1e3"), else the text. */
export function writeValueOf(text: unknown): ScreenWriteValue {
  if (typeof text === 'number') return text;
  const s = String(text ?? '');
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}

/** A write value as the form shows it. */
export const writeValueText = (v: ScreenWriteValue | undefined): string => (v === undefined ? '' : String(v));

/** Drops null, undefined and empty optional fields, deeply through plain objects and arrays. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value === null || typeof value !== 'object') return value;
  const out: Plain = {};
  for (const [k, v] of Object.entries(value as Plain)) {
    if (v === null || v === undefined) continue;
    out[k] = compact(v);
  }
  return out;
}

/** The form's values of a widget's props. */
export function propsToForm(widget: ScreenWidget): Plain {
  const props = { ...(widget.props as Plain) };
  if (widget.type === 'switch') {
    props.onValue = writeValueText(widget.props.onValue);
    props.offValue = writeValueText(widget.props.offValue);
  }
  return props;
}

/** The props of the form's values (not yet checked). */
export function formToProps(type: ScreenWidgetType, values: Plain): Plain {
  const props = compact(values) as Plain;
  if (type === 'switch') {
    props.onValue = writeValueOf(props.onValue);
    props.offValue = writeValueOf(props.offValue);
  }
  return props;
}

export interface FieldIssue {
  name: (string | number)[];
  errors: string[];
}

/** What the panel reads of a schema issue (zod's, structurally). */
export interface Issue {
  code: string;
  path: PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * The designer's text key (namespace `designer`, under `issue.`) and its values for a schema
 * issue: the schema's own messages are plain English for logs and the server, the panel speaks
 * the user's language.
 */
export function issueKey(issue: Issue): [string, Record<string, unknown>] {
  const last = issue.path[issue.path.length - 1];
  switch (issue.code) {
    case 'too_small':
      return ['issue.tooSmall', { min: issue.minimum }];
    case 'too_big':
      return ['issue.tooBig', { max: issue.maximum }];
    case 'invalid_type':
      return ['issue.required', {}];
    case 'invalid_format':
      return ['issue.format', {}];
    case 'custom':
      if (last === 'offValue') return ['issue.valuesDiffer', {}];
      if (last === 'ranges') return ['issue.rangesNeeded', {}];
      if (last === 'binding') return ['issue.markBinding', {}];
      return ['issue.order', {}];
    default:
      return ['issue.invalid', {}];
  }
}

/**
 * The form's values checked as `type`'s props: the props to set, or the issues by field (an
 * issue without a path goes under `fallback`), each put in words by `describe`.
 */
export function checkProps(
  type: ScreenWidgetType,
  values: Plain,
  fallback: string,
  describe: (issue: Issue) => string,
): { props: unknown } | { issues: FieldIssue[] } {
  const result = screenWidgetProps[type].safeParse(formToProps(type, values));
  if (result.success) return { props: result.data };
  const byField = new Map<string, FieldIssue>();
  for (const issue of result.error.issues) {
    const name =
      issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? p : String(p))) : [fallback];
    const key = name.join('.');
    const known = byField.get(key);
    if (known) known.errors.push(describe(issue));
    else byField.set(key, { name, errors: [describe(issue)] });
  }
  return { issues: [...byField.values()] };
}

/** Every field name the form holds (to clear old errors once the values pass). */
export function fieldNames(values: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(values)) return [prefix, ...values.flatMap((v, i) => fieldNames(v, [...prefix, i]))];
  if (values !== null && typeof values === 'object')
    return Object.entries(values as Plain).flatMap(([k, v]) => fieldNames(v, [...prefix, k]));
  return prefix.length > 0 ? [prefix] : [];
}
