import { useEffect, useState } from 'react';
import { Segmented, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';
import { ThemeSwitch } from '../../shared/preferences/ThemeSwitch.tsx';
import {
  agreementLangs,
  loadAgreement,
  type AgreementDoc,
  type AgreementKind,
  type AgreementLang,
} from './agreement-doc.ts';
import './agreement.css';

/** One agreement in the language of the path (/serviceagreement/en...), switchable in place. */
export function AgreementView({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation('agreement');
  const params = useParams();
  const navigate = useNavigate();
  const lang: AgreementLang = agreementLangs.includes(params.lang as AgreementLang)
    ? (params.lang as AgreementLang)
    : 'cn';
  const [doc, setDoc] = useState<{ lang: AgreementLang; kind: AgreementKind; doc: AgreementDoc }>();

  useEffect(() => {
    let live = true;
    void loadAgreement[kind][lang]().then((d) => live && setDoc({ lang, kind, doc: d }));
    return () => {
      live = false;
    };
  }, [kind, lang]);

  const current = doc && doc.lang === lang && doc.kind === kind ? doc.doc : undefined;
  const base = kind === 'service' ? '/serviceagreement' : '/privacyagreement';
  const other = kind === 'service' ? '/privacyagreement' : '/serviceagreement';

  return (
    <div className="agreement-page">
      <header className="agreement-header">
        <Link to="/login">
          <BrandMark />
        </Link>
        <span className="agreement-spacer" />
        <Segmented
          size="small"
          value={lang}
          options={agreementLangs.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
          onChange={(l) => void navigate(`${base}/${l}`, { replace: true })}
        />
        <ThemeSwitch />
      </header>
      <article className="agreement-doc" data-testid={`agreement-${kind}-${lang}`}>
        {current ? (
          <>
            <h1>{current.title}</h1>
            <p className="agreement-updated">{current.updated}</p>
            <p>{current.intro}</p>
            {current.sections.map((s) => (
              <section key={s.heading}>
                <h2>{s.heading}</h2>
                {s.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </section>
            ))}
            <p className="agreement-other">
              <Link to={`${other}/${lang}`}>{t(kind === 'service' ? 'privacy.title' : 'service.title')}</Link>
            </p>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 12 }} />
        )}
      </article>
    </div>
  );
}
