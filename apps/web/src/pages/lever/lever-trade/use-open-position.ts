import type { AccountMode, LeverageDirection, LeverageTerms } from '@tidemark/contract';
import { formatMoney } from '@tidemark/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { useOpenPosition } from '../../../features/leverage/api/leverage-mutations';
import type { PendingPosition } from '../../../features/leverage/components/lever-confirm-sheet';
import {
  FORM_ERROR_PARAMS,
  previewPosition,
  type LeverageFormInput,
} from '../../../features/leverage/leverage-form';
import { showToast } from '../../../ui/toast';

/** A position moves the contract wallet: the assets tab is stale too. */
export const RELATED_KEYS = [assetsKeys.all] as const;

export interface OpenContext extends Omit<LeverageFormInput, 'terms'> {
  symbol: string;
  terms: LeverageTerms | undefined;
  pricePlaces: number;
  mode: AccountMode | undefined;
  /** Reads the terms again from the server: the fresh ones, or undefined when that failed. */
  refreshTerms: () => Promise<LeverageTerms | undefined>;
  /** Reads the tier's multiples again (an operator may have lowered them). */
  refreshMultiples: () => Promise<unknown>;
}

export interface OpenAction {
  busy: boolean;
  pending: PendingPosition | null;
  /** The form's checks (the contract's rules), then the sheet with every figure. */
  review: (direction: LeverageDirection) => Promise<void>;
  confirm: () => Promise<void>;
  cancel: () => void;
}

/** The sheet's position and the version of the terms its figures were computed with. */
interface Pending {
  position: PendingPosition;
  termsVersion: string;
}

/**
 * The open button: the terms read again, the form checked with the contract's rules, a sheet with
 * exactly what the position costs and where it is liquidated, then the call with the version of
 * the terms the sheet showed (the server refuses it when they changed since: the sheet then shows
 * the new ones) and one idempotency key per confirmation (a lost answer keeps its key, so
 * confirming again cannot open twice).
 */
export function useOpenPositionAction(context: OpenContext, onOpened: () => void): OpenAction {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const open = useOpenPosition(RELATED_KEYS);

  /** The sheet for `terms`, or the form's first refusal as a toast. */
  const show = (direction: LeverageDirection, terms: LeverageTerms) => {
    const result = previewPosition({ ...context, direction, terms });
    if (!result.ok) {
      showToast(t(`lever.errors.${result.error}`, FORM_ERROR_PARAMS), 'fail');
      return;
    }
    setPending({
      termsVersion: terms.termsVersion,
      position: {
        symbol: context.symbol,
        direction,
        preview: result.preview,
        pricePlaces: context.pricePlaces,
        openFeeRate: terms.openFeeRate,
        closeFeeRate: terms.closeFeeRate,
        maintenanceRate: terms.maintenanceRate,
        protection: terms.negativeBalanceProtection,
      },
    });
  };

  const review = async (direction: LeverageDirection) => {
    if (!context.terms || reviewing) return;
    setReviewing(true);
    try {
      // The cached terms may be a minute old: the sheet states the ones the server has now.
      const terms = (await context.refreshTerms()) ?? context.terms;
      show(direction, terms);
    } finally {
      setReviewing(false);
    }
  };

  const [busy, send] = useSubmit(async () => {
    if (!pending) return;
    const { position, termsVersion } = pending;
    const { preview } = position;
    const input = {
      symbol: position.symbol,
      direction: position.direction,
      lots: preview.lots,
      multiple: preview.multiple,
      takeProfit: preview.takeProfit === null ? '' : formatMoney(preview.takeProfit),
      stopLoss: preview.stopLoss === null ? '' : formatMoney(preview.stopLoss),
      termsVersion,
    };
    try {
      await keys.send(
        JSON.stringify([context.mode, input]),
        (idempotencyKey) => open.mutateAsync({ input, idempotencyKey }),
        () => setPending(null),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'leverageTermsChanged') {
        // The refusal was shown; the sheet comes back with the terms that apply now.
        const terms = await context.refreshTerms();
        if (terms) show(position.direction, terms);
      } else if (error instanceof ApiError && error.code === 'leverageMultiple') {
        await context.refreshMultiples();
      }
      throw error;
    }
    showToast(t('lever.trade.opened'), 'success');
    onOpened();
  });

  return {
    busy: busy || reviewing,
    pending: pending?.position ?? null,
    review,
    confirm: send,
    cancel: () => {
      if (!busy) setPending(null);
    },
  };
}
