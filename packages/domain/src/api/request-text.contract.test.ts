import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';

/*
 * Keeps the free-text rule on every text field of every request the console accepts: each
 * exported request schema (named *Body, *Query or *Input, plus the socket and settings schemas
 * below) is walked field by field; a field that takes a string must refuse control characters
 * and lone surrogates, and only the multi-line fields listed here may take a line break. A new
 * field declared as a bare z.string() fails this test.
 */

/** Request schemas whose names do not end in Body, Query or Input. */
const extraRequestSchemas = [
  'monitorPointFields',
  'liveClientMessage',
  'notifyClientMessage',
  'notifySettings',
];
/** Exports named like a request schema that are not one. */
const notRequestSchemas = new Set(['numericInput']);
/** Fields that never hold free text, with the reason. */
const exempt: Record<string, string> = {
  passwd: 'a secret: only hashed, never stored or shown; new ones are printable ASCII (validatePassword)',
  old_passwd: 'a secret, compared with the stored hash only',
  'notifySettings.email': 'read-only in the settings reply; the server ignores it in the body',
  'screenAddBody.document':
    'a screen document: the server reads it with migrateScreenDocument, whose text fields follow the rule (scada/)',
  'screenSaveBody.document':
    'a screen document: the server reads it with migrateScreenDocument, whose text fields follow the rule (scada/)',
};
/** The only fields where a line break (and a tab) is part of the text. */
const multiLineFields = new Set([
  'deviceBindBody.remark',
  'deviceEditBody.remark',
  'templateAddBody.description',
  'templateEditBody.description',
  'templateTagInput.description',
  'monitorPointFields.description',
  'monitorAddBody.description',
  'monitorBatchAddBody.description',
  'monitorEditBody.description',
  'alarmRuleInput.content',
  'alarmRuleEditBody.content',
  'settagBody.value',
  'screenWriteBody.value',
  'projectAddBody.description',
  'projectEditBody.description',
  'recipeAddBody.description',
  'recipeEditBody.description',
]);

/** Strings a field of some kind accepts: plain text, a phone, an email, a code, a region... */
const candidates = ['Ab_1', 'x', '13800138000', 'a@b.cn', '+86', 'zh-cn', '123456', 'abcd1234', '1', 'eu'];
const bad = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\ud800', '\udc00'];

type Schema = z.ZodType;
const def = (s: Schema) =>
  (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** The schema inside optional, nullable, default and pipe wrappers. */
function unwrap(s: Schema): Schema {
  const d = def(s);
  if (['optional', 'nullable', 'default', 'prefault'].includes(d.type)) return unwrap(d.innerType as Schema);
  if (d.type === 'pipe') return unwrap(d.in as Schema);
  return s;
}

/** The object shapes a request schema is made of (through the wrappers and unions). */
function shapesOf(s: Schema): Record<string, Schema>[] {
  const d = def(unwrap(s));
  if (d.type === 'object') return [d.shape as Record<string, Schema>];
  if (d.type === 'union') return (d.options as Schema[]).flatMap(shapesOf);
  return [];
}

/** Every (path, field schema) of a request schema, into arrays of objects (template tags). */
function fieldsOf(name: string, s: Schema): [string, Schema][] {
  return shapesOf(s).flatMap((shape) =>
    Object.entries(shape).flatMap(([key, field]): [string, Schema][] => {
      const inner = def(unwrap(field));
      const element = inner.type === 'array' ? (inner.element as Schema) : undefined;
      if (element && shapesOf(element).length > 0) return fieldsOf(`${name}.${key}[]`, element);
      return [[`${name}.${key}`, field]];
    }),
  );
}

const requestSchemas = Object.entries(domain).filter(
  ([name, value]): boolean =>
    value instanceof z.ZodType &&
    !notRequestSchemas.has(name) &&
    (/(Body|Query|Input)$/.test(name) || extraRequestSchemas.includes(name)),
) as [string, Schema][];
const textFields = requestSchemas
  .flatMap(([name, s]) => fieldsOf(name, s))
  .map(([path, field]) => ({ path, field, sample: candidates.find((c) => field.safeParse(c).success) }))
  .filter((f): f is { path: string; field: Schema; sample: string } => f.sample !== undefined)
  .filter((f) => !exempt[f.path] && !exempt[f.path.split('.').at(-1) ?? '']);

describe('request schemas and the free-text rule', () => {
  it('finds the request schemas and their text fields', () => {
    expect(requestSchemas.length).toBeGreaterThan(40);
    const paths = textFields.map((f) => f.path);
    for (const p of [
      'groupAddBody.name',
      'labelAddBody.name',
      'alarmGroupAddBody.name',
      'deviceBindBody.remark',
    ])
      expect(paths).toContain(p);
    expect(paths).toContain('templateAddBody.tags[].name');
  });

  const codePoints = (s: string) =>
    [...s].map((c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(' ');
  it.each(bad.map((b) => [codePoints(b), b]))('every text field refuses %s', (_, b) => {
    const accepted = textFields
      .filter(({ field, sample }) => field.safeParse(`${sample}${b}${sample}`).success)
      .map((f) => f.path);
    expect(accepted).toEqual([]);
  });

  it('only the multi-line fields take line breaks and tabs', () => {
    const multi = new Set(
      textFields
        .filter(({ field, sample }) => field.safeParse(`${sample}\n\t${sample}`).success)
        .map((f) => f.path),
    );
    expect([...multi].filter((p) => !p.includes('[]')).sort()).toEqual([...multiLineFields].sort());
    expect(multi.has('templateAddBody.tags[].description')).toBe(true);
    expect(multi.has('templateAddBody.tags[].name')).toBe(false);
  });

  it('names the exempt fields only where they exist', () => {
    const all = requestSchemas.flatMap(([name, s]) => fieldsOf(name, s)).map(([p]) => p);
    for (const path of Object.keys(exempt))
      expect(all.some((p) => p === path || p.endsWith(`.${path}`))).toBe(true);
  });
});
