import { describe, expect, it } from 'vitest';
import { linkedTemplateId, templateEditorTarget } from './template-link.ts';

describe('linkedTemplateId', () => {
  it('reads a positive whole number only', () => {
    expect(linkedTemplateId('12')).toBe(12);
    for (const raw of [null, '', '0', '-3', '1.5', 'abc', '9007199254740993']) {
      expect(linkedTemplateId(raw)).toBeUndefined();
    }
  });
});

describe('templateEditorTarget', () => {
  it('opens the linked template once the list has it', () => {
    expect(templateEditorTarget(7, false, { ids: [7], settled: true })).toEqual({
      target: 7,
      missing: false,
    });
  });
  it('says missing when the settled list lacks it, not while it loads', () => {
    expect(templateEditorTarget(7, false, { ids: [], settled: true })).toEqual({
      target: undefined,
      missing: true,
    });
    expect(templateEditorTarget(7, false, { ids: undefined, settled: false })).toEqual({
      target: undefined,
      missing: false,
    });
  });
  it('shows a new template while creating, and nothing without a link', () => {
    expect(templateEditorTarget(7, true, { ids: [7], settled: true }).target).toBe('new');
    expect(templateEditorTarget(undefined, false, { ids: [], settled: true })).toEqual({
      target: undefined,
      missing: false,
    });
  });
});
