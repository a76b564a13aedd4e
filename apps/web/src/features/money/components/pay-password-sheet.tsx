import { PAY_PASSWORD_LENGTH } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../ui/sheet';

interface PayPasswordSheetProps {
  open: boolean;
  /** What is about to happen, shown above the cells ("Withdraw 120 USDT"). */
  summary: string;
  busy: boolean;
  onConfirm: (payPassword: string) => void;
  onClose: () => void;
  /** Opens the page where the pay password is changed. */
  onForgot: () => void;
}

type SheetBodyProps = Omit<PayPasswordSheetProps, 'open' | 'onClose'>;

/** The sheet's content: mounted on every opening, so it starts empty and ready to type. */
function SheetBody({ summary, busy, onConfirm, onForgot }: SheetBodyProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const input = useRef<PasscodeInputRef>(null);

  useEffect(() => {
    const focus = setTimeout(() => input.current?.focus(), 300);
    return () => clearTimeout(focus);
  }, []);

  const confirm = (password: string) => {
    if (password.length === PAY_PASSWORD_LENGTH && !busy) onConfirm(password);
  };

  return (
    <>
      <strong className="pay-sheet__title">{t('withdraw.payPassword.title')}</strong>
      <p className="pay-sheet__summary">{summary}</p>
      <div className="pay-sheet__cells" dir="ltr">
        <PasscodeInput
          ref={input}
          length={PAY_PASSWORD_LENGTH}
          value={value}
          onChange={(typed) => setValue(typed.replace(/\D/g, ''))}
          onFill={confirm}
          inputMode="numeric"
          seperated
          aria-label={t('withdraw.payPassword.title')}
        />
      </div>
      <div className="pay-sheet__actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={value.length !== PAY_PASSWORD_LENGTH}
          onClick={() => confirm(value)}
        >
          {t('common.confirm')}
        </Button>
        <button type="button" className="text-button pay-sheet__forgot" onClick={onForgot}>
          {t('withdraw.payPassword.forgot')}
        </button>
      </div>
    </>
  );
}

/** Asks for the 6-digit pay password right before a withdrawal is sent; filling it confirms. */
export function PayPasswordSheet({ open, onClose, ...body }: PayPasswordSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} bodyClassName="pay-sheet" destroyOnClose>
      <SheetBody {...body} />
    </Sheet>
  );
}
