import type { CallOutput, ProductConfig, spotCalls } from '@tidemark/contract';
import { SPOT_ORDER_TYPE } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../ui/amount-format';
import type { OrderForm as FormState } from '../hooks/use-order-form';
import { orderTotal, usesAmount } from '../order-math';
import { MarketPriceField, OrderField } from './order-field';
import { OrderSummary } from './order-summary';
import { PercentShortcuts } from './percent-shortcuts';
import { SideSwitch } from './side-switch';
import { TypeSwitch } from './type-switch';
import { UnitToggle } from './unit-toggle';

export type PairBalances = CallOutput<typeof spotCalls.findUserMoney>;

interface OrderFormProps {
  form: FormState;
  base: string;
  quote: string;
  config: ProductConfig | undefined;
  lastPrice: string | undefined;
  /** The coin wallet's balances of the pair; undefined while they load. */
  balances: PairBalances | undefined;
  busy: boolean;
  /**
   * The coin's market is suspended (too few fresh price sources): a market order, which could
   * fill at any price, cannot be sent; a limit order can.
   */
  marketPaused?: boolean;
  onSubmit: () => void;
  /** Given when orders skip the confirmation sheet: turns it back on. */
  onAskAgain?: (() => void) | undefined;
}

/**
 * The spot order form (SPEC.md section 2): buy or sell, limit or market, price, quantity (or the
 * USDT to spend, for a market buy), shortcuts by share of the balance, what it comes to, and the
 * button in the side's colour.
 */
export function OrderForm({
  form,
  base,
  quote,
  config,
  lastPrice,
  balances,
  busy,
  marketPaused = false,
  onSubmit,
  onAskAgain,
}: OrderFormProps) {
  const { t } = useTranslation();
  const { draft } = form;
  const buying = draft.side === 'buy';
  const byAmount = usesAmount(draft);
  const spends = buying ? balances?.quote : balances?.base;
  const available = spends ? formatMoneyText(spends.available, spends.currency) : undefined;
  const marketBuy = buying && draft.type === SPOT_ORDER_TYPE.market;
  const paused = marketPaused && draft.type === SPOT_ORDER_TYPE.market;
  // Enter in a field sends too: a paused order is sent neither way.
  const submit = () => {
    if (!paused) onSubmit();
  };

  return (
    <form
      className="order-form"
      data-side={draft.side}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SideSwitch side={draft.side} onChange={form.setSide} />
      <TypeSwitch type={draft.type} onChange={form.setType} />
      {draft.type === SPOT_ORDER_TYPE.limit ? (
        <OrderField
          name="price"
          label={t('spot.form.price')}
          value={draft.price}
          onChange={form.setPrice}
          unit={quote}
          onEnter={submit}
        />
      ) : (
        <MarketPriceField label={t('spot.form.marketPrice')} />
      )}
      {byAmount ? (
        <OrderField
          name="amount"
          label={t('spot.form.spend')}
          value={draft.amount}
          onChange={form.setAmount}
          unit={<UnitToggle unit={quote} other={base} onSwitch={() => form.setBy('quantity')} />}
          onEnter={submit}
        />
      ) : (
        <OrderField
          name="quantity"
          label={t('spot.form.quantity')}
          value={draft.quantity}
          onChange={form.setQuantity}
          unit={
            marketBuy ? (
              <UnitToggle unit={base} other={quote} onSwitch={() => form.setBy('amount')} />
            ) : (
              base
            )
          }
          onEnter={submit}
        />
      )}
      <PercentShortcuts
        disabled={!spends}
        onPick={(percent) => spends && form.fillPercent(percent, spends.available)}
      />
      <OrderSummary
        available={available}
        total={orderTotal(draft, lastPrice)}
        quote={quote}
        type={draft.type}
        config={config}
      />
      {/* Until the balances and rules arrive there is nothing to check the order against. */}
      <Button
        type="submit"
        block
        className="order-form__submit"
        color={buying ? 'success' : 'danger'}
        loading={busy}
        disabled={!balances || !config || paused}
      >
        {t(buying ? 'spot.form.buy' : 'spot.form.sell', { coin: base })}
      </Button>
      {onAskAgain ? (
        <p className="order-form__unconfirmed">
          {t('spot.confirm.off')}{' '}
          <button type="button" className="text-button" onClick={onAskAgain}>
            {t('spot.confirm.askAgain')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
