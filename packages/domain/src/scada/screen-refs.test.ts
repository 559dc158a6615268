import { describe, expect, it } from 'vitest';
import { screenDocument } from './screen-document.ts';
import { ScreenDocumentError } from './screen-document-error.ts';
import { emptyScreenDocument } from './screen-empty.ts';
import { migrateScreenDocument } from './screen-migrate.ts';
import { bindingsOf, deviceIdsOf, recipeIdsOf, screenIdsOf } from './screen-refs.ts';
import { fullScreenDocument, screenDocumentV1Sample } from './screen-test-factories.ts';

describe('what a screen document refers to', () => {
  const doc = screenDocument.parse(fullScreenDocument());

  it('lists the distinct tags it reads or writes: widget, svg mark and action bindings', () => {
    expect(bindingsOf(doc)).toEqual([
      { deviceId: 7, tagId: 1 },
      { deviceId: 7, tagId: 2 },
      { deviceId: 7, tagId: 4 },
      { deviceId: 7, tagId: 5 },
      { deviceId: 7, tagId: 6 },
      { deviceId: 7, tagId: 7 },
      { deviceId: 8, tagId: 1 },
      { deviceId: 8, tagId: 2 },
      { deviceId: 8, tagId: 3 },
      { deviceId: 9, tagId: 1 },
      { deviceId: 10, tagId: 1 },
      { deviceId: 10, tagId: 2 },
      { deviceId: 10, tagId: 3 },
    ]);
  });

  it('gives pairs without transforms', () => {
    for (const ref of bindingsOf(doc)) expect(Object.keys(ref).sort()).toEqual(['deviceId', 'tagId']);
  });

  it('lists the distinct devices, screens and recipes, ascending', () => {
    expect(deviceIdsOf(doc)).toEqual([7, 8, 9, 10]);
    expect(screenIdsOf(doc)).toEqual([12, 13]);
    expect(recipeIdsOf(doc)).toEqual([4]);
  });

  it('reads the references of a migrated version-1 document', () => {
    const migrated = migrateScreenDocument(screenDocumentV1Sample());
    expect(deviceIdsOf(migrated)).toEqual([3, 4]);
    expect(bindingsOf(migrated)).toHaveLength(9);
    expect(screenIdsOf(migrated)).toEqual([9]);
    expect(recipeIdsOf(migrated)).toEqual([]);
  });

  it('finds nothing in an empty document', () => {
    const empty = emptyScreenDocument();
    expect([bindingsOf(empty), deviceIdsOf(empty), screenIdsOf(empty), recipeIdsOf(empty)]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });
});

describe('emptyScreenDocument', () => {
  it('is a current 1920x1080 document fitted on white, by default', () => {
    expect(emptyScreenDocument()).toEqual({
      version: 2,
      size: { width: 1920, height: 1080 },
      scale: 'fit',
      background: { color: '#FFFFFF' },
      widgets: [],
    });
  });

  it('takes a size and parses as it is', () => {
    const doc = emptyScreenDocument(800, 480);
    expect(doc.size).toEqual({ width: 800, height: 480 });
    expect(screenDocument.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it.each([
    [99, 480],
    [800, 4321],
    [800.5, 480],
    [Number.NaN, 480],
  ])('refuses %d x %d', (w, h) => {
    expect(() => emptyScreenDocument(w, h)).toThrow(ScreenDocumentError);
  });
});
