import { DEFAULT_PHONE_AREA_CODE, normalizePhone, validateEmail, validatePhone } from '@hmi/domain';
import { assertValid } from '../../lib/validate.ts';

/** What a user types as login name: an email address or a phone number. */
export type LoginName =
  | { kind: 'email'; email: string; key: string }
  | { kind: 'phone'; areaCode: string; phone: string; key: string };

const phoneKey = (areaCode: string, phone: string) => `${areaCode}${phone}`;

export function emailName(raw: string): LoginName {
  const email = raw.trim().toLowerCase();
  return { kind: 'email', email, key: email };
}

export function phoneName(raw: string, areaCode = DEFAULT_PHONE_AREA_CODE): LoginName {
  let phone = normalizePhone(raw.trim());
  // "+8613800000000" typed in one field: split off the area code.
  if (phone.startsWith(areaCode)) phone = phone.slice(areaCode.length);
  return { kind: 'phone', areaCode, phone, key: phoneKey(areaCode, phone) };
}

/** Parses `user` of login / forgetverify: an address when it has an '@', else a phone number. */
export const parseLoginName = (raw: string): LoginName =>
  raw.includes('@') ? emailName(raw) : phoneName(raw);

/** Like parseLoginName, and refuses (1006) what is neither a valid address nor a valid phone. */
export function parseValidLoginName(raw: string): LoginName {
  const name = parseLoginName(raw);
  const result = name.kind === 'email' ? validateEmail(name.email) : validatePhone(name.phone, name.areaCode);
  assertValid('username', result);
  return name;
}
