import type { InvitationBody } from '@hmi/domain';

export type InviteChannel = 'email' | 'phone';

/** The invite form's values (area_code only read for a phone invitation). */
export interface InviteValues {
  account: string;
  area_code?: string;
  role_id: number;
}

/** The invite call's body: the account trimmed, the area code only for a mobile number. */
export function inviteBody(channel: InviteChannel, values: InviteValues): InvitationBody {
  const account = values.account.trim();
  if (channel === 'email') return { account, role_id: values.role_id };
  return {
    account,
    role_id: values.role_id,
    ...(values.area_code ? { area_code: values.area_code } : {}),
  };
}
