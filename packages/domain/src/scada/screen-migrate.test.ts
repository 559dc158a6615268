import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screenDocument } from './screen-document.ts';
import { ScreenDocumentError } from './screen-document-error.ts';
import { migrateScreenDocument, screenDocumentVersions } from './screen-migrate.ts';
import { fullScreenDocument, screenDocumentV1Sample } from './screen-test-factories.ts';

/** The ScreenDocumentError `run` throws. */
function errorOf(run: () => unknown): ScreenDocumentError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ScreenDocumentError);
    return e as ScreenDocumentError;
  }
  throw new Error('expected a ScreenDocumentError');
}

type V1Widget = Record<string, unknown> & {
  id: string;
  left: number;
  top: number;
  width: number;
  height: number;
};
const v1Widgets = () => (screenDocumentV1Sample() as { widgets: V1Widget[] }).widgets;

describe('migrateScreenDocument from version 1', () => {
  const doc = migrateScreenDocument(screenDocumentV1Sample());

  it('moves the screen: size, scale fixed, background colour', () => {
    expect(doc.version).toBe(2);
    expect(doc.size).toEqual({ width: 1024, height: 768 });
    expect(doc.scale).toBe('fixed');
    expect(doc.background).toEqual({ color: '#203040' });
  });

  it('keeps every widget in order, with its place, its type and its props', () => {
    const before = v1Widgets();
    expect(doc.widgets.map((w) => w.id)).toEqual(before.map((w) => w.id));
    doc.widgets.forEach((w, i) => {
      const old = before[i]!;
      expect({ x: w.x, y: w.y, w: w.w, h: w.h }).toEqual({
        x: old.left,
        y: old.top,
        w: old.width,
        h: old.height,
      });
      expect(w.type).toBe(old.type);
      expect(w.props).toMatchObject(old.props as object);
      expect(w.rotation).toBe(0);
      expect(w.z).toBe(i);
      expect(w.zoneId).toBe(old.zoneId);
      expect(w.locked).toBe(old.locked);
    });
  });

  it('turns bind into a binding and onClick into a set action on it', () => {
    const byId = new Map(doc.widgets.map((w) => [w.id, w]));
    expect(byId.get('w3')?.binding).toEqual({ deviceId: 3, tagId: 11 });
    expect(byId.get('w1')).not.toHaveProperty('binding');
    expect(byId.get('w1')).not.toHaveProperty('actions');
    expect(byId.get('w3')).not.toHaveProperty('actions');
    expect(byId.get('w10')?.actions).toEqual([
      { kind: 'set', binding: { deviceId: 3, tagId: 15 }, value: 1 },
    ]);
    expect(byId.get('w14')?.actions).toEqual([
      { kind: 'set', binding: { deviceId: 3, tagId: 17 }, value: 'STOP' },
    ]);
    const bound = v1Widgets().filter((w) => w.bind !== undefined).length;
    expect(doc.widgets.filter((w) => w.binding).length).toBe(bound);
  });

  it('reads a document without version as version 1', () => {
    expect(migrateScreenDocument(screenDocumentV1Sample(true))).toEqual(doc);
  });

  it('gives a current document that parses and round trips unchanged', () => {
    expect(screenDocument.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    expect(migrateScreenDocument(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it('refuses onClick without bind rather than dropping it', () => {
    const raw = screenDocumentV1Sample();
    (raw.widgets as V1Widget[])[9]!.bind = undefined;
    const e = errorOf(() => migrateScreenDocument(raw));
    expect(e.reason).toBe('invalid');
    expect(e.version).toBe(1);
    expect(e.issues[0]).toMatchObject({ path: ['widgets', 9, 'onClick'] });
  });

  it.each(['0:1', '1:0', '1', '1:2:3', '01:2', 'a:b', ' 1:2', '1:2 ', '1234567890123456:1', '-1:2', '1.5:2'])(
    'refuses the bind %j',
    (bind) => {
      const raw = screenDocumentV1Sample();
      (raw.widgets as V1Widget[])[2]!.bind = bind;
      expect(errorOf(() => migrateScreenDocument(raw)).issues[0]?.path).toEqual(['widgets', 2, 'bind']);
    },
  );

  it.each([
    ['a duplicate widget id', (ws: V1Widget[]) => (ws[1]!.id = 'w1'), ['widgets', 1, 'id']],
    ['a v2 widget type', (ws: V1Widget[]) => (ws[11] = { ...ws[11]!, type: 'svg' }), ['widgets', 11, 'type']],
    ['v2 fields on a v1 widget', (ws: V1Widget[]) => (ws[0]!.x = 1), ['widgets', 0]],
    ['a rotation', (ws: V1Widget[]) => (ws[0]!.rotation = 45), ['widgets', 0]],
    ['NaN as left', (ws: V1Widget[]) => (ws[0]!.left = Number.NaN), ['widgets', 0, 'left']],
    [
      'an unknown onClick key',
      (ws: V1Widget[]) => (ws[9]!.onClick = { set: 1, reset: 0 }),
      ['widgets', 9, 'onClick'],
    ],
  ])('refuses %s in a v1 document', (_, patch, path) => {
    const raw = screenDocumentV1Sample();
    patch(raw.widgets as V1Widget[]);
    const e = errorOf(() => migrateScreenDocument(raw));
    expect(e.reason).toBe('invalid');
    expect(e.issues[0]?.path).toEqual(path);
  });

  it('refuses a v1 document holding v2 fields, and a v2 document named version 1', () => {
    expect(errorOf(() => migrateScreenDocument({ ...screenDocumentV1Sample(), scale: 'fit' })).reason).toBe(
      'invalid',
    );
    expect(errorOf(() => migrateScreenDocument({ ...fullScreenDocument(), version: 1 })).reason).toBe(
      'invalid',
    );
    expect(errorOf(() => migrateScreenDocument({ ...fullScreenDocument(), version: undefined })).reason).toBe(
      'invalid',
    );
  });
});

describe('migrateScreenDocument of the current version', () => {
  it('parses it as is', () => {
    const doc = screenDocument.parse(fullScreenDocument());
    expect(migrateScreenDocument(fullScreenDocument())).toEqual(doc);
  });

  it('throws invalid with the zod issues and a summary', () => {
    const raw = fullScreenDocument() as unknown as { widgets: Record<string, unknown>[] };
    for (const w of raw.widgets) w.id = 'same';
    const e = errorOf(() => migrateScreenDocument(raw));
    expect(e.reason).toBe('invalid');
    expect(e.version).toBe(2);
    expect(e.issues).toHaveLength(15);
    expect(e.summary).toMatch(
      /^widgets\.1\.id: widget id "same" is used twice \(widgets 0 and 1\); .* \(and 12 more\)$/,
    );
    expect(e.message).toContain('screen document is not valid: widgets.1.id');
    expect(e.name).toBe('ScreenDocumentError');
  });
});

describe('migrateScreenDocument of other versions and non-documents', () => {
  it('reads versions 1 and 2', () => {
    expect(screenDocumentVersions).toEqual([1, 2]);
  });

  it.each([3, 99, 0, -1, 1.5, '2', '1', null, true, {}, []])(
    'refuses the version %j as unsupported',
    (version) => {
      const e = errorOf(() => migrateScreenDocument({ ...fullScreenDocument(), version }));
      expect(e.reason).toBe('unsupported-version');
      expect(e.version).toEqual(version);
      expect(e.issues).toEqual([expect.objectContaining({ code: 'custom', path: ['version'] })]);
      expect(e.summary).toMatch(/^version: version .* is not one this build reads \(1, 2\)$/);
    },
  );

  it.each([null, undefined, 42, 'doc', [], [1, 2]])('refuses %j as an invalid document', (raw) => {
    const e = errorOf(() => migrateScreenDocument(raw));
    expect(e.reason).toBe('invalid');
    expect(e.issues[0]).toMatchObject({ code: 'invalid_type', path: [] });
  });
});

describe('migration, as a property', () => {
  const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
  /** Doubles without -0 (JSON writes it as 0). */
  const double = (c: fc.DoubleConstraints) =>
    fc.double({ noNaN: true, noDefaultInfinity: true, ...c }).map((x) => x + 0);
  const coord = double({ min: -10_000, max: 20_000 });
  const extent = double({ min: 1, max: 20_000 });
  const ref = fc.integer({ min: 1, max: 2 ** 40 });
  const v1Widget = fc.record(
    {
      type: fc.constantFrom('text', 'label', 'numeric', 'lamp', 'bar', 'gauge', 'button', 'switch'),
      left: coord,
      top: coord,
      width: extent,
      height: extent,
      bind: fc.tuple(ref, ref).map(([d, t]) => `${d}:${t}`),
      onClick: fc.record({ set: fc.oneof(double({}), fc.string({ maxLength: 20, unit: 'grapheme-ascii' })) }),
      locked: fc.boolean(),
      zoneId: fc.option(ref),
    },
    { requiredKeys: ['type', 'left', 'top', 'width', 'height'] },
  );
  const v1Doc = fc.record({
    width: fc.integer({ min: 100, max: 7680 }),
    height: fc.integer({ min: 100, max: 4320 }),
    background: fc.stringMatching(/^#[0-9A-F]{6}$/),
    widgets: fc.uniqueArray(fc.tuple(id, v1Widget), { maxLength: 12, selector: ([i]) => i }),
  });

  it('keeps every widget, place, binding and action, and the result is a fixed point', () => {
    fc.assert(
      fc.property(v1Doc, ({ widgets, ...screen }) => {
        const raw = {
          version: 1,
          ...screen,
          widgets: widgets.map(([wid, w]) => ({
            id: wid,
            props: {},
            ...w,
            ...(w.onClick && w.bind === undefined ? { onClick: undefined } : {}),
          })),
        };
        const doc = migrateScreenDocument(raw);
        expect(doc.widgets).toHaveLength(raw.widgets.length);
        doc.widgets.forEach((w, i) => {
          const old = raw.widgets[i]!;
          expect([w.id, w.x, w.y, w.w, w.h, w.z]).toEqual([
            old.id,
            old.left,
            old.top,
            old.width,
            old.height,
            i,
          ]);
          expect(w.binding ? `${w.binding.deviceId}:${w.binding.tagId}` : undefined).toBe(old.bind);
          const set = w.actions?.[0];
          expect(set?.kind === 'set' ? set.value : undefined).toEqual(
            old.bind === undefined ? undefined : old.onClick?.set,
          );
        });
        expect(migrateScreenDocument(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
      }),
      { numRuns: 50 },
    );
  });
});
