/** A legal document of the product in one language (content, not interface text). */
export interface AgreementDoc {
  title: string;
  updated: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export type AgreementKind = 'service' | 'privacy';
export type AgreementLang = 'cn' | 'en' | 'tw';

export const agreementLangs: readonly AgreementLang[] = ['cn', 'en', 'tw'];

/** Each document is its own chunk, fetched only when opened. */
export const loadAgreement: Record<AgreementKind, Record<AgreementLang, () => Promise<AgreementDoc>>> = {
  service: {
    cn: () => import('./documents/service-cn.ts').then((m) => m.doc),
    en: () => import('./documents/service-en.ts').then((m) => m.doc),
    tw: () => import('./documents/service-tw.ts').then((m) => m.doc),
  },
  privacy: {
    cn: () => import('./documents/privacy-cn.ts').then((m) => m.doc),
    en: () => import('./documents/privacy-en.ts').then((m) => m.doc),
    tw: () => import('./documents/privacy-tw.ts').then((m) => m.doc),
  },
};
