import { SYMBOL_PATTERN, type SpotOrder, type SpotSide } from '@tidemark/contract';
import { tryParseMoney } from '@tidemark/contract/rules';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../api/session';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { viewedBook } from '../../../features/market/api/book';
import { useDepth } from '../../../features/market/api/depth';
import { useProducts } from '../../../features/market/api/products';
import { useTicker } from '../../../features/market/api/tickers';
import { CompactBook } from '../../../features/market/components/compact-book';
import { MarketProblem } from '../../../features/market/components/market-problem';
import { SuspendedBanner } from '../../../features/market/components/suspended-banner';
import { isSuspended } from '../../../features/market/market-status';
import { DEFAULT_SYMBOL, spotTradePath } from '../../../features/market/paths';
import { usePairBalances } from '../../../features/spot/api/pair-balances';
import { useProductConfig } from '../../../features/spot/api/product-config';
import { useOpenOrders } from '../../../features/spot/api/spot-orders';
import { OrderConfirmSheet } from '../../../features/spot/components/order-confirm-sheet';
import { OrderForm } from '../../../features/spot/components/order-form';
import { useOrderForm } from '../../../features/spot/hooks/use-order-form';
import { Activity } from './activity';
import { TradeHeader } from './trade-header';
import { TradingClosed } from './trading-closed';
import { usePlaceOrderAction } from './use-place-order';
import { VisitorPrompt } from './visitor-prompt';

/** The pair of ?symbol=BTC%2FUSDT, or BTC/USDT when it is missing or malformed. */
function useSymbol(): string {
  const [params] = useSearchParams();
  const asked = (params.get('symbol') ?? '').toUpperCase();
  return SYMBOL_PATTERN.test(asked) ? asked : DEFAULT_SYMBOL;
}

/** A pair that is not (or no longer) configured: the first one there is instead. */
function useKnownPair(symbol: string): void {
  const navigate = useNavigate();
  const products = useProducts();
  const first = products.bySymbol.keys().next().value;
  const unknown = !products.isPending && !products.bySymbol.has(symbol) && first !== undefined;
  useEffect(() => {
    if (unknown && first) navigate(spotTradePath(first), { replace: true });
  }, [unknown, first, navigate]);
}

/** The prices the user has orders resting at, for the dots in the book. */
function useOwnPrices(orders: readonly SpotOrder[] | undefined): (price: string) => boolean {
  return useMemo(() => {
    const own = new Set(
      (orders ?? []).filter((o) => o.price).map((o) => String(tryParseMoney(o.price))),
    );
    return (price: string) => own.has(String(tryParseMoney(price)));
  }, [orders]);
}

interface TradeScreenProps {
  symbol: string;
  initialSide: SpotSide;
}

/** Everything of one pair; a new pair is a new screen, so nothing typed for another carries over. */
function TradeScreen({ symbol, initialSide }: TradeScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const [base = '', quote = ''] = symbol.split('/');
  const ticker = useTicker(symbol);
  const config = useProductConfig(symbol);
  const product = useProducts().bySymbol.get(symbol);
  const mode = useUserInfo().data?.mode;
  // Orders rest in the user's own book (demo or real): the book beside the form is that one.
  const book = viewedBook(token, mode);
  const depth = useDepth(symbol, book);
  const balances = usePairBalances(symbol, mode);
  const orders = useOpenOrders(symbol, mode);
  const rules = config.data;
  const lastPrice = ticker.data?.price ?? undefined;
  // A blind market (issue 17): market orders wait (they could fill at any price); the server
  // refuses them anyway.
  const suspended = isSuspended(ticker.data);
  const form = useOrderForm({
    side: initialSide,
    pricePlaces: rules?.pricePrecision,
    quantityPlaces: rules?.quantityPrecision,
    lastPrice,
  });
  const action = usePlaceOrderAction(
    form,
    rules && balances.data
      ? {
          symbol,
          availableQuote: balances.data.quote.available,
          availableBase: balances.data.base.available,
          lastPrice,
          tradingOpen: rules.tradingOpen,
          minNotional: rules.minNotional,
        }
      : null,
    rules
      ? {
          lastPrice,
          bestBid: depth.data?.bids[0]?.[0],
          bestAsk: depth.data?.asks[0]?.[0],
          makerFeeRate: rules.makerFeeRate,
          takerFeeRate: rules.takerFeeRate,
          quantityPlaces: rules.quantityPrecision,
        }
      : null,
    mode,
  );
  const openOrders = orders.data?.list;
  const isOwn = useOwnPrices(openOrders);
  const pricePlaces = rules?.pricePrecision ?? product?.pricePrecision ?? 2;
  const quantityPlaces = rules?.quantityPrecision ?? product?.quantityPrecision ?? 4;

  return (
    <div className="spot-trade" data-symbol={symbol}>
      <TradeHeader
        symbol={symbol}
        ticker={ticker.data}
        pricePlaces={pricePlaces}
        mode={token ? mode : undefined}
        onSwitch={(next) => navigate(spotTradePath(next, form.draft.side), { replace: true })}
      />
      {rules && !rules.tradingOpen ? <TradingClosed symbol={symbol} /> : null}
      <SuspendedBanner ticker={ticker.data} note={t('marketStatus.spot')} />
      <div className="spot-trade__main">
        <div className="spot-trade__form">
          {config.isError && !rules ? (
            <MarketProblem onRetry={() => void config.refetch()} />
          ) : null}
          {token ? (
            <OrderForm
              form={form}
              base={base}
              quote={quote}
              config={rules}
              lastPrice={lastPrice}
              balances={balances.data}
              busy={action.busy}
              marketPaused={suspended}
              onSubmit={action.review}
              onAskAgain={action.asks ? undefined : action.askAgain}
            />
          ) : (
            <VisitorPrompt />
          )}
        </div>
        <div className="spot-trade__book">
          <CompactBook
            depth={depth.data}
            ticker={ticker.data}
            base={base}
            quote={quote}
            pricePlaces={pricePlaces}
            quantityPlaces={quantityPlaces}
            onPick={form.pickPrice}
            isOwn={isOwn}
          />
        </div>
      </div>
      <OrderConfirmSheet
        order={action.pending}
        symbol={symbol}
        base={base}
        quote={quote}
        pricePlaces={pricePlaces}
        quantityPlaces={quantityPlaces}
        busy={action.busy}
        onConfirm={(dontAsk) => void action.confirm(dontAsk)}
        onClose={action.cancel}
      />
      <Activity
        symbol={symbol}
        book={book}
        pricePlaces={pricePlaces}
        quantityPlaces={quantityPlaces}
        orders={token ? openOrders : null}
      />
    </div>
  );
}

/**
 * The coin tab (pages/trade/index, SPEC.md section 2 "Spot trade"): the order form beside the
 * pair's order book, then the user's open orders and the latest trades. Visitors see the market
 * and a way to log in where the form would be.
 */
export default function SpotTradePage() {
  const symbol = useSymbol();
  const [params] = useSearchParams();
  useKnownPair(symbol);
  return (
    <TradeScreen
      key={symbol}
      symbol={symbol}
      initialSide={params.get('side') === 'sell' ? 'sell' : 'buy'}
    />
  );
}
