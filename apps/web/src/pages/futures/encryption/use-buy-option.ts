import type { AccountMode, OptionDirection, OptionOrder, OptionPeriod } from '@tidemark/contract';
import { tryParseMoney } from '@tidemark/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { optionsKeys } from '../../../features/options/api/options-keys';
import { usePlaceOption } from '../../../features/options/api/options-mutations';
import { periodsQuery } from '../../../features/options/api/options-queries';
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
  /** "Buy long" / "Buy short": the period's rates read afresh, the stake's checks, then the sheet. */
  review: (direction: OptionDirection) => Promise<void>;
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
  const queryClient = useQueryClient();

  /** The period as the server has it now (an operator may have changed its rates since). */
  const freshPeriod = async (period: OptionPeriod): Promise<OptionPeriod> => {
    try {
      const { list } = await queryClient.fetchQuery({
        ...periodsQuery(context.symbol),
        staleTime: 0,
      });
      return list.find((p) => p.id === period.id) ?? period;
    } catch {
      // Unreachable now: the rates shown are checked by the server when the order is placed.
      return period;
    }
  };

  const review = async (direction: OptionDirection) => {
    if (!context.period) return;
    const period = await freshPeriod(context.period);
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
    // The rates the sheet stated: should an operator have changed them since, the order is
    // refused rather than placed under rates the trader did not see.
    const input = {
      symbol: pending.symbol,
      direction: pending.direction,
      amount: pending.amount,
      periodId: pending.periodId,
      returnRate: pending.returnRate,
      lossRate: pending.lossRate,
    };
    let placed: OptionOrder;
    try {
      placed = await keys.send(
        JSON.stringify([context.mode, pending.scheduled, input]),
        (idempotencyKey) =>
          place.mutateAsync({ input, idempotencyKey, scheduled: pending.scheduled }),
        () => setPending(null),
      );
    } catch (error) {
      // The refusal is shown and the sheet closed: the period then shows its new rates.
      if (error instanceof ApiError && error.code === 'optionTermsChanged')
        void queryClient.invalidateQueries({ queryKey: optionsKeys.periods(pending.symbol) });
      throw error;
    }
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
