import {
  displayDecimal,
  formatMoney,
  sanitizeAmountInput,
  tryParseMoney,
  type LeveragePosition,
} from '@tidemark/contract';
import type { QueryKey } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../api/use-submit';
import { formatMoneyText } from '../../../ui/amount-format';
import { confirmDialog } from '../../../ui/dialog';
import { Sheet } from '../../../ui/sheet';
import { showToast } from '../../../ui/toast';
import { createKeyKeeper } from '../../assets/idempotency';
import { useAddMargin, useClosePosition, useUpdateTpSl } from '../api/leverage-mutations';
import { checkTpSl, liquidationAfterTopUp, liveFigures } from '../leverage-form';

interface PositionActionsProps {
  position: LeveragePosition;
  /** The symbol's last price: what closing now would return is estimated at it. */
  price?: string;
  pricePlaces: number;
  /** Reads of other features the same money shows in (the contract wallet). */
  related: readonly QueryKey[];
  /**
   * The coin's market is suspended (too few fresh price sources): closing waits for a valid
   * price, as the server would refuse it; margin and take-profit/stop-loss stay open.
   */
  suspended?: boolean;
}

type Open = 'margin' | 'tpsl' | null;

/**
 * Add margin, set or change take-profit and stop-loss, close: each through a sheet or a question
 * that states the figures first, each press with its own idempotency key (a lost answer keeps it,
 * so pressing again cannot apply twice).
 */
export function PositionActions({
  position,
  price,
  pricePlaces,
  related,
  suspended = false,
}: PositionActionsProps) {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const [sheet, setSheet] = useState<Open>(null);
  const [amount, setAmount] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const addMargin = useAddMargin(related);
  const updateTpSl = useUpdateTpSl(related);
  const closePosition = useClosePosition(related);
  const priceOf = (units: bigint | null) =>
    units === null ? '--' : displayDecimal(formatMoney(units), pricePlaces);
  const plain = (decimal: string | null) =>
    decimal === null ? '' : displayDecimal(decimal, pricePlaces).replace(/,/g, '');

  const [adding, doAdd] = useSubmit(async () => {
    const text = amount.trim();
    const units = tryParseMoney(text);
    if (units === null || units <= 0n) {
      showToast(t('lever.errors.amountInvalid'), 'fail');
      return;
    }
    const input = { positionId: position.id, amount: text };
    await keys.send(JSON.stringify(['margin', input]), (idempotencyKey) =>
      addMargin.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('lever.actions.marginAdded'), 'success');
    setSheet(null);
  });

  const [saving, doSave] = useSubmit(async () => {
    // Passed or not at the live price the page shows, not the position's last event's mark.
    const check = checkTpSl(position, takeProfit, stopLoss, price ?? position.markPrice);
    if (!check.ok) {
      showToast(t(`lever.errors.${check.error}`), 'fail');
      return;
    }
    const input = {
      positionId: position.id,
      takeProfit: check.takeProfit ?? '',
      stopLoss: check.stopLoss ?? '',
    };
    await keys.send(JSON.stringify(['tpsl', input]), (idempotencyKey) =>
      updateTpSl.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('lever.actions.tpSlSaved'), 'success');
    setSheet(null);
  });

  const [closing, doClose] = useSubmit(async () => {
    const live = liveFigures(position, price ?? position.markPrice ?? undefined);
    const confirmed = await confirmDialog({
      content: live
        ? t('lever.actions.closeConfirm', {
            price: priceOf(live.mark),
            payout: formatMoneyText(formatMoney(live.payout), 'USDT'),
          })
        : t('lever.actions.closeConfirmNoPrice'),
      confirmText: t('lever.actions.close'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    const input = { positionId: position.id };
    await keys.send(JSON.stringify(['close', input]), (idempotencyKey) =>
      closePosition.mutateAsync({ input, idempotencyKey }),
    );
    showToast(t('lever.actions.closed'), 'success');
  });

  const busy = adding || saving || closing;
  const after = liquidationAfterTopUp(position, amount);

  return (
    <div className="lever-item__actions">
      <Button
        size="mini"
        className="lever-action--margin"
        disabled={busy}
        onClick={() => {
          setAmount('');
          setSheet('margin');
        }}
      >
        {t('lever.actions.addMargin')}
      </Button>
      <Button
        size="mini"
        className="lever-action--tpsl"
        disabled={busy}
        onClick={() => {
          setTakeProfit(plain(position.takeProfit));
          setStopLoss(plain(position.stopLoss));
          setSheet('tpsl');
        }}
      >
        {t('lever.actions.tpSl')}
      </Button>
      <Button
        size="mini"
        color="danger"
        fill="outline"
        className="lever-action--close"
        loading={closing}
        disabled={busy || suspended}
        onClick={() => void doClose()}
      >
        {t('lever.actions.close')}
      </Button>

      <Sheet open={sheet === 'margin'} onClose={() => setSheet(null)} destroyOnClose>
        <div className="lever-sheet lever-margin-sheet">
          <strong className="lever-sheet__title">{t('lever.actions.addMargin')}</strong>
          <p className="muted">{t('lever.actions.addMarginHint')}</p>
          <Input
            className="lever-input"
            name="margin-amount"
            inputMode="decimal"
            value={amount}
            onChange={(typed) => setAmount(sanitizeAmountInput(typed, 8))}
            placeholder={t('lever.actions.amount')}
            aria-label={t('lever.actions.amount')}
          />
          <dl className="lever-figures">
            <dt>{t('lever.topUp')}</dt>
            <dd>
              <span className="num">{formatMoneyText(position.topUp, 'USDT')}</span>
            </dd>
            <dt>{t('lever.liquidationPrice')}</dt>
            <dd data-field="liquidation-now">
              <span className="num">
                {position.liquidationPrice === null
                  ? '--'
                  : displayDecimal(position.liquidationPrice, pricePlaces)}
              </span>
            </dd>
            <dt>{t('lever.actions.liquidationAfter')}</dt>
            <dd className="lever-figures__liq" data-field="liquidation-after">
              <span className="num">{priceOf(after)}</span>
            </dd>
          </dl>
          <Button
            block
            color="primary"
            className="lever-sheet__confirm"
            loading={adding}
            onClick={() => void doAdd()}
          >
            {t('lever.actions.addMargin')}
          </Button>
        </div>
      </Sheet>

      <Sheet open={sheet === 'tpsl'} onClose={() => setSheet(null)} destroyOnClose>
        <div className="lever-sheet lever-tpsl-sheet">
          <strong className="lever-sheet__title">{t('lever.actions.tpSl')}</strong>
          <p className="muted">
            {t(`lever.actions.tpSlHint.${position.direction}`, {
              entry: displayDecimal(position.entryPrice, pricePlaces),
            })}
          </p>
          <div className="lever-tpsl">
            <label>
              {t('lever.takeProfit')}
              <Input
                className="lever-input"
                name="take-profit"
                inputMode="decimal"
                value={takeProfit}
                onChange={(typed) => setTakeProfit(sanitizeAmountInput(typed, 8))}
                placeholder={t('lever.optional')}
              />
            </label>
            <label>
              {t('lever.stopLoss')}
              <Input
                className="lever-input"
                name="stop-loss"
                inputMode="decimal"
                value={stopLoss}
                onChange={(typed) => setStopLoss(sanitizeAmountInput(typed, 8))}
                placeholder={t('lever.optional')}
              />
            </label>
          </div>
          <p className="muted">{t('lever.actions.tpSlClear')}</p>
          <Button
            block
            color="primary"
            className="lever-sheet__confirm"
            loading={saving}
            onClick={() => void doSave()}
          >
            {t('lever.actions.save')}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}
