import { describe, expect, it } from 'vitest';
import { otherNames, renameStep } from './named-list.ts';

const items = [
  { id: 1, name: 'Ovens' },
  { id: 2, name: 'Pumps' },
  { id: 3, name: 'Fans' },
];

describe('otherNames', () => {
  it('lists every name for a new item', () => {
    expect(otherNames(items)).toEqual(['Ovens', 'Pumps', 'Fans']);
  });
  it('leaves out the item being renamed', () => {
    expect(otherNames(items, items[1])).toEqual(['Ovens', 'Fans']);
  });
});

describe('renameStep', () => {
  const item = { id: 1, name: 'Ovens' };
  it('sends nothing while the name has an error', () => {
    expect(renameStep(item, 'Pumps', 'exists')).toEqual({ step: 'invalid' });
  });
  it('just closes when the trimmed name is unchanged', () => {
    expect(renameStep(item, '  Ovens ', undefined)).toEqual({ step: 'unchanged' });
  });
  it('saves the trimmed new name', () => {
    expect(renameStep(item, ' Ovens 2 ', undefined)).toEqual({ step: 'save', name: 'Ovens 2' });
  });
});
