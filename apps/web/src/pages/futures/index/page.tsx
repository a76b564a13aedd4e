import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPeriods } from '../../../features/options/verify/components/period-table';
import { useOptionTerms, useProductPeriods } from '../../../features/options/api/options-queries';
import '../../../features/options/options.css';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import {
  OPTIONS_DESC_PATH,
  OPTIONS_VERIFY_PATH,
  optionsTradePath,
} from '../../../features/options/paths';

/** The option products and their periods (pages/futures/index), each linking to its trade page. */
export default function OptionsIndexPage() {
  const { t } = useTranslation();
  const terms = useOptionTerms();
  const products = terms.data?.products ?? [];
  const periods = useProductPeriods(products.map((p) => p.symbol));
  let body;
  if (terms.isError) {
    body = (
      <ErrorView title={t('optionsPublic.info.loadFailed')} onRetry={() => void terms.refetch()} />
    );
  } else if (!terms.data) {
    body = <LoadingView />;
  } else if (products.length === 0) {
    body = <EmptyData text={t('optionsPublic.info.empty')} />;
  } else {
    body = products.map((product, i) => (
      <ProductPeriods key={product.symbol} product={product} periods={periods[i]}>
        <Link className="options-product__trade" to={optionsTradePath(product.symbol)}>
          {t('optionsPublic.info.trade')}
        </Link>
      </ProductPeriods>
    ));
  }
  return (
    <div className="options-info">
      <PageHeader title={t('optionsPublic.info.indexTitle')} />
      <p className="options-info__lead muted">{t('optionsPublic.info.indexLead')}</p>
      <div className="options-links">
        <Link to={OPTIONS_DESC_PATH}>{t('optionsPublic.info.descTitle')}</Link>
        <Link to={OPTIONS_VERIFY_PATH}>{t('optionsPublic.verify.title')}</Link>
      </div>
      {body}
    </div>
  );
}
