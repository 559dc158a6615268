import { z } from 'zod';
import { regionSchema } from '../constants/regions.constants.ts';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the account and session calls (SPEC section 7, /global and /refreshtoken).
 * Paths are relative to API_BASE. Authorization carries the raw access token (a `Bearer `
 * prefix is accepted too); /refreshtoken carries the refresh token there instead.
 * Every text field but the passwords follows the free-text rule (singleLineText): passwords are
 * secrets that are only hashed, and new ones are printable ASCII (validatePassword).
 */
export const AuthPaths = {
  loginInfo: '/global/login', // GET
  login: '/global/login', // POST ?type=1
  logout: '/global/logout', // POST
  register: '/global/register', // POST ?type=0 (phone) | 1 (email)
  phoneVerify: '/global/phoneverify', // POST ?phone=...&purpose=register|forget
  activate: '/global/activate', // GET ?token=... -> 302 to /#/activeresult?code=N
  resendMail: '/global/resendmail', // POST ?type=1 (activation mail)
  forgetVerify: '/global/forgetverify', // POST: code to the phone or email of `username`
  modifyPwd: '/global/modifyPwd', // POST: reset with that code
  changePwd: '/global/changePwd', // POST (signed in)
  userInfo: '/global/getUserInfo', // GET
  editUserInfo: '/editUserInfo', // POST
  removal: '/global/removal', // POST: close the account
  addDataCenter: '/global/add/datacenter', // POST
  refresh: '/refreshtoken', // POST ?from=web
} as const;

const REGISTER_PHONE = 0;
const REGISTER_EMAIL = 1;
export const RegisterType = { Phone: REGISTER_PHONE, Email: REGISTER_EMAIL } as const;

export const loginBody = z.object({
  user: singleLineText.min(1).max(254),
  passwd: z.string().min(1).max(128),
  /** With a directory: the region to work in (one of the account's; default its first). */
  region: regionSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokenPair = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Regional server address the client stores under HOST ('' = same origin). */
  host: z.string(),
  region: z.string(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const loginInfo = z.object({
  region: z.string(),
  regions: z.array(z.string()),
  phone_area_codes: z.array(z.string()),
  register_methods: z.array(z.enum(['phone', 'mail'])),
});
export type LoginInfo = z.infer<typeof loginInfo>;

export const registerEmailBody = z.object({
  username: singleLineText,
  passwd: z.string(),
  name: singleLineText.max(64).optional(),
  data_center: singleLineText.optional(),
  /** Interface language of the activation mail (zh-cn, en-us, zh-tw). */
  lang: singleLineText.optional(),
});
export const registerPhoneBody = registerEmailBody.extend({
  area_code: singleLineText.default('+86'),
  code: singleLineText,
});

export const phoneVerifyQuery = z.object({
  phone: singleLineText,
  area_code: singleLineText.default('+86'),
  purpose: z.enum(['register', 'forget']).default('register'),
});
/** `?type=` of register and resendmail: RegisterType.Phone or RegisterType.Email. */
export const registerTypeQuery = z.object({
  // Plain constants, not RegisterType.Phone: the bundler counts a property read inside a schema
  // as a possible side effect and would keep this schema, and with it zod, in the login page.
  type: z.coerce.number().pipe(z.union([z.literal(REGISTER_PHONE), z.literal(REGISTER_EMAIL)])),
});
/** The register body of either type: phone registrations add their area code and SMS code. */
export const registerBody = registerEmailBody.extend({
  area_code: singleLineText.optional(),
  code: singleLineText.optional(),
});
/** The activation mail's link: `?token=`. */
export const activateQuery = z.object({ token: singleLineText.max(200).optional() });
/** phoneverify's body, which may be absent: the language of the text message. */
export const phoneVerifyBody = z.object({ lang: singleLineText.optional() }).nullish();
/** `?type=1` of login (the only type; absent means 1). */
export const loginQuery = z.object({ type: z.coerce.number().pipe(z.literal(1)).default(1) });
/** `?from=web` of refreshtoken. */
export const refreshQuery = z.object({ from: singleLineText.optional() });
export const resendMailBody = z.object({ username: singleLineText, lang: singleLineText.optional() });
export const forgetVerifyBody = z.object({ username: singleLineText, lang: singleLineText.optional() });
export const modifyPwdBody = z.object({ username: singleLineText, code: singleLineText, passwd: z.string() });
export const changePwdBody = z.object({ old_passwd: z.string(), passwd: z.string() });
export const editUserInfoBody = z.object({
  name: singleLineText.min(1).max(64).optional(),
  contact: singleLineText.max(128).optional(),
  alias_name: singleLineText.max(64).optional(),
  team_name: singleLineText.min(1).max(64).optional(),
});
export const removalBody = z.object({
  account: singleLineText,
  true_name: singleLineText,
  data_center: singleLineText,
  contact: singleLineText,
  passwd: z.string(),
});
export const addDataCenterBody = z.object({ data_center: singleLineText });
export const refreshBody = z.object({ token: singleLineText.optional(), force: z.boolean().optional() });

/** getUserInfo reply: exactly the profile fields and defaults of SPEC section 3. */
export const userProfile = z.object({
  dbuser_id: z.number().int(),
  data_center: z.string(),
  name: z.string(),
  created_at: z.number().int(),
  contact: z.string(),
  alias_name: z.string(),
  dgroup_id: z.number().int(),
  template_max_num: z.number().int(),
  template_max_id: z.number().int(),
  team_name: z.string(),
  team_id: z.number().int(),
  leader_id: z.number().int(),
  is_main: z.boolean(),
  member_ext: z.record(z.string(), z.unknown()),
  permissions: z.array(z.number().int()),
  project_max_id: z.number().int(),
  /** The member's role (issue 13); null for the main account. */
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The security zones the user may operate in (the main account: every zone of the team). */
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The DIACom switch (remote access; POST /user/diacom): 1 on, 0 off. */
  diacom: z.union([z.literal(0), z.literal(1)]).optional(),
  /**
   * The regions /global/add/datacenter can add on this server (its PEER_REGIONS), those the
   * account has already included: the console offers only these, and no action when empty.
   */
  peer_regions: z.array(regionSchema).optional(),
  /** Whether this server bills (false in region cn and with BILLING_ENABLED=false): no billing screens. */
  billing: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** /msg/notify/count reply: total and unread, each split into notice, billing and alarm. */
export const messageCounts = z.object({
  total: z.object({ notice: z.number().int(), billing: z.number().int(), alarm: z.number().int() }),
  unread: z.object({ notice: z.number().int(), billing: z.number().int(), alarm: z.number().int() }),
});
export type MessageCounts = z.infer<typeof messageCounts>;

/** POST /global/register reply: email accounts wait for activation, phone accounts are active. */
export const registerResult = z.object({ status: z.enum(['pending', 'active']) });
export type RegisterResult = z.infer<typeof registerResult>;

/** POST /global/phoneverify (and resendmail?type=0) reply: seconds the code stays valid. */
export const codeSent = z.object({ expires_in: z.number().int() });
export type CodeSent = z.infer<typeof codeSent>;

/** POST /global/resendmail reply: null for the activation mail (?type=email), else the phone code sent. */
export const resendMailReply = codeSent.nullable();

/** POST /global/forgetverify reply: where the code went. */
export const forgetVerifyResult = codeSent.extend({ channel: z.enum(['email', 'phone']) });
export type ForgetVerifyResult = z.infer<typeof forgetVerifyResult>;

/** POST /global/add/datacenter reply: the account's regions afterwards, comma-separated. */
export const dataCenterResult = z.object({ data_center: z.string() });
export type DataCenterResult = z.infer<typeof dataCenterResult>;
