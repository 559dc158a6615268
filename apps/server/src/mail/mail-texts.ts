import { fillText, mailTexts, resolveLocale, type CodePurpose } from '@hmi/domain';

export type { CodePurpose };

interface Mail {
  subject: string;
  text: string;
}

/** Account mails and text messages, worded by the domain's mail catalogue of the user's language. */
interface AccountTexts {
  activation: (p: { link: string; hours: number }) => Mail;
  code: (p: { code: string; minutes: number; purpose: CodePurpose }) => Mail;
  sms: (p: { code: string; minutes: number; purpose: CodePurpose }) => string;
}

/** Texts in the user's language; unknown languages fall back to zh-cn (resolveLocale). */
export function textsFor(lang: string | undefined | null): AccountTexts {
  const t = mailTexts[resolveLocale(lang)];
  return {
    activation: ({ link, hours }) => ({
      subject: t.activation.subject,
      text: fillText(t.activation.text, { link, hours }),
    }),
    code: ({ code, minutes, purpose }) => ({
      subject: t.code.subject[purpose],
      text: fillText(t.code.text, { code, minutes }),
    }),
    sms: ({ code, minutes, purpose }) =>
      fillText(t.sms.text, { purpose: t.sms.purpose[purpose], code, minutes }),
  };
}
