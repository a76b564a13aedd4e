import type { AccountMode, OptionDirection, OptionOrder, OptionPeriod } from '@tidemark/contract';
import { tryParseMoney } from '@tidemark/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { usePlaceOption } from '../../../features/options/api/options-mutations';
import type { PendingOption } from '../../../features/options/components/option-confirm-sheet';
import { checkStake, stakeFigures } from '../../../features/options/option-math';
import { formatAmount } from '../../../ui/amount-format';
import { showToast } from '../../../ui/toast';

/** An option moves the contract wallet: the assets tab is stale too. */
export const RELATED_KEYS = [assetsKeys.all] as const;

interface BuyContext {
  symbol: string;
  period: OptionPeriod | undefined;
  amount: string;
  scheduled: boolean;
  mode: AccountMode | undefined;
}

export interface BuyAction {
  busy: boolean;
  pending: PendingOption | null;
  /** "Buy long" / "Buy short": the stake's checks, then the sheet. */
  review: (direction: OptionDirection) => void;
  confirm: () => Promise<void>;
  cancel: () => void;
}

/**
 * The buy buttons: the stake against the period's bounds, a sheet with exactly what happens, then
 * the order with one idempotency key per confirmation (a lost answer keeps its key, so confirming
 * again cannot buy twice). `onPlaced` gets the order the server accepted.
 */
export function useBuyOption(
  context: BuyContext,
  onPlaced: (order: OptionOrder) => void,
): BuyAction {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [pending, setPending] = useState<
    (PendingOption & { periodId: number; amount: string }) | null
  >(null);
  const place = usePlaceOption(RELATED_KEYS);

  const review = (direction: OptionDirection) => {
    const { period } = context;
    if (!period) return;
    const check = checkStake(context.amount, period);
    if (!check.ok) {
      showToast(
        t(`optionsTrade.errors.${check.error}`, {
          min: formatAmount(period.minAmount, 'USDT'),
          max: formatAmount(period.maxAmount, 'USDT'),
        }),
        'fail',
      );
      return;
    }
    setPending({
      symbol: context.symbol,
      direction,
      seconds: period.seconds,
      returnRate: period.returnRate,
      lossRate: period.lossRate,
      scheduled: context.scheduled,
      figures: stakeFigures(
        check.stake,
        tryParseMoney(period.returnRate) ?? 0n,
        tryParseMoney(period.lossRate) ?? 0n,
      ),
      periodId: period.id,
      amount: check.amount,
    });
  };

  const [busy, send] = useSubmit(async () => {
    if (!pending) return;
    const input = {
      symbol: pending.symbol,
      direction: pending.direction,
      amount: pending.amount,
      periodId: pending.periodId,
    };
    const placed = await keys.send(
      JSON.stringify([context.mode, pending.scheduled, input]),
      (idempotencyKey) =>
        place.mutateAsync({ input, idempotencyKey, scheduled: pending.scheduled }),
      () => setPending(null),
    );
    showToast(
      t(placed.status === 'scheduled' ? 'optionsTrade.scheduled.placed' : 'optionsTrade.placed'),
      'success',
    );
    onPlaced(placed);
  });

  return {
    busy,
    pending,
    review,
    confirm: send,
    cancel: () => {
      if (!busy) setPending(null);
    },
  };
}
