import { AuthPaths, DirectoryPaths, RegisterType, type RegionHost } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

export interface RegisterInput {
  username: string;
  passwd: string;
  data_center?: string;
  lang: string;
}

/** Account calls of the public screens and the personal centre (SPEC section 7). Form calls are manual. */
export const accountApi = {
  registerByEmail: (body: RegisterInput) =>
    http.post<unknown>(AuthPaths.register, body, { params: { type: RegisterType.Email }, manual: true }),
  registerByPhone: (body: RegisterInput & { area_code: string; code: string }) =>
    http.post<unknown>(AuthPaths.register, body, { params: { type: RegisterType.Phone }, manual: true }),
  sendPhoneCode: (phone: string, areaCode: string, purpose: 'register' | 'forget', lang: string) =>
    http.post<unknown>(
      AuthPaths.phoneVerify,
      { lang },
      { params: { phone, area_code: areaCode, purpose }, manual: true },
    ),
  resendMail: (username: string, lang: string) =>
    http.post<unknown>(
      AuthPaths.resendMail,
      { username, lang },
      { params: { type: RegisterType.Email }, manual: true },
    ),
  forgetVerify: (username: string, lang: string) =>
    http.post<unknown>(AuthPaths.forgetVerify, { username, lang }, { manual: true }),
  modifyPwd: (username: string, code: string, passwd: string) =>
    http.post<unknown>(AuthPaths.modifyPwd, { username, code, passwd }, { manual: true }),
  changePwd: (old_passwd: string, passwd: string) =>
    http.post<unknown>(AuthPaths.changePwd, { old_passwd, passwd }, { manual: true }),
  editUserInfo: (body: { team_name?: string; name?: string; contact?: string; alias_name?: string }) =>
    http.post<unknown>(AuthPaths.editUserInfo, body),
  addDataCenter: (data_center: string) => http.post<unknown>(AuthPaths.addDataCenter, { data_center }),
  /** The host of another region of the account (the directory answers). */
  regionHost: (region: string) => http.get<RegionHost>(DirectoryPaths.region, { params: { region } }),
  closeAccount: (body: {
    account: string;
    true_name: string;
    data_center: string;
    contact: string;
    passwd: string;
  }) => http.post<unknown>(AuthPaths.removal, body, { manual: true }),
};
