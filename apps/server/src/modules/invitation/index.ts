/** Team invitations (issue 13): the invitation module's public entry. */
export { invitationRoutes } from './invitation.routes.ts';
export { InvitationService } from './invitation.service.ts';
export { InvitationNotices } from './invitation-notices.ts';
