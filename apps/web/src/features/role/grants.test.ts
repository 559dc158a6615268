import { describe, expect, it } from 'vitest';
import type { RoleDetail } from '@hmi/domain';
import { draftOf, grantCounts, roleSaveBody } from './grants.ts';

const detail: RoleDetail = {
  id: 7,
  name: 'operator',
  permissions: [28, 2],
  zones: [3],
  counts: { groups: 1, devices: 2, templates: 0, projects: 2 },
  member_count: 0,
  created_at: 1,
  updated_at: 2,
  grants: { groups: [4], devices: [9, 8], templates: [], projects: [11, 12] },
};

describe('the role save body', () => {
  it('a new role is an add call with every list', () => {
    const save = roleSaveBody(undefined, {
      name: '  Ops ',
      permissions: [3, 2, 2],
      grants: { groups: [1], devices: [5, 4], templates: [6], projects: [] },
      zones: [2, 1],
    });
    expect(save).toEqual({
      kind: 'add',
      body: {
        name: 'Ops',
        permissions: [2, 3],
        grants: { groups: [1], devices: [4, 5], templates: [6], projects: [] },
        zones: [1, 2],
      },
    });
  });

  it('an edit keeps the kinds it did not touch (here the project ids) as they were', () => {
    const draft = draftOf(detail);
    const save = roleSaveBody(7, { ...draft, grants: { ...draft.grants, devices: [8] } });
    expect(save).toEqual({
      kind: 'edit',
      body: {
        id: 7,
        name: 'operator',
        permissions: [2, 28],
        grants: { groups: [4], devices: [8], templates: [], projects: [11, 12] },
        zones: [3],
      },
    });
  });

  it('the draft is a copy: editing it leaves the loaded role as it was', () => {
    const draft = draftOf(detail);
    draft.permissions.push(99);
    draft.zones.push(99);
    expect(detail.permissions).toEqual([28, 2]);
    expect(detail.zones).toEqual([3]);
    expect(draftOf()).toEqual({
      name: '',
      permissions: [],
      grants: { groups: [], devices: [], templates: [], projects: [] },
      zones: [],
    });
  });

  it('counts each kind', () => {
    expect(grantCounts(detail.grants)).toEqual({ groups: 1, devices: 2, templates: 0, projects: 2 });
  });
});
