/** Public entry of features/team: what other features and pages use of it (the only way they reach it). */
export { TeamCard } from './TeamCard.tsx';
export { TeamInvitationsCard } from './TeamInvitationsCard.tsx';
export { teamApi, teamKeys } from './team.api.ts';
