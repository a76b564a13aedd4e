import { useTranslation } from 'react-i18next';
import { useLoanProducts } from '../../../features/loan/api/loan-queries';
import '../../../features/loan/loan.css';
import { PageHeader } from '../../../ui/page-header';

const ARTICLES = Array.from({ length: 11 }, (_, i) => i + 1);

/**
 * pages/loan/protocol: the coin-lending agreement's eleven articles (SPEC.md section 9) in the
 * page's language, with the version code the server stores with each application.
 */
export default function LoanProtocolPage() {
  const { t } = useTranslation();
  const version = useLoanProducts().data?.agreementVersion;
  return (
    <div>
      <PageHeader title={t('loanProtocol.title')} fallback="/pages/loan/index" />
      <article className="page-body loan-page loan-protocol">
        <p>{t('loanProtocol.intro')}</p>
        {ARTICLES.map((n) => (
          <section key={n} data-article={n}>
            <h2 className="loan-heading">{t(`loanProtocol.a${n}t`)}</h2>
            <p>{t(`loanProtocol.a${n}b`)}</p>
          </section>
        ))}
        {version ? (
          <p className="loan-hint">
            {t('loanProtocol.version')}: <code dir="ltr">{version.slice(0, 16)}</code>
          </p>
        ) : null}
      </article>
    </div>
  );
}
