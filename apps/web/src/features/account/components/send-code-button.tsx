import type { ErrorKey } from '@tidemark/contract';
import { isValidEmail, isValidPhone } from '@tidemark/contract/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast';
import { useSendCode } from '../api/account-mutations';

export type CodeTarget = { email: string } | { phone: string; areaCode: string };

/** What is wrong with the address before a code is sent to it, if anything. */
async function addressProblem(target: CodeTarget): Promise<ErrorKey | null> {
  if ('email' in target) {
    const email = target.email.trim();
    if (!email) return 'requiredItems';
    return isValidEmail(email) ? null : 'emailFormat';
  }
  const phone = target.phone.trim();
  if (!phone) return 'requiredItems';
  return (await isValidPhone(target.areaCode, phone)) ? null : 'phoneFormat';
}

/** Sends a verification code after checking the address; counts down until a resend is allowed. */
export function SendCodeButton({ target }: { target: CodeTarget }) {
  const { t } = useTranslation();
  const send = useSendCode();
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onSend = async () => {
    const problem = await addressProblem(target);
    if (problem) {
      showToast(t(`errors.${problem}`), 'fail');
      return;
    }
    const trimmed =
      'email' in target
        ? { email: target.email.trim() }
        : { phone: target.phone.trim(), areaCode: target.areaCode };
    send.mutate(trimmed, {
      onSuccess: (resendAfter) => {
        showToast(t('success.codeSent'), 'success');
        setSecondsLeft(resendAfter);
      },
    });
  };

  const counting = secondsLeft > 0;
  return (
    <button
      type="button"
      className="text-button send-code"
      disabled={counting || send.isPending}
      onClick={() => void onSend()}
    >
      {counting ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode')}
    </button>
  );
}
