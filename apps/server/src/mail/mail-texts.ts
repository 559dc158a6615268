import { resolveLocale, type Locale } from '@hmi/domain';

export type CodePurpose = 'register' | 'forget';

interface Texts {
  product: string;
  activation: (p: { link: string; hours: number }) => { subject: string; text: string };
  code: (p: { code: string; minutes: number; purpose: CodePurpose }) => { subject: string; text: string };
  sms: (p: { code: string; minutes: number; purpose: CodePurpose }) => string;
  welcome: () => { title: string; body: string };
}

const texts: Record<Locale, Texts> = {
  'zh-cn': {
    product: 'HMI 云平台',
    activation: ({ link, hours }) => ({
      subject: 'HMI 云平台：请激活您的账号',
      text: `您好！\n\n感谢注册 HMI 云平台。请在 ${hours} 小时内点击下面的链接激活账号：\n\n${link}\n\n如果这不是您本人的操作，请忽略本邮件。`,
    }),
    code: ({ code, minutes, purpose }) => ({
      subject: purpose === 'forget' ? 'HMI 云平台：重置密码验证码' : 'HMI 云平台：注册验证码',
      text: `您的验证码是 ${code}，${minutes} 分钟内有效，只能使用一次。\n\n如果这不是您本人的操作，请忽略本邮件，您的账号依然安全。`,
    }),
    sms: ({ code, minutes, purpose }) =>
      `【HMI 云平台】您的${purpose === 'forget' ? '重置密码' : '注册'}验证码是 ${code}，${minutes} 分钟内有效。请勿泄露给他人。`,
    welcome: () => ({
      title: '欢迎使用 HMI 云平台',
      body: '您的账号已激活。现在可以绑定设备、创建模板，并邀请团队成员一起工作。',
    }),
  },
  'en-us': {
    product: 'HMI Cloud',
    activation: ({ link, hours }) => ({
      subject: 'HMI Cloud: please activate your account',
      text: `Hello,\n\nThank you for signing up for HMI Cloud. Open the link below within ${hours} hours to activate your account:\n\n${link}\n\nIf you did not sign up, you can ignore this email.`,
    }),
    code: ({ code, minutes, purpose }) => ({
      subject: purpose === 'forget' ? 'HMI Cloud: password reset code' : 'HMI Cloud: verification code',
      text: `Your verification code is ${code}. It is valid for ${minutes} minutes and can be used once.\n\nIf you did not ask for it, ignore this email; your account is safe.`,
    }),
    sms: ({ code, minutes, purpose }) =>
      `[HMI Cloud] Your ${purpose === 'forget' ? 'password reset' : 'sign-up'} code is ${code}, valid for ${minutes} minutes. Do not share it.`,
    welcome: () => ({
      title: 'Welcome to HMI Cloud',
      body: 'Your account is active. You can now bind devices, create templates and invite your team.',
    }),
  },
  'zh-tw': {
    product: 'HMI 雲平台',
    activation: ({ link, hours }) => ({
      subject: 'HMI 雲平台：請啟用您的帳號',
      text: `您好！\n\n感謝註冊 HMI 雲平台。請在 ${hours} 小時內點擊下方連結啟用帳號：\n\n${link}\n\n如果這不是您本人的操作，請忽略此郵件。`,
    }),
    code: ({ code, minutes, purpose }) => ({
      subject: purpose === 'forget' ? 'HMI 雲平台：重設密碼驗證碼' : 'HMI 雲平台：註冊驗證碼',
      text: `您的驗證碼是 ${code}，${minutes} 分鐘內有效，只能使用一次。\n\n如果這不是您本人的操作，請忽略此郵件，您的帳號依然安全。`,
    }),
    sms: ({ code, minutes, purpose }) =>
      `【HMI 雲平台】您的${purpose === 'forget' ? '重設密碼' : '註冊'}驗證碼是 ${code}，${minutes} 分鐘內有效。請勿洩露給他人。`,
    welcome: () => ({
      title: '歡迎使用 HMI 雲平台',
      body: '您的帳號已啟用。現在可以綁定裝置、建立範本，並邀請團隊成員一起工作。',
    }),
  },
};

/** Texts in the user's language; unknown languages fall back to zh-cn. */
export const textsFor = (lang: string | undefined | null): Texts => texts[resolveLocale(lang)];
