import { formatMoney, type LeverageDirection } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { useContractUsdt } from '../../../features/assets/api/assets-queries';
import { BookChip } from '../../../features/assets/components/book-chip';
import {
  useContractStatus,
  useLeverageTerms,
  useUserMultiples,
} from '../../../features/leverage/api/leverage-queries';
import { LeverConfirmSheet } from '../../../features/leverage/components/lever-confirm-sheet';
import { useLiveLeverage } from '../../../features/leverage/hooks/use-live-leverage';
import {
  FORM_ERROR_PARAMS,
  previewPosition,
  ratePercent,
  sanitizeLots,
  type LeverageFormError,
} from '../../../features/leverage/leverage-form';
import '../../../features/leverage/leverage.css';
import {
  LEVER_DESC_PATH,
  LEVER_INDEX_PATH,
  leverTradePath,
  MEMBER_TIER_PATH,
} from '../../../features/leverage/paths';
import { CoinTabs } from '../../../features/market/components/coin-tabs';
import { SuspendedBanner } from '../../../features/market/components/suspended-banner';
import { isSuspended } from '../../../features/market/market-status';
import { formatPrice } from '../../../features/market/format';
import { useTradeSymbol } from '../../../features/market/hooks/use-trade-symbol';
import { formatMoneyText } from '../../../ui/amount-format';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { OpenPositions } from './open-positions';
import { useOpenPositionAction } from './use-open-position';
import { transferLink } from '../../../features/assets/wallets';

/** Errors not said under the figures: no price yet, or no lots typed yet. */
const quiet = (error: LeverageFormError, lots: string) =>
  error === 'noPrice' || (error === 'lotsInvalid' && lots.trim() === '');

/** Refusals a transfer into the contract wallet cures: the link is beside them. */
const FUNDING_ERRORS: readonly LeverageFormError[] = ['insufficient', 'negativeBalance'];

/** A prompt in place of the form: log in, or open the contract first. */
function Prompt({ text, action, onAction }: { text: string; action: string; onAction(): void }) {
  return (
    <section className="lever-card lever-prompt">
      <p>{text}</p>
      <Button block color="primary" onClick={onAction}>
        {action}
      </Button>
    </section>
  );
}

/** The contract wallet's funds come from the coin account; then back here. */
const toContract = transferLink('coin', 'contract');

/**
 * The leverage trade page (pages/lever/leverTrade): a coin and its live price, the contract
 * wallet, direction, lots, the multiples the trader's tier allows, optional take-profit and
 * stop-loss, and every figure of the position (price per lot, margin, position value, fees,
 * liquidation price) computed with the contract's rules before a sheet confirms it; then the open
 * positions marked live at the feed's price, with add margin, take-profit/stop-loss and close.
 */
export default function LeverTradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const mode = useUserInfo().data?.mode;
  useLiveLeverage();
  const terms = useLeverageTerms();
  const status = useContractStatus();
  const multiples = useUserMultiples();
  const { open, symbol, priceOf, placesOf, tickerOf } = useTradeSymbol(terms.data?.products);
  const price = priceOf(symbol);
  const ticker = tickerOf(symbol);
  // A blind market (issue 17) takes no new positions: the button waits; the server refuses anyway.
  const suspended = isSuspended(ticker);
  const places = placesOf(symbol);
  const balance = useContractUsdt(token ? mode : undefined);

  const [direction, setDirection] = useState<LeverageDirection>('long');
  const [lots, setLots] = useState('1');
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const allowed = multiples.data?.multiples ?? [];
  // The highest multiple is not the default: the lowest risk is.
  const multiple = chosen !== undefined && allowed.includes(chosen) ? chosen : allowed[0];

  const form = {
    symbol,
    direction,
    lots,
    multiple,
    allowed,
    price,
    takeProfit,
    stopLoss,
    balance,
    pricePlaces: places,
    mode,
    terms: terms.data,
    refreshTerms: async () => (await terms.refetch()).data,
    refreshMultiples: () => multiples.refetch(),
  };
  const action = useOpenPositionAction(form, () => {
    setTakeProfit('');
    setStopLoss('');
  });
  const preview = terms.data ? previewPosition({ ...form, terms: terms.data }) : null;
  // Shown whenever lots, multiple and price allow them, refused or not: the trader sees what to fund.
  const figures = preview?.preview ?? null;
  const usdt = (units: bigint | undefined) =>
    units === undefined ? '--' : formatMoneyText(formatMoney(units), 'USDT');
  const priceText = (units: bigint | null | undefined) =>
    units === null || units === undefined ? '--' : formatPrice(formatMoney(units), places);
  const stepLots = (by: number) => {
    const now = Math.floor(Number(lots)) || 0;
    setLots(String(Math.max(1, now + by)));
  };

  const header = (
    <PageHeader
      title={t('lever.trade.title')}
      fallback={LEVER_INDEX_PATH}
      right={<Link to={LEVER_DESC_PATH}>{t('lever.links.desc')}</Link>}
    />
  );

  let body;
  if (!token) {
    body = (
      <Prompt
        text={t('lever.visitor')}
        action={t('login.submit')}
        onAction={() =>
          navigate('/pages/login/login', { state: { from: location.pathname + location.search } })
        }
      />
    );
  } else if (!status.data || !terms.data) {
    body = <LoadingView />;
  } else if (!status.data.opened) {
    body = (
      <Prompt
        text={t('lever.trade.notOpened')}
        action={t('lever.index.toDisclosure')}
        onAction={() => navigate(LEVER_INDEX_PATH)}
      />
    );
  } else {
    body = (
      <>
        <section className="lever-card lever-form">
          <div className="lever-row">
            <span className="lever-label">{t('lever.balance')}</span>
            <span className="num" data-field="balance">
              {balance === undefined ? '--' : formatMoneyText(balance, 'USDT')}
            </span>
            <Link to={toContract.path} state={toContract.state} className="lever-link">
              {t('lever.trade.transfer')}
            </Link>
          </div>
          <div className="lever-directions" role="radiogroup" aria-label={t('lever.direction')}>
            {(['long', 'short'] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={direction === d}
                className={`lever-direction lever-direction--${d}`}
                onClick={() => setDirection(d)}
              >
                {t(`lever.directions.${d}`)}
              </button>
            ))}
          </div>
          <label className="lever-label" htmlFor="lever-lots">
            {t('lever.lots')}
          </label>
          <div className="lever-stepper">
            <button type="button" aria-label="-" onClick={() => stepLots(-1)}>
              −
            </button>
            <Input
              id="lever-lots"
              className="lever-input"
              inputMode="decimal"
              value={lots}
              onChange={(v) => setLots(sanitizeLots(v))}
              aria-label={t('lever.lots')}
            />
            <button type="button" aria-label="+" onClick={() => stepLots(1)}>
              +
            </button>
          </div>
          <div className="lever-row">
            <span className="lever-label">{t('lever.multiple')}</span>
            {multiples.data ? (
              <Link to={MEMBER_TIER_PATH} className="lever-link" data-field="tier">
                {t('lever.trade.tierMultiples', {
                  tier: t(`account.tiers.${multiples.data.tier}`),
                  max: Math.max(...allowed, 1),
                })}
              </Link>
            ) : null}
          </div>
          <div className="lever-multiples" role="radiogroup" aria-label={t('lever.multiple')}>
            {allowed.map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={m === multiple}
                className="choice-chip lever-chip num"
                data-multiple={m}
                onClick={() => setChosen(m)}
              >
                {/* "2×" reads the same way in a right-to-left page. */}
                <bdi dir="ltr">{`${m}×`}</bdi>
              </button>
            ))}
          </div>
          <div className="lever-tpsl">
            <label>
              {t('lever.takeProfit')}
              <Input
                id="lever-tp"
                className="lever-input"
                inputMode="decimal"
                value={takeProfit}
                onChange={(v) => setTakeProfit(v.replace(/[^0-9.]/g, ''))}
                placeholder={t('lever.optional')}
              />
            </label>
            <label>
              {t('lever.stopLoss')}
              <Input
                id="lever-sl"
                className="lever-input"
                inputMode="decimal"
                value={stopLoss}
                onChange={(v) => setStopLoss(v.replace(/[^0-9.]/g, ''))}
                placeholder={t('lever.optional')}
              />
            </label>
          </div>
          <dl className="lever-figures" data-testid="lever-figures">
            <dt>{t('lever.lotPrice')}</dt>
            <dd data-field="lot-price">
              <span className="num">{formatMoneyText(terms.data.lotPrice, 'USDT')}</span>
            </dd>
            <dt>{t('lever.margin')}</dt>
            <dd data-field="margin">
              <span className="num">{usdt(figures?.margin)}</span>
            </dd>
            <dt>{t('lever.positionValue')}</dt>
            <dd data-field="value">
              <span className="num">{usdt(figures?.value)}</span>
            </dd>
            <dt>{t('lever.openFee', { rate: ratePercent(terms.data.openFeeRate) })}</dt>
            <dd data-field="open-fee">
              <span className="num">{usdt(figures?.openFee)}</span>
            </dd>
            <dt>{t('lever.closeFee', { rate: ratePercent(terms.data.closeFeeRate) })}</dt>
            <dd data-field="close-fee">
              <span className="num">{usdt(figures?.closeFee)}</span>
            </dd>
            <dt>{t('lever.liquidationPrice')}</dt>
            <dd className="lever-figures__liq" data-field="liquidation">
              <span className="num">{priceText(figures?.liquidation)}</span>
            </dd>
          </dl>
          {preview && !preview.ok && !quiet(preview.error, lots) ? (
            <p className="lever-warning" data-field="form-error">
              {t(`lever.errors.${preview.error}`, FORM_ERROR_PARAMS)}
              {FUNDING_ERRORS.includes(preview.error) ? (
                // The contract wallet is funded by a transfer from another wallet.
                <>
                  {' '}
                  <Link to={toContract.path} state={toContract.state} className="lever-link">
                    {t('lever.trade.transfer')}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <Button
            block
            color={direction === 'long' ? 'success' : 'danger'}
            className={`lever-open lever-open--${direction}`}
            disabled={!multiple || suspended}
            onClick={() => void action.review(direction)}
          >
            {t(`lever.trade.open.${direction}`)}
          </Button>
        </section>
        <OpenPositions
          mode={mode}
          priceOf={priceOf}
          placesOf={placesOf}
          suspendedOf={(s) => isSuspended(tickerOf(s))}
        />
      </>
    );
  }

  return (
    <div className="lever-page lever-trade" data-symbol={symbol}>
      {header}
      <div className="lever-head">
        <CoinTabs
          open={open}
          symbol={symbol}
          label={t('lever.symbol')}
          pathOf={leverTradePath}
          suspended={(s) => isSuspended(tickerOf(s))}
        />
        <span className="lever-price num" data-field="price">
          {price ? formatPrice(price, places) : '--'}
        </span>
        {token && mode ? <BookChip mode={mode} /> : null}
      </div>
      <SuspendedBanner ticker={ticker} note={t('marketStatus.lever')} />
      {body}
      <LeverConfirmSheet
        position={action.pending}
        busy={action.busy}
        onConfirm={() => void action.confirm()}
        onClose={action.cancel}
      />
    </div>
  );
}
