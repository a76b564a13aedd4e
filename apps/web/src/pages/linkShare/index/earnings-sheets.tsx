import { formatMoney, parseMoney, type BoundWallet } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, envelopeMessage } from '../../../api/client';
import { useSubmit } from '../../../api/use-submit';
import { finishAmount } from '../../../features/assets/amounts';
import { assetsKeys } from '../../../features/assets/api/assets-queries';
import { createKeyKeeper } from '../../../features/assets/idempotency';
import { PayPasswordSheet } from '../../../features/money/components/pay-password-sheet';
import { FIX_ROUTES } from '../../../features/money/withdraw-checks';
import { fits, overAvailable } from '../../../features/team/earnings-checks';
import {
  useTransferEarnings,
  useWithdrawEarnings,
} from '../../../features/team/api/team-mutations';
import { useBoundWallets } from '../../../features/wallet/api/wallet-queries';
import { WALLET_ROUTES } from '../../../features/wallet/routes';
import { AmountField } from '../../../ui/amount-field';
import { formatMoneyText } from '../../../ui/amount-format';
import { Sheet } from '../../../ui/sheet';
import { showToast } from '../../../ui/toast';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  currency: string;
  /** Released and not yet moved out. */
  available: string;
}

/**
 * Under the amount: what is available, always, and when the amount is more than that, says so,
 * so a greyed-out Confirm is never left unexplained.
 */
function AvailableLine({
  amount,
  available,
  currency,
}: {
  amount: string;
  available: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const text = formatMoneyText(available, currency);
  return (
    <>
      <p className="team-sheet__available" data-testid="team-sheet-available">
        {t('team.availableShort', { amount: text })}
      </p>
      {overAvailable(amount, available) ? (
        <p className="team-sheet__error" role="alert" data-testid="team-over-available">
          {t('team.overAvailable', { amount: text })}
        </p>
      ) : null}
    </>
  );
}

/** "Transfer to currency account": an amount (or all) of the released earnings. */
export function TransferSheet({ open, onClose, currency, available }: SheetProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [keys] = useState(createKeyKeeper);
  const transfer = useTransferEarnings([assetsKeys.all]);
  const [busy, send] = useSubmit(async () => {
    const input = { amount: finishAmount(amount), currency };
    await keys.send(JSON.stringify(input), (idempotencyKey) =>
      transfer.mutateAsync({ input, idempotencyKey }),
    );
    setAmount('');
    showToast(t('success.operation'), 'success');
    onClose();
  });
  return (
    <Sheet open={open} onClose={onClose} destroyOnClose>
      <div className="team-sheet">
        <h2>{t('team.transferTitle')}</h2>
        <p className="team-note">{t('team.transferNote')}</p>
        <AmountField
          label={t('team.amount')}
          value={amount}
          onChange={setAmount}
          decimals={8}
          placeholder={t('team.availableShort', { amount: formatMoneyText(available, currency) })}
          currency={currency}
        >
          <button
            type="button"
            className="text-button"
            onClick={() => setAmount(formatMoney(parseMoney(available)))}
          >
            {t('team.all')}
          </button>
        </AmountField>
        <AvailableLine amount={amount} available={available} currency={currency} />
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={!fits(amount, available)}
          onClick={() => void send()}
        >
          {t('team.transferConfirm')}
        </Button>
      </div>
    </Sheet>
  );
}

/**
 * "Withdraw": to one of the trader's bound addresses of the currency, through the normal
 * withdrawal (fee, minimum, verification, pay password, review); amount and fee come from the
 * earnings.
 */
export function WithdrawSheet({ open, onClose, currency, available }: SheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallets = useBoundWallets();
  const mine = (wallets.data ?? []).filter((w) => w.currency === currency);
  const [chosen, setChosen] = useState<BoundWallet | null>(null);
  const wallet = chosen ?? mine[0] ?? null;
  const [amount, setAmount] = useState('');
  const [asking, setAsking] = useState(false);
  const [keys] = useState(createKeyKeeper);
  const typed = useRef('');
  const withdraw = useWithdrawEarnings([assetsKeys.all]);

  const [busy, send] = useSubmit(async () => {
    if (!wallet) return;
    const input = { walletId: wallet.id, amount: finishAmount(amount) };
    const idempotencyKey = keys.keyFor(JSON.stringify(input));
    const payPassword = typed.current;
    typed.current = '';
    try {
      await withdraw.mutateAsync({ input: { ...input, payPassword }, idempotencyKey });
    } catch (error) {
      if (error instanceof ApiError) {
        keys.settle();
        setAsking(false);
        showToast(envelopeMessage(error.envelope), 'fail');
      }
      throw error;
    }
    keys.settle();
    setAsking(false);
    setAmount('');
    showToast(t('success.submittedForReview'), 'success');
    onClose();
  });

  return (
    <>
      <Sheet open={open && !asking} onClose={onClose} destroyOnClose>
        <div className="team-sheet">
          <h2>{t('team.withdrawTitle')}</h2>
          <p className="team-note">{t('team.withdrawNote')}</p>
          {mine.length === 0 ? (
            <>
              <p className="team-note">{t('errors.walletNotBound')}</p>
              <Button color="primary" onClick={() => navigate(WALLET_ROUTES.list)}>
                {t('team.bindAddress')}
              </Button>
            </>
          ) : (
            <ul className="team-wallets" role="radiogroup" aria-label={t('team.address')}>
              {mine.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    role="radio"
                    aria-checked={w.id === wallet?.id}
                    onClick={() => setChosen(w)}
                  >
                    {w.chain} · <bdi className="mono">{w.address}</bdi>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <AmountField
            label={t('team.amount')}
            value={amount}
            onChange={setAmount}
            decimals={8}
            placeholder={t('team.availableShort', { amount: formatMoneyText(available, currency) })}
            currency={currency}
          />
          <AvailableLine amount={amount} available={available} currency={currency} />
          <Button
            block
            color="primary"
            size="large"
            disabled={!wallet || !fits(amount, available)}
            onClick={() => setAsking(true)}
          >
            {t('team.withdrawConfirm')}
          </Button>
        </div>
      </Sheet>
      <PayPasswordSheet
        open={asking}
        summary={t('team.withdrawSummary', {
          amount: formatMoneyText(finishAmount(amount || '0'), currency),
        })}
        busy={busy}
        onConfirm={(password) => {
          typed.current = password;
          void send();
        }}
        onClose={() => setAsking(false)}
        onForgot={() => navigate(FIX_ROUTES.payPassword)}
      />
    </>
  );
}
