import type { AccountMode, LeverageDirection, LeverageTerms } from '@tidemark/contract';
import { formatMoney } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useOpenPosition } from '../../../features/leverage/api/leverage-mutations';
import type { PendingPosition } from '../../../features/leverage/components/lever-confirm-sheet';
import { previewPosition, type LeverageFormInput } from '../../../features/leverage/leverage-form';
import { showToast } from '../../../ui/toast';

/** A position moves the contract wallet: the assets tab is stale too. */
export const RELATED_KEYS = [assetsKeys.all] as const;

export interface OpenContext extends Omit<LeverageFormInput, 'terms'> {
  symbol: string;
  terms: LeverageTerms | undefined;
  pricePlaces: number;
  mode: AccountMode | undefined;
}

export interface OpenAction {
  busy: boolean;
  pending: PendingPosition | null;
  /** The form's checks (the contract's rules), then the sheet with every figure. */
  review: (direction: LeverageDirection) => void;
  confirm: () => Promise<void>;
  cancel: () => void;
}

/**
 * The open button: the form checked with the contract's rules, a sheet with exactly what the
 * position costs and where it is liquidated, then the call with one idempotency key per
 * confirmation (a lost answer keeps its key, so confirming again cannot open twice).
 */
export function useOpenPositionAction(context: OpenContext, onOpened: () => void): OpenAction {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [pending, setPending] = useState<PendingPosition | null>(null);
  const open = useOpenPosition(RELATED_KEYS);

  const review = (direction: LeverageDirection) => {
    const { terms } = context;
    if (!terms) return;
    const result = previewPosition({ ...context, direction, terms });
    if (!result.ok) {
      showToast(t(`lever.errors.${result.error}`), 'fail');
      return;
    }
    setPending({
      symbol: context.symbol,
      direction,
      preview: result.preview,
      pricePlaces: context.pricePlaces,
      openFeeRate: terms.openFeeRate,
      closeFeeRate: terms.closeFeeRate,
      maintenanceRate: terms.maintenanceRate,
      protection: terms.negativeBalanceProtection,
    });
  };

  const [busy, send] = useSubmit(async () => {
    if (!pending) return;
    const { preview } = pending;
    const input = {
      symbol: pending.symbol,
      direction: pending.direction,
      lots: preview.lots,
      multiple: preview.multiple,
      takeProfit: preview.takeProfit === null ? '' : formatMoney(preview.takeProfit),
      stopLoss: preview.stopLoss === null ? '' : formatMoney(preview.stopLoss),
    };
    await keys.send(
      JSON.stringify([context.mode, input]),
      (idempotencyKey) => open.mutateAsync({ input, idempotencyKey }),
      () => setPending(null),
    );
    showToast(t('lever.trade.opened'), 'success');
    onOpened();
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
