import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@hmi/domain';
import { editedDevices, visiblePicks, withoutDevice } from './project-devices.ts';
import { linkedProjectId } from './project-links.ts';

/*
 * The device set the editor and the detail panel send: only devices the user sees (the server
 * keeps the hidden ones), and no call when nothing visible changed. A `?projectid=` link opens a
 * positive whole number only.
 */
const project = {
  devices: [
    { id: 1, name: 'A', online: 1, visible: true },
    { id: 2, name: '', online: 0, visible: false },
    { id: 3, name: 'C', online: 0, visible: true },
  ],
} as ProjectDetail;

describe('project devices', () => {
  it('picks the visible devices', () => {
    expect(visiblePicks(project)).toEqual([
      { id: 1, name: 'A' },
      { id: 3, name: 'C' },
    ]);
  });

  it('sends nothing when the visible set is the same, in any order', () => {
    expect(editedDevices(project, [3, 1])).toBeUndefined();
  });

  it('sends the new visible set when it changed', () => {
    expect(editedDevices(project, [1])).toEqual([1]);
    expect(editedDevices(project, [1, 3, 4])).toEqual([1, 3, 4]);
  });

  it('takes one device out, never sending the hidden one', () => {
    expect(withoutDevice(project, 1)).toEqual([3]);
  });
});

describe('linkedProjectId', () => {
  it.each([
    ['12', 12],
    [null, undefined],
    ['', undefined],
    ['0', undefined],
    ['-3', undefined],
    ['1.5', undefined],
    ['abc', undefined],
  ])('%s -> %s', (raw, id) => {
    expect(linkedProjectId(raw)).toBe(id);
  });
});
