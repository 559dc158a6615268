import {
  AuthPaths,
  type LoginBody,
  type LoginInfo,
  type MessageCounts,
  type TokenPair,
  type UserProfile,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Calls of the sign-in session (SPEC section 7). */
export const sessionApi = {
  loginInfo: () => http.get<LoginInfo>(AuthPaths.loginInfo, { manual: true }),
  login: (body: LoginBody) =>
    http.post<TokenPair>(AuthPaths.login, body, { params: { type: 1 }, manual: true }),
  logout: () => http.post<unknown>(AuthPaths.logout, {}, { manual: true }),
  userInfo: () => http.get<UserProfile>(AuthPaths.userInfo),
  messageCounts: () => http.get<MessageCounts>('/msg/notify/count'),
};

export const sessionKeys = {
  all: ['session'] as const,
  loginInfo: ['public', 'loginInfo'] as const,
  userInfo: ['session', 'userInfo'] as const,
  messageCounts: ['session', 'messageCounts'] as const,
};
