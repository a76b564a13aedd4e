import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { CurrencyBadge } from '../../assets/components/currency-badge';
import { useWalletCurrencies } from '../../wallet/api/wallet-queries';
import { MONEY_ROUTES, withQuery } from '../routes';
import { CurrencyList } from './currency-list';
import '../money.css';

/**
 * The currency picker of deposit/tokenList and Withdrawal/tokenList: the currencies with a chain
 * open for the direction, each with those chains. The form page replaced itself with this list;
 * picking (or going back) replaces it again.
 */
export function TokenListPage({ direction }: { direction: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('currency');
  const currencies = useWalletCurrencies();
  const open = (currency: string | null) =>
    navigate(withQuery(MONEY_ROUTES[direction], { currency: currency ?? undefined }), {
      replace: true,
    });

  let body;
  if (currencies.isError) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void currencies.refetch()} />;
  } else if (!currencies.data) {
    body = <LoadingView />;
  } else {
    const choices = currencies.data
      .map((c) => ({
        currency: c.currency,
        chains: c.chains
          .filter((chain) =>
            direction === 'deposit' ? chain.depositEnabled : chain.withdrawEnabled,
          )
          .map((chain) => chain.chain),
      }))
      .filter((c) => c.chains.length > 0);
    body = (
      <CurrencyList
        choices={choices}
        current={current}
        onPick={open}
        renderIcon={(currency) => <CurrencyBadge currency={currency} />}
      />
    );
  }

  return (
    <div>
      <PageHeader
        title={t(direction === 'deposit' ? 'deposit.tokens.title' : 'withdraw.tokensTitle')}
        onBack={() => open(current)}
      />
      <div className="page-body money-page">{body}</div>
    </div>
  );
}
