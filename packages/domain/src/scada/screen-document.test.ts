import { describe, expect, it } from 'vitest';
import { screenDocument, type ScreenDocument, type ScreenWidgetInput } from './screen-document.ts';
import { ScreenLimits } from './screen-primitives.ts';
import { fullScreenDocument } from './screen-test-factories.ts';
import { screenWidgetTypes } from './screen-widget-props.ts';

const parse = (raw: unknown): ScreenDocument => screenDocument.parse(raw);
const viaJson = (doc: unknown): unknown => JSON.parse(JSON.stringify(doc));

/** The issues of refusing `raw` as a current document (and it is refused). */
function issuesOf(raw: unknown) {
  const r = screenDocument.safeParse(raw);
  expect(r.success).toBe(false);
  return r.error?.issues ?? [];
}

/** The full document with its widget `index` (default the numeric one) replaced. */
function withWidget(patch: (w: Record<string, unknown>) => unknown, index = 2): Record<string, unknown> {
  const doc = fullScreenDocument() as unknown as { widgets: Record<string, unknown>[] };
  doc.widgets[index] = patch({ ...doc.widgets[index] }) as Record<string, unknown>;
  return doc;
}

const widget = (id: string, extra: Partial<ScreenWidgetInput> = {}): ScreenWidgetInput =>
  ({ id, type: 'label', x: 0, y: 0, w: 10, h: 10, props: {}, ...extra }) as ScreenWidgetInput;

describe('screenDocument', () => {
  it('takes a document holding every widget type, every action kind and every svg mark', () => {
    const doc = parse(fullScreenDocument());
    expect(new Set(doc.widgets.map((w) => w.type))).toEqual(new Set(screenWidgetTypes));
    expect(doc.widgets).toHaveLength(16);
    const numeric = doc.widgets.find((w) => w.id === 'temp');
    expect(numeric?.binding).toEqual({
      deviceId: 7,
      tagId: 1,
      transform: { scale: 0.1, offset: -40, format: '{value} °C', decimals: 1 },
    });
  });

  it('round trips through JSON and parse unchanged', () => {
    const once = parse(fullScreenDocument());
    const twice = parse(viaJson(once));
    expect(twice).toEqual(once);
    expect(JSON.stringify(twice)).toBe(JSON.stringify(once));
  });

  it('fills the defaults of a bare document and of cosmetic props', () => {
    expect(parse({ version: 2 })).toEqual({
      version: 2,
      size: { width: 1920, height: 1080 },
      scale: 'fit',
      background: { color: '#FFFFFF' },
      widgets: [],
    });
    const doc = parse({ version: 2, widgets: [widget('a')] });
    expect(doc.widgets[0]).toEqual({
      ...widget('a'),
      rotation: 0,
      z: 0,
      props: { text: '', fontSize: 16, color: '#000000', align: 'left' },
    });
  });

  it('takes the size bounds and refuses beyond them', () => {
    const sized = (width: number, height: number) => ({ version: 2, size: { width, height } });
    expect(parse(sized(100, 100)).size).toEqual({ width: 100, height: 100 });
    expect(parse(sized(7680, 4320)).size).toEqual({ width: 7680, height: 4320 });
    for (const [w, h] of [
      [99, 500],
      [7681, 500],
      [500, 4321],
      [500.5, 500],
    ] as const)
      expect(screenDocument.safeParse(sized(w, h)).success).toBe(false);
  });

  it('refuses two widgets with one id, naming it and both places', () => {
    const issues = issuesOf({ version: 2, widgets: [widget('a'), widget('b'), widget('a')] });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'custom', path: ['widgets', 2, 'id'] });
    expect(issues[0]?.message).toBe('widget id "a" is used twice (widgets 0 and 2)');
  });

  it.each([
    ['NaN in x', withWidget((w) => ({ ...w, x: Number.NaN }))],
    ['Infinity in w', withWidget((w) => ({ ...w, w: Number.POSITIVE_INFINITY }))],
    [
      '-Infinity in a transform',
      withWidget((w) => ({ ...w, binding: { deviceId: 1, tagId: 1, transform: { scale: -Infinity } } })),
    ],
    [
      'NaN in a set value',
      withWidget((w) => ({
        ...w,
        actions: [{ kind: 'set', binding: { deviceId: 1, tagId: 1 }, value: NaN }],
      })),
    ],
    ['a position out of range', withWidget((w) => ({ ...w, y: 20_001 }))],
    ['a zero width', withWidget((w) => ({ ...w, w: 0 }))],
    ['a rotation past 360', withWidget((w) => ({ ...w, rotation: 361 }))],
    ['a fractional z', withWidget((w) => ({ ...w, z: 1.5 }))],
    ['a fractional device id', withWidget((w) => ({ ...w, binding: { deviceId: 1.5, tagId: 1 } }))],
    ['a tag id of 0', withWidget((w) => ({ ...w, binding: { deviceId: 1, tagId: 0 } }))],
    ['a device id as a string', withWidget((w) => ({ ...w, binding: { deviceId: '1', tagId: 1 } }))],
    ['a zone id of -1', withWidget((w) => ({ ...w, zoneId: -1 }))],
    ['7 decimals', withWidget((w) => ({ ...w, props: { decimals: 7 } }))],
    ['a colour without #', withWidget((w) => ({ ...w, props: { color: 'FF0000' } }))],
    ['a named colour', withWidget((w) => ({ ...w, props: { color: 'red' } }))],
    ['a CSS expression as colour', withWidget((w) => ({ ...w, props: { color: '#FFF;background:url(x)' } }))],
  ])('refuses %s', (_, raw) => {
    expect(issuesOf(raw).length).toBeGreaterThan(0);
  });

  it('refuses more widgets than the limit, before reading them', () => {
    const widgets = Array.from({ length: ScreenLimits.widgetsMax + 1 }, (_, i) => widget(`w${i}`));
    const issues = issuesOf({ version: 2, widgets });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'too_big', path: ['widgets'] });
    expect(parse({ version: 2, widgets: widgets.slice(1) }).widgets).toHaveLength(ScreenLimits.widgetsMax);
  });

  it.each([
    ['a 41-character id', widget('a'.repeat(41))],
    ['an empty id', widget('')],
    ['an id with a space', widget('a b')],
    ['an id with markup', widget('<b>')],
    ['a text past 1000 characters', widget('a', { props: { text: 'x'.repeat(1001) } })],
    ['a control character in a text', widget('a', { props: { text: 'a\u001b[31m' } })],
    ['a lone surrogate in a text', widget('a', { props: { text: 'a\ud800' } })],
    ['a label past 100 characters', widget('a', { type: 'button', props: { label: 'x'.repeat(101) } })],
    ['a line break in a button label', widget('a', { type: 'button', props: { label: 'a\nb' } })],
    [
      'a format past 40 characters',
      widget('a', { binding: { deviceId: 1, tagId: 1, transform: { format: 'x'.repeat(41) } } }),
    ],
    [
      'a set string past 4096 characters',
      widget('a', {
        actions: [{ kind: 'set', binding: { deviceId: 1, tagId: 1 }, value: 'x'.repeat(4097) }],
      }),
    ],
    [
      'a bad svg selector',
      widget('a', {
        type: 'svg',
        props: { assetId: 1, marks: [{ selector: '#a > b', attribute: 'text' }] },
        binding: { deviceId: 1, tagId: 1 },
      }),
    ],
  ])('refuses %s', (_, w) => {
    expect(issuesOf({ version: 2, widgets: [w] }).length).toBeGreaterThan(0);
  });

  it.each([
    ['on the document', { ...fullScreenDocument(), owner: 'x' }],
    ['on the size', { version: 2, size: { width: 200, height: 200, dpi: 96 } }],
    ['on the background', { version: 2, background: { color: '#000000', image: 'http://x' } }],
    ['on a widget', withWidget((w) => ({ ...w, onClick: { set: 1 } }))],
    ['on a widget (v1 box)', withWidget((w) => ({ ...w, left: 3 }))],
    ['on props', withWidget((w) => ({ ...w, props: { decimals: 1, html: '<script>' } }))],
    ['on a binding', withWidget((w) => ({ ...w, binding: { deviceId: 1, tagId: 1, expr: '1+1' } }))],
    [
      'on a transform',
      withWidget((w) => ({ ...w, binding: { deviceId: 1, tagId: 1, transform: { eval: 'x' } } })),
    ],
    [
      'on an action',
      withWidget((w) => ({ ...w, actions: [{ kind: 'goto', screenId: 1, url: 'http://x' }] })),
    ],
    ['named __proto__', JSON.parse('{"version":2,"__proto__":{"polluted":true}}') as unknown],
  ])('refuses an unknown key %s', (_, raw) => {
    const issues = issuesOf(raw);
    expect(issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
  });

  it('refuses an unknown widget type and an unknown action kind', () => {
    const unknownType = issuesOf({ version: 2, widgets: [{ ...widget('a'), type: 'iframe' }] });
    expect(unknownType[0]).toMatchObject({ path: ['widgets', 0, 'type'] });
    const unknownKind = issuesOf(
      withWidget((w) => ({ ...w, actions: [{ kind: 'script', code: 'alert(1)' }] })),
    );
    expect(unknownKind[0]).toMatchObject({ path: ['widgets', 2, 'actions', 0, 'kind'] });
  });

  it('refuses props of another type and a missing required prop', () => {
    expect(issuesOf(withWidget((w) => ({ ...w, type: 'image' }))).length).toBeGreaterThan(0);
    expect(
      issuesOf({ version: 2, widgets: [{ ...widget('n'), type: 'nav', props: { label: 'x' } }] })[0],
    ).toMatchObject({
      path: ['widgets', 0, 'props', 'screenId'],
    });
  });

  it('refuses another version', () => {
    for (const version of [1, 3, '2', null, undefined])
      expect(screenDocument.safeParse({ ...fullScreenDocument(), version }).success).toBe(false);
  });

  it.each([
    [
      'a lamp in ranges mode without ranges',
      { type: 'lamp', props: { mode: 'ranges' } },
      ['props', 'ranges'],
    ],
    [
      'a range with min > max',
      { type: 'lamp', props: { mode: 'ranges', ranges: [{ min: 2, max: 1, color: '#000000' }] } },
      ['props', 'ranges', 0, 'max'],
    ],
    ['a bar with min = max', { type: 'bar', props: { min: 5, max: 5 } }, ['props', 'max']],
    ['a trend with min > max', { type: 'trend', props: { min: 5, max: 1 } }, ['props', 'max']],
    ['a trend of 5 seconds', { type: 'trend', props: { seconds: 5 } }, ['props', 'seconds']],
    ['an input with min > max', { type: 'numeric-input', props: { min: 5, max: 1 } }, ['props', 'max']],
    ['a text input longer than the limit', { type: 'text-input', props: { max: 5000 } }, ['props', 'max']],
    [
      'a switch with one value for both',
      { type: 'switch', props: { onValue: 1, offValue: 1 } },
      ['props', 'offValue'],
    ],
    ['an alarm list of 0 rows', { type: 'alarm-list', props: { maxRows: 0 } }, ['props', 'maxRows']],
    [
      'a rotation mark with valueMin = valueMax',
      {
        type: 'svg',
        binding: { deviceId: 1, tagId: 1 },
        props: { assetId: 1, marks: [{ selector: 'a', attribute: 'rotation', valueMin: 1, valueMax: 1 }] },
      },
      ['props', 'marks', 0, 'valueMax'],
    ],
    [
      'a fill mark without ranges',
      {
        type: 'svg',
        binding: { deviceId: 1, tagId: 1 },
        props: { assetId: 1, marks: [{ selector: 'a', attribute: 'fill', ranges: [] }] },
      },
      ['props', 'marks', 0, 'ranges'],
    ],
    [
      'an svg mark with no binding on an unbound widget',
      { type: 'svg', props: { assetId: 1, marks: [{ selector: 'a', attribute: 'text' }] } },
      ['props', 'marks', 0, 'binding'],
    ],
  ])('refuses %s', (_, patch, path) => {
    const issues = issuesOf({ version: 2, widgets: [widget('a', patch as Partial<ScreenWidgetInput>)] });
    expect(issues.map((i) => i.path)).toContainEqual(['widgets', 0, ...path]);
  });

  it('keeps a string a set action writes as typed (never trimmed), but refuses control characters', () => {
    const set = (value: string) =>
      widget('a', { type: 'button', actions: [{ kind: 'set', binding: { deviceId: 1, tagId: 1 }, value }] });
    const doc = parse({ version: 2, widgets: [set(' two  spaces \n')] });
    expect(doc.widgets[0]?.actions?.[0]).toMatchObject({ value: ' two  spaces \n' });
    expect(issuesOf({ version: 2, widgets: [set('a\u0000')] }).length).toBeGreaterThan(0);
  });

  it('takes an svg mark without binding when its widget has one', () => {
    const w = widget('a', {
      type: 'svg',
      binding: { deviceId: 1, tagId: 1 },
      props: { assetId: 1, marks: [{ selector: 'a', attribute: 'text' }] },
    });
    expect(parse({ version: 2, widgets: [w] }).widgets).toHaveLength(1);
  });
});
