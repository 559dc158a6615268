import { AgreementView } from '../../features/agreements/AgreementView.tsx';

/** /privacyagreement/{cn|en|tw} */
export function PrivacyAgreementPage() {
  return <AgreementView kind="privacy" />;
}
