import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyOrder } from '@tidemark/contract';
import { useSubmit } from '../../../api/use-submit';
import { ConfirmSheet, SheetFigure } from '../../../ui/confirm-sheet';
import { formatExactText, formatMoneyText } from '../../../ui/amount-format';
import { showToast } from '../../../ui/toast';
import { createKeyKeeper } from '../../assets/idempotency';
import { useRedeemMoneyOrder } from '../api/financial-mutations';
import { useMoneyOrder } from '../api/financial-queries';
import { percent } from '../financial-math';

const USDT = 'USDT';

/**
 * The early redemption's last look: the penalty and the actual principal as the server computes
 * them now (findUserMoneyOnly), and that the interest already paid stays paid.
 */
export function RedeemSheet({ order, onClose }: { order: MoneyOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const [keys] = useState(createKeyKeeper);
  const detail = useMoneyOrder(order.id);
  const redeem = useRedeemMoneyOrder();
  const [busy, submit] = useSubmit(async () => {
    await keys.send(
      `redeem:${order.id}`,
      (idempotencyKey) => redeem.mutateAsync({ input: { orderId: order.id }, idempotencyKey }),
      onClose,
    );
    showToast(t('financial.redeem.done'), 'success');
  });
  const d = detail.data;
  return (
    <ConfirmSheet
      className="fin-redeem-sheet"
      title={t('financial.redeem.title')}
      tone="sell"
      busy={busy || !d}
      confirmLabel={t('financial.redeem.confirm')}
      onConfirm={() => void submit()}
      onClose={onClose}
      rows={
        <>
          <SheetFigure label={t('financial.order.amount')} field="amount">
            {formatExactText(order.amount, USDT)}
          </SheetFigure>
          <SheetFigure
            label={t('financial.redeem.penalty', { rate: percent(order.penaltyRate) })}
            field="penalty"
          >
            {d?.redeemPenalty ? formatExactText(d.redeemPenalty, USDT) : '…'}
          </SheetFigure>
          <SheetFigure label={t('financial.redeem.principal')} field="principal">
            {d?.redeemPrincipal ? formatExactText(d.redeemPrincipal, USDT) : '…'}
          </SheetFigure>
          <SheetFigure label={t('financial.order.earned')} field="earned">
            {formatMoneyText(d?.profitEarned ?? order.profitEarned, USDT)}
          </SheetFigure>
        </>
      }
    >
      <p className="fin-note">{t('financial.redeem.note')}</p>
    </ConfirmSheet>
  );
}
