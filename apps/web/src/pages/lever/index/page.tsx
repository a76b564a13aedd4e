import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../api/session';
import { useSubmit } from '../../../api/use-submit';
import { useOpenContract } from '../../../features/leverage/api/leverage-mutations';
import {
  useContractStatus,
  useLeverageTerms,
} from '../../../features/leverage/api/leverage-queries';
import { Disclosure } from '../../../features/leverage/components/disclosure';
import '../../../features/leverage/leverage.css';
import {
  LEVER_DESC_PATH,
  LEVER_RECORD_PATH,
  leverTradePath,
  MEMBER_TIER_PATH,
} from '../../../features/leverage/paths';
import { useProducts } from '../../../features/market/api/products';
import { useTickers } from '../../../features/market/api/tickers';
import { formatChange, formatPrice, trendOf } from '../../../features/market/format';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { showToast } from '../../../ui/toast';

/** The one-time "open the contract": the disclosure read and accepted, then openContract. */
function OpenContract() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const openContract = useOpenContract();
  const [busy, submit] = useSubmit(async () => {
    await openContract.mutateAsync();
    showToast(t('lever.index.opened'), 'success');
  });
  return (
    <section className="lever-card lever-open-contract">
      <Checkbox className="lever-accept" checked={accepted} onChange={setAccepted}>
        {t('lever.index.accept')}
      </Checkbox>
      <Button
        block
        color="primary"
        className="lever-open-contract__button"
        disabled={!accepted}
        loading={busy}
        onClick={() => void submit()}
      >
        {t('lever.index.open')}
      </Button>
    </section>
  );
}

/** The symbols open for positions with their live prices (/ws tickers), each to its trade page. */
function Products({ symbols }: { symbols: readonly string[] }) {
  const { t } = useTranslation();
  const tickers = useTickers();
  const { bySymbol } = useProducts();
  if (symbols.length === 0) return <EmptyData text={t('lever.index.noProducts')} />;
  return (
    <section className="lever-card">
      <h2>{t('lever.index.products')}</h2>
      <ul className="lever-products">
        {symbols.map((symbol) => {
          const ticker = tickers.data?.find((x) => x.symbol === symbol);
          const trend = ticker ? trendOf(ticker.change24h) : 'flat';
          return (
            <li key={symbol}>
              <Link className="lever-product" to={leverTradePath(symbol)} data-symbol={symbol}>
                <span className="num lever-product__symbol">{symbol}</span>
                <span className="num lever-product__price" data-field="price">
                  {ticker
                    ? formatPrice(ticker.price, bySymbol.get(symbol)?.pricePrecision ?? 2)
                    : '--'}
                </span>
                <span
                  className={`num lever-product__change${trend === 'down' ? ' lever-product__change--down' : ''}`}
                >
                  {ticker ? formatChange(ticker.change24h) : '--'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The leveraged contract's start (pages/lever/index): until the trader opened the contract, the
 * risk disclosure with the terms as they are now and the one-time confirmation (openContract);
 * after, the symbols with their live prices. Visitors read the disclosure and are asked to log in.
 */
export default function LeverIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const terms = useLeverageTerms();
  const status = useContractStatus();
  const symbols = (terms.data?.products ?? []).filter((p) => p.enabled).map((p) => p.symbol);

  let body;
  if (terms.isError || status.isError) {
    body = (
      <ErrorView
        title={t('lever.loadFailed')}
        onRetry={() => void Promise.all([terms.refetch(), token ? status.refetch() : null])}
      />
    );
  } else if (!terms.data || (token && !status.data)) {
    body = <LoadingView />;
  } else if (status.data?.opened) {
    body = <Products symbols={symbols} />;
  } else {
    body = (
      <>
        <Disclosure terms={terms.data} />
        {token ? (
          <OpenContract />
        ) : (
          <section className="lever-card">
            <p>{t('lever.visitor')}</p>
            <Button
              block
              color="primary"
              onClick={() => navigate('/pages/login/login', { state: { from: location.pathname } })}
            >
              {t('login.submit')}
            </Button>
          </section>
        )}
      </>
    );
  }

  return (
    <div className="lever-page lever-index" data-opened={status.data?.opened ? 'yes' : 'no'}>
      <PageHeader title={t('lever.title')} />
      <p className="lever-lead muted">{t('lever.index.lead')}</p>
      <nav className="lever-links">
        <Link to={LEVER_DESC_PATH}>{t('lever.links.desc')}</Link>
        {token ? <Link to={LEVER_RECORD_PATH}>{t('lever.links.record')}</Link> : null}
        {token ? <Link to={MEMBER_TIER_PATH}>{t('lever.links.member')}</Link> : null}
      </nav>
      {body}
    </div>
  );
}
