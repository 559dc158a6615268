import { AuthPaths, type UserProfile } from '@hmi/domain';
import { http } from '../http/http.ts';

/** The signed-in user's profile (getUserInfo, SPEC section 7). */
export const fetchUserInfo = () => http.get<UserProfile>(AuthPaths.userInfo);
