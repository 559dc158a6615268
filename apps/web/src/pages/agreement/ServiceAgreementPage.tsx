import { AgreementView } from '../../features/agreements/AgreementView.tsx';

/** /serviceagreement/{cn|en|tw} */
export function ServiceAgreementPage() {
  return <AgreementView kind="service" />;
}
