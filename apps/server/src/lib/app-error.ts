import { ErrorCode } from '@hmi/domain';

/** HTTP status of each error code that is not a plain bad request (400). */
const statusByCode: Record<number, number> = {
  [ErrorCode.E1001_AUTHENTICATION]: 401,
  [ErrorCode.E1008_AUTH_HEADER_MISSING]: 401,
  [ErrorCode.E1009_LOGIN_EXPIRED]: 401,
  [ErrorCode.E1040_REFRESH_TOKEN_EXPIRED]: 401,
  [ErrorCode.E1055_ACCOUNT_CLOSED]: 401,
  [ErrorCode.E1002_PERMISSION_DENIED]: 403,
  [ErrorCode.E1014_ACTIVATE_VIA_EMAIL]: 403,
  [ErrorCode.E1031_EMAIL_NOT_VERIFIED]: 403,
  [ErrorCode.E1078_NOT_THIS_DATA_CENTER]: 403,
  [ErrorCode.E1105_SUBACCOUNT_CANNOT_ADD_DC]: 403,
  [ErrorCode.E1077_CANNOT_REMOVE_MAIN]: 403,
  [ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN]: 403,
  [ErrorCode.E1003_NO_DATA]: 404,
  [ErrorCode.E1062_ROLE_NOT_USERS]: 404,
  [ErrorCode.E1010_USER_NOT_FOUND]: 404,
  [ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC]: 404,
  [ErrorCode.E1012_USER_EXISTS]: 409,
  [ErrorCode.E1030_TEMPLATE_NAME_EXISTS]: 409,
  [ErrorCode.E1034_DEVICE_NAME_EXISTS]: 409,
  [ErrorCode.E1063_DUPLICATE_ROLE_NAME]: 409,
  [ErrorCode.E1066_ZONE_NAME_EXISTS]: 409,
  [ErrorCode.E1065_ZONE_LIMIT]: 409,
  [ErrorCode.E1067_ZONE_IN_USE]: 409,
  [ErrorCode.E1069_JOINED_ANOTHER_TEAM]: 409,
  [ErrorCode.E1072_ROLE_IN_USE]: 409,
  [ErrorCode.E1073_INVITER_LEFT]: 409,
  [ErrorCode.E1074_INVITATION_CANCELLED]: 409,
  [ErrorCode.E1075_NOT_ACCEPTED]: 409,
  [ErrorCode.E1076_ALREADY_JOINED]: 409,
  [ErrorCode.E1082_INVITATION_VOIDED]: 409,
  [ErrorCode.E1084_ALREADY_JOINED]: 409,
  [ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS]: 409,
  [ErrorCode.E1086_NAME_EXISTS]: 409,
  [ErrorCode.E1088_ALARM_NAME_EXISTS]: 409,
  [ErrorCode.E1092_PROJECT_EXISTS]: 409,
  [ErrorCode.E1102_HMI_SN_ALREADY_BOUND]: 409,
  [ErrorCode.E1015_EMAIL_LIMIT]: 429,
  [ErrorCode.E1036_TOO_FREQUENT]: 429,
  [ErrorCode.E1005_DATABASE]: 500,
  [ErrorCode.E1007_SERVER]: 500,
  [ErrorCode.E1013_EMAIL_SEND_FAILED]: 502,
  [ErrorCode.E1018_CODE_SEND_FAILED]: 502,
  [ErrorCode.E1064_INVITATION_EMAIL_FAILED]: 502,
  [ErrorCode.E1070_INVITATION_SMS_FAILED]: 502,
};

/** English short texts; the client shows its own translation of the code. */
const messageByCode: Record<number, string> = {
  [ErrorCode.E1001_AUTHENTICATION]: 'Authentication error',
  [ErrorCode.E1002_PERMISSION_DENIED]: 'Insufficient permission',
  [ErrorCode.E1003_NO_DATA]: 'Not found',
  [ErrorCode.E1004_WRONG_PASSWORD]: 'Wrong password',
  [ErrorCode.E1005_DATABASE]: 'Database error',
  [ErrorCode.E1006_BAD_PARAMETER]: 'Bad parameter',
  [ErrorCode.E1007_SERVER]: 'Server error',
  [ErrorCode.E1008_AUTH_HEADER_MISSING]: 'Authorization header missing',
  [ErrorCode.E1009_LOGIN_EXPIRED]: 'Login expired',
  [ErrorCode.E1010_USER_NOT_FOUND]: 'User not found',
  [ErrorCode.E1011_VERIFY_CODE_WRONG]: 'Verification code wrong',
  [ErrorCode.E1012_USER_EXISTS]: 'User exists',
  [ErrorCode.E1013_EMAIL_SEND_FAILED]: 'Email could not be sent',
  [ErrorCode.E1014_ACTIVATE_VIA_EMAIL]: 'Activate the account via the email first',
  [ErrorCode.E1015_EMAIL_LIMIT]: 'Email limit reached',
  [ErrorCode.E1016_PHONE_NOT_VERIFIED]: 'Phone not verified',
  [ErrorCode.E1017_REGET_PHONE_CODE]: 'Request a new verification code',
  [ErrorCode.E1018_CODE_SEND_FAILED]: 'Verification code could not be sent',
  [ErrorCode.E1020_ACTIVATION_LINK_EXPIRED]: 'Activation link expired',
  [ErrorCode.E1022_CODE_EXPIRED]: 'Verification code expired',
  [ErrorCode.E1031_EMAIL_NOT_VERIFIED]: 'Email not verified',
  [ErrorCode.E1036_TOO_FREQUENT]: 'Too many requests',
  [ErrorCode.E1040_REFRESH_TOKEN_EXPIRED]: 'Refresh token expired',
  [ErrorCode.E1055_ACCOUNT_CLOSED]: 'Account closed',
  [ErrorCode.E1062_ROLE_NOT_USERS]: 'Role not found',
  [ErrorCode.E1063_DUPLICATE_ROLE_NAME]: 'Role name exists',
  [ErrorCode.E1064_INVITATION_EMAIL_FAILED]: 'Invitation email could not be sent',
  [ErrorCode.E1065_ZONE_LIMIT]: 'Security zone limit reached',
  [ErrorCode.E1066_ZONE_NAME_EXISTS]: 'Security zone name exists',
  [ErrorCode.E1067_ZONE_IN_USE]: 'Security zone in use',
  [ErrorCode.E1069_JOINED_ANOTHER_TEAM]: 'Account is in another team',
  [ErrorCode.E1070_INVITATION_SMS_FAILED]: 'Invitation SMS could not be sent',
  [ErrorCode.E1071_NOT_IN_TEAM]: 'Not a member of a team',
  [ErrorCode.E1072_ROLE_IN_USE]: 'Role in use',
  [ErrorCode.E1073_INVITER_LEFT]: 'Inviter left the team',
  [ErrorCode.E1074_INVITATION_CANCELLED]: 'Invitation cancelled',
  [ErrorCode.E1075_NOT_ACCEPTED]: 'Invitation not accepted',
  [ErrorCode.E1076_ALREADY_JOINED]: 'Already in this team',
  [ErrorCode.E1077_CANNOT_REMOVE_MAIN]: 'The main account cannot be removed',
  [ErrorCode.E1078_NOT_THIS_DATA_CENTER]: 'Not this data center',
  [ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN]: 'No data permissions for the main account',
  [ErrorCode.E1082_INVITATION_VOIDED]: 'Invitation no longer valid',
  [ErrorCode.E1084_ALREADY_JOINED]: 'Already joined',
  [ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC]: 'No account data in this data center',
  [ErrorCode.E1105_SUBACCOUNT_CANNOT_ADD_DC]: 'Sub-accounts cannot add data centers',
};

export const httpStatusOf = (code: number): number => statusByCode[code] ?? 400;
export const messageOf = (code: number): string => messageByCode[code] ?? `Error ${code}`;

/**
 * A failure with a code of the spec's catalogue (SPEC section 8). Thrown anywhere; the error
 * plugin turns it into `{code, data, msg}` with the code's HTTP status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: number,
    readonly data: unknown = null,
    message?: string,
  ) {
    super(message ?? messageOf(code));
    this.statusCode = httpStatusOf(code);
  }
}
