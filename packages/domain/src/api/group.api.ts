import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the device group calls (/device/devicegroup). Paths are relative to API_BASE.
 * Names are unique in a team (1083); a group whose subtree holds devices cannot be deleted
 * (1032); an id outside the caller's team or group data permissions is 1027.
 */
export const GroupPaths = {
  list: '/device/group/list', // GET -> groupListReply                  (group view 13)
  add: '/device/group/add', // POST groupAddBody -> groupItem           (group add 14)
  rename: '/device/group/rename', // POST groupRenameBody -> groupItem  (group edit 15)
  move: '/device/group/move', // POST groupMoveBody -> groupItem        (group edit 15; 1006 on a cycle)
  delete: '/device/group/delete', // POST groupDeleteBody -> null       (group delete 16)
} as const;

const groupName = singleLineText.min(1).max(64);

/** A flat group record (feed buildGroupTree / groupPath / formatGroupPath with these). */
export const groupItem = z.object({
  id: z.number().int(),
  /** null = a root group. */
  parent_id: z.number().int().nullable(),
  name: z.string(),
  /** Devices directly in this group (visible to the caller). */
  device_count: z.number().int(),
  created_at: z.number().int(),
});
export type GroupItem = z.infer<typeof groupItem>;

export interface GroupTreeNode extends GroupItem {
  children: GroupTreeNode[];
}
export const groupTreeNode: z.ZodType<GroupTreeNode> = groupItem.extend({
  get children() {
    return z.array(groupTreeNode);
  },
});

/** The caller's groups, flat (in name order) and as the tree built by buildGroupTree (orphans are roots). */
export const groupListReply = z.object({
  list: z.array(groupItem),
  tree: z.array(groupTreeNode),
});
export type GroupListReply = z.infer<typeof groupListReply>;

export const groupAddBody = z.object({
  name: groupName,
  parent_id: z.number().int().positive().nullable().optional(),
});
export type GroupAddBody = z.infer<typeof groupAddBody>;

export const groupRenameBody = z.object({ id: z.number().int().positive(), name: groupName });
export type GroupRenameBody = z.infer<typeof groupRenameBody>;

/** parent_id null = make it a root; moving a group under itself or a descendant is 1006. */
export const groupMoveBody = z.object({
  id: z.number().int().positive(),
  parent_id: z.number().int().positive().nullable(),
});
export type GroupMoveBody = z.infer<typeof groupMoveBody>;

export const groupDeleteBody = z.object({ id: z.number().int().positive() });
export type GroupDeleteBody = z.infer<typeof groupDeleteBody>;
