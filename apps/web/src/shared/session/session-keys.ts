/** Query keys of the signed-in session's cache: everything under `all` goes at sign-in and out. */
export const sessionKeys = {
  all: ['session'] as const,
  loginInfo: ['public', 'loginInfo'] as const,
  userInfo: ['session', 'userInfo'] as const,
  messageCounts: ['session', 'messageCounts'] as const,
};
