import type { OptionOrder } from '@tidemark/contract';
import { sanitizeAmountInput } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { envelopeMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { useContractUsdt } from '../../../features/assets/api/assets-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import { CoinTabs } from '../../../features/market/components/coin-tabs';
import { SuspendedBanner } from '../../../features/market/components/suspended-banner';
import { isSuspended } from '../../../features/market/market-status';
import { PeriodTabs, type ChartView } from '../../../features/market/components/period-tabs';
import { formatPrice } from '../../../features/market/format';
import { VERIFY_ROUTES } from '../../../features/kyc/routes';
import { useTradeSymbol } from '../../../features/market/hooks/use-trade-symbol';
import { useOptionTerms, usePeriods } from '../../../features/options/api/options-queries';
import { useLiveOptions } from '../../../features/options/hooks/use-live-options';
import { useRealBookRefusal } from '../../../features/options/hooks/use-real-book-refusal';
import { OptionConfirmSheet } from '../../../features/options/components/option-confirm-sheet';
import { PeriodName } from '../../../features/options/components/period-name';
import { checkStake, formatPercent, STAKE_DECIMALS } from '../../../features/options/option-math';
import {
  OPTIONS_DESC_PATH,
  OPTIONS_VERIFY_PATH,
  optionsTradePath,
} from '../../../features/options/paths';
import '../../../features/options/options.css';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { FocusCard } from './focus-card';
import { Positions } from './positions';
import { useBuyOption } from './use-buy-option';
import { transferLink } from '../../../features/assets/wallets';

// lightweight-charts is the heaviest thing here: its own chunk, as on the chart page.
const PriceChart = lazy(() => import('../../../features/market/components/chart/price-chart'));

/** Stakes offered as quick picks, kept within the period's bounds. */
const QUICK_STAKES = ['10', '50', '100', '500', '1000'] as const;

function VisitorPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className="option-visitor">
      <span className="muted">{t('optionsTrade.visitor')}</span>
      <Button
        block
        color="primary"
        size="small"
        onClick={() =>
          navigate('/pages/login/login', { state: { from: location.pathname + location.search } })
        }
      >
        {t('login.submit')}
      </Button>
    </section>
  );
}

/** The contract wallet's funds come from the coin account; then back here. */
const toContract = transferLink('coin', 'contract');

/**
 * The options tab (pages/futures/encryption, SPEC.md section 2 "Option delivery"): a coin, its
 * live chart, the contract wallet, the periods with their terms, a stake, "Buy long" and "Buy
 * short" through a sheet that says what happens; then the order's countdown and result, and the
 * trader's positions and history, all live over the user channel.
 */
export default function OptionsTradePage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const mode = useUserInfo().data?.mode;
  useLiveOptions();
  const terms = useOptionTerms();
  const { open, symbol, priceOf, placesOf, tickerOf } = useTradeSymbol(terms.data?.products);
  const price = priceOf(symbol);
  const ticker = tickerOf(symbol);
  // A blind market (issue 17) takes no new options: the buttons wait; the server refuses anyway.
  const suspended = isSuspended(ticker);
  const [view, setView] = useState<ChartView>('line');
  const periods = usePeriods(symbol);
  const list = periods.data?.list;
  const [periodId, setPeriodId] = useState<number | null>(null);
  // A period of another coin is not in this list: the first one then.
  const period = list?.find((p) => p.id === periodId) ?? list?.[0];
  const [amount, setAmount] = useState('');
  const [scheduled, setScheduled] = useState(false);
  const [placed, setPlaced] = useState<OptionOrder | null>(null);
  const balance = useContractUsdt(token ? mode : undefined);
  const buy = useBuyOption({ symbol, period, amount, scheduled, mode }, setPlaced);
  const refusal = useRealBookRefusal(token ? mode : undefined, terms.data?.restrictedCountries);

  const quick = period ? QUICK_STAKES.filter((v) => checkStake(v, period).ok) : [];

  return (
    <div className="option-trade" data-symbol={symbol}>
      <header className="option-trade__head">
        <CoinTabs
          open={open}
          symbol={symbol}
          label={t('optionsTrade.symbol')}
          pathOf={optionsTradePath}
          suspended={(s) => isSuspended(tickerOf(s))}
        />
        <span className="option-trade__price num" data-field="price">
          {price ? formatPrice(price, placesOf(symbol)) : '--'}
        </span>
        {token && mode ? <BookChip mode={mode} /> : null}
      </header>
      <SuspendedBanner
        ticker={ticker}
        note={t('marketStatus.options', { failed: t('optionsPublic.outcome.failed') })}
      />
      <PeriodTabs value={view} onChange={setView} />
      <Suspense fallback={<div className="price-chart price-chart--placeholder" />}>
        <PriceChart
          key={symbol}
          symbol={symbol}
          view={view}
          precision={placesOf(symbol)}
          indicators={[]}
        />
      </Suspense>
      <nav className="options-links" aria-label={t('optionsPublic.info.indexTitle')}>
        <Link to={OPTIONS_DESC_PATH} data-testid="options-desc-link">
          {t('optionsPublic.info.descTitle')}
        </Link>
        <Link to={OPTIONS_VERIFY_PATH} data-testid="options-verify-link">
          {t('optionsPublic.verify.title')}
        </Link>
      </nav>

      {placed ? (
        <FocusCard
          placed={placed}
          price={priceOf(placed.symbol)}
          pricePlaces={placesOf(placed.symbol)}
          onClose={() => setPlaced(null)}
        />
      ) : null}

      {token ? (
        <section className="option-form">
          <div className="option-form__balance">
            <span className="muted">{t('optionsTrade.balance')}</span>
            <span className="num" data-field="balance">
              {balance === undefined ? '--' : formatMoneyText(balance, 'USDT')}
            </span>
            <Link to={toContract.path} state={toContract.state} className="option-form__transfer">
              {t('optionsTrade.transfer')}
            </Link>
          </div>
          <span className="option-form__label">{t('optionsTrade.period')}</span>
          {list && list.length === 0 ? (
            <p className="muted">{t('optionsTrade.noPeriods')}</p>
          ) : null}
          <div className="option-periods" role="radiogroup" aria-label={t('optionsTrade.period')}>
            {(list ?? []).map((p) => (
              <button
                key={p.id}
                type="button"
                role="radio"
                aria-checked={p.id === period?.id}
                className="option-periods__item"
                data-seconds={p.seconds}
                onClick={() => setPeriodId(p.id)}
              >
                <strong>
                  <PeriodName seconds={p.seconds} />
                </strong>
                <span className="option-periods__rate">
                  {t('optionsTrade.returnRate', { rate: formatPercent(p.returnRate) })}
                </span>
                <span className="option-periods__bounds num">
                  {formatAmount(p.minAmount, 'USDT')} – {formatAmount(p.maxAmount, 'USDT')}
                </span>
              </button>
            ))}
          </div>
          <label className="option-form__label" htmlFor="option-stake">
            {t('optionsTrade.amount')}
          </label>
          <Input
            id="option-stake"
            className="option-form__input"
            inputMode="decimal"
            value={amount}
            onChange={(v) => setAmount(sanitizeAmountInput(v, STAKE_DECIMALS))}
            placeholder={
              period
                ? t('optionsTrade.amountHint', {
                    min: formatAmount(period.minAmount, 'USDT'),
                    max: formatAmount(period.maxAmount, 'USDT'),
                  })
                : ''
            }
          />
          <div className="option-quick">
            {quick.map((v) => (
              <button
                key={v}
                type="button"
                className="choice-chip num"
                aria-pressed={amount === v}
                onClick={() => setAmount(v)}
              >
                {v}
              </button>
            ))}
          </div>
          <Checkbox className="option-form__scheduled" checked={scheduled} onChange={setScheduled}>
            {t('optionsTrade.scheduled.toggle')}
          </Checkbox>
          {refusal ? (
            <div className="option-form__notice" role="note" data-refusal={refusal.code}>
              <p>
                {envelopeMessage({
                  code: refusal.code,
                  params: refusal.code === 'optionRestricted' ? { country: refusal.country } : {},
                  cnMsg: '',
                  enMsg: '',
                })}
              </p>
              {refusal.code === 'optionPrimaryRequired' ? (
                <Link to={VERIFY_ROUTES.index}>{t('withdraw.fix.verify')}</Link>
              ) : null}
            </div>
          ) : null}
          <div className="option-form__buttons">
            {(['long', 'short'] as const).map((direction) => (
              <Button
                key={direction}
                block
                color={direction === 'long' ? 'success' : 'danger'}
                className={`option-buy option-buy--${direction}`}
                disabled={!period || refusal !== null || suspended}
                onClick={() => void buy.review(direction)}
              >
                {t(`optionsTrade.buy.${direction}`)}
              </Button>
            ))}
          </div>
        </section>
      ) : (
        <VisitorPrompt />
      )}

      <OptionConfirmSheet
        option={buy.pending}
        busy={buy.busy}
        onConfirm={() => void buy.confirm()}
        onClose={buy.cancel}
      />
      {token ? (
        <Positions
          mode={mode}
          priceOf={priceOf}
          placesOf={placesOf}
          topUpAmount={amount}
          suspendedOf={(s) => isSuspended(tickerOf(s))}
        />
      ) : null}
    </div>
  );
}
