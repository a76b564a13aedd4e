import { formatMoney, parseMoney, type OptionOrder } from '@tidemark/contract';
import { sanitizeAmountInput } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../assets/api/assets-queries';
import { createKeyKeeper } from '../../assets/idempotency';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { confirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { useCancelOption, useTopUpOption } from '../api/options-mutations';
import { checkStake, STAKE_DECIMALS } from '../option-math';

/** Cancelling or topping up moves the contract wallet: the assets tab is stale too. */
const RELATED_KEYS = [assetsKeys.all] as const;

interface ScheduledActionsProps {
  order: OptionOrder;
  /**
   * What a top-up adds. The trade page passes its stake field; without it (the record page) the
   * row has its own amount field.
   */
  topUpAmount?: string;
  /**
   * The coin's market is suspended (too few fresh price sources): a top-up waits, as the server
   * would refuse it; cancelling stays open.
   */
  suspended?: boolean;
}

/**
 * Cancel and top-up of a scheduled order, each asked first with what it moves (money moves on the
 * answer, not on the tap), each with the idempotency key of its press.
 */
export function ScheduledActions({ order, topUpAmount, suspended = false }: ScheduledActionsProps) {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [ownAmount, setOwnAmount] = useState('');
  const amount = topUpAmount ?? ownAmount;
  const cancel = useCancelOption(RELATED_KEYS);
  const topUp = useTopUpOption(RELATED_KEYS);
  const [cancelling, doCancel] = useSubmit(async () => {
    const confirmed = await confirmDialog({
      content: t('optionsTrade.scheduled.cancelConfirm', {
        id: order.id,
        amount: formatMoneyText(order.amount, 'USDT'),
      }),
      confirmText: t('optionsTrade.scheduled.cancelOrder'),
      cancelText: t('optionsTrade.scheduled.keep'),
      danger: true,
    });
    if (!confirmed) return;
    const input = { orderId: order.id };
    await keys.send(`cancel:${order.id}`, (idempotencyKey) =>
      cancel.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('optionsTrade.scheduled.cancelled'), 'success');
  });
  const [toppingUp, doTopUp] = useSubmit(async () => {
    const check = checkStake(amount, { minAmount: '0', maxAmount: '0' });
    if (!check.ok) {
      showToast(t('optionsTrade.errors.amountInvalid'), 'fail');
      return;
    }
    const confirmed = await confirmDialog({
      content: t('optionsTrade.scheduled.topUpConfirm', {
        id: order.id,
        amount: formatMoneyText(check.amount, 'USDT'),
        stake: formatMoneyText(
          formatMoney(parseMoney(order.amount) + parseMoney(check.amount)),
          'USDT',
        ),
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const input = { orderId: order.id, amount: check.amount };
    await keys.send(JSON.stringify(input), (idempotencyKey) =>
      topUp.mutateAsync({ input, idempotencyKey }),
    );
    setOwnAmount('');
    showToast(t('optionsTrade.scheduled.toppedUp'), 'success');
  });
  return (
    <div className="option-item__actions">
      {topUpAmount === undefined ? (
        <Input
          className="option-item__amount num"
          inputMode="decimal"
          aria-label={t('optionsTrade.amount')}
          placeholder={t('optionsTrade.amount')}
          value={ownAmount}
          onChange={(v) => setOwnAmount(sanitizeAmountInput(v, STAKE_DECIMALS))}
        />
      ) : null}
      <Button size="mini" disabled={toppingUp} loading={cancelling} onClick={() => void doCancel()}>
        {t('optionsTrade.scheduled.cancel')}
      </Button>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        disabled={cancelling || suspended}
        loading={toppingUp}
        onClick={() => void doTopUp()}
      >
        {t('optionsTrade.scheduled.topUp', { amount: formatAmount(amount || '0', 'USDT') })}
      </Button>
    </div>
  );
}
