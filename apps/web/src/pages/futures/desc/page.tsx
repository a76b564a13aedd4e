import { languageInfo } from '@tidemark/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPeriods } from '../../../features/options/verify/components/period-table';
import { useOptionTerms, useProductPeriods } from '../../../features/options/api/options-queries';
import '../../../features/options/options.css';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { OPTIONS_INDEX_PATH, OPTIONS_VERIFY_PATH } from '../../../features/options/paths';

/**
 * How option delivery works (pages/futures/desc): strike and settlement, the periods with their
 * rates and limits as the server has them now, ties, failed settlement, risks, and where the real
 * book is not offered and why.
 */
export default function OptionsDescPage() {
  const { t } = useTranslation();
  const terms = useOptionTerms();
  const products = terms.data?.products ?? [];
  const periods = useProductPeriods(products.map((p) => p.symbol));
  const language = currentLanguage();
  const names = useMemo(
    () => new Intl.DisplayNames([languageInfo(language).bcp47], { type: 'region' }),
    [language],
  );
  const countries = (terms.data?.restrictedCountries ?? [])
    .map((code) => names.of(code) ?? code)
    .sort((a, b) => a.localeCompare(b));
  const section = (key: string, params: Record<string, unknown> = {}) => (
    <section key={key}>
      <h2>{t(`optionsPublic.info.${key}Title`)}</h2>
      <p>{t(`optionsPublic.info.${key}`, params)}</p>
    </section>
  );
  // The failed-settlement window and the restricted countries are the server's: nothing is said
  // about them (not "0 s", not "no country") before its answer.
  const header = (
    <PageHeader title={t('optionsPublic.info.descTitle')} fallback={OPTIONS_INDEX_PATH} />
  );
  if (!terms.data) {
    return (
      <div className="options-info">
        {header}
        {terms.isError ? (
          <ErrorView
            title={t('optionsPublic.info.loadFailed')}
            onRetry={() => void terms.refetch()}
          />
        ) : (
          <LoadingView />
        )}
      </div>
    );
  }
  return (
    <div className="options-info">
      {header}
      {section('what')}
      {section('strike')}
      <section>
        <h2>{t('optionsPublic.info.periodsTitle')}</h2>
        <p>{t('optionsPublic.info.periods')}</p>
      </section>
      {products.map((product, i) => (
        <ProductPeriods key={product.symbol} product={product} periods={periods[i]} />
      ))}
      {section('tie')}
      {section('failed', { seconds: terms.data.settleToleranceMs / 1000 })}
      {section('pool')}
      {section('risks')}
      <section data-testid="restricted">
        <h2>{t('optionsPublic.info.whereTitle')}</h2>
        <p>{t('optionsPublic.info.where')}</p>
        <p>{countries.length > 0 ? countries.join(', ') : t('optionsPublic.info.noRestricted')}</p>
        <p>{t('optionsPublic.info.why')}</p>
        {terms.data.realNeedsPrimary ? <p>{t('optionsPublic.info.primary')}</p> : null}
      </section>
      <section>
        <Link className="options-link" to={OPTIONS_VERIFY_PATH}>
          {t('optionsPublic.info.verifyLink')}
        </Link>
      </section>
    </div>
  );
}
