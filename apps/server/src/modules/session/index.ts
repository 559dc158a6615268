/**
 * The session module's public entry: sessions and their token pairs (the account module ends and
 * reissues them), and the caller of a session (`toCurrentUser`, also how the alarm engine builds
 * a recipient's data scope).
 */
export { SessionService, type ClientMeta, type IssuedTokens } from './session.service.ts';
export { PrincipalService, toCurrentUser, type KeyAuthenticator } from './principal.service.ts';
export { clientMeta, presentTokenPair } from './token-pair.presenter.ts';
export { endsSessionOf, type SessionEndedEvent } from './session.events.ts';
export {
  accessClaims,
  AUDIENCE,
  ISSUER,
  tokenFromHeader,
  type AccessClaims,
  type AccessTokenCodec,
  type AccessTokens,
  type SignAt,
} from './access-token.ts';
