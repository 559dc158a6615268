/** Members of a team and moving people between teams (issue 13): the member module's public entry. */
export { MemberAccessService } from './member-access.service.ts';
export { memberRoutes } from './member.routes.ts';
export { MemberService, type InvitedCheck, type Notices } from './member.service.ts';
export {
  MembershipService,
  type JoinBlocker,
  type MembershipHooks,
  type SessionEnder,
} from './membership.service.ts';
