/**
 * The users module's public entry: other modules reach users, teams and roles through the
 * UserService and parse login names with these helpers; the repository stays inside.
 */
export { UserService } from './user.service.ts';
export type { PrincipalRow } from './user.repo.ts';
export { emailName, parseLoginName, parseValidLoginName, phoneName, type LoginName } from './login-name.ts';
