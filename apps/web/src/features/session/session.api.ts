import { AuthPaths, type LoginBody, type LoginInfo, type MessageCounts, type TokenPair } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Calls of the sign-in session (SPEC section 7). */
export const sessionApi = {
  loginInfo: () => http.get<LoginInfo>(AuthPaths.loginInfo, { manual: true }),
  login: (body: LoginBody) =>
    http.post<TokenPair>(AuthPaths.login, body, { params: { type: 1 }, manual: true }),
  logout: () => http.post<unknown>(AuthPaths.logout, {}, { manual: true }),
  messageCounts: () => http.get<MessageCounts>('/msg/notify/count'),
};
