import type { ErrorKey } from '@tidemark/contract';
import { isValidEmail, isValidPhone } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../ui/sheet';
import { showToast } from '../../../ui/toast';
import { useSendCode } from '../api/account-mutations';
import { CaptchaField, useCaptcha } from './captcha-field';

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

/**
 * Sends a verification code after checking the address; counts down until a resend is allowed.
 * After several unused codes to one address the server asks for the image code: a sheet shows
 * it, and the code is sent once it is answered.
 */
export function SendCodeButton({ target }: { target: CodeTarget }) {
  const { t } = useTranslation();
  const send = useSendCode();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const captcha = useCaptcha();

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const sendNow = async () => {
    const problem = await addressProblem(target);
    if (problem) {
      showToast(t(`errors.${problem}`), 'fail');
      return;
    }
    const trimmed =
      'email' in target
        ? { email: target.email.trim() }
        : { phone: target.phone.trim(), areaCode: target.areaCode };
    send.mutate(
      { target: trimmed, captcha: captcha.input },
      {
        onSuccess: (resendAfter) => {
          captcha.dismiss();
          showToast(t('success.codeSent'), 'success');
          setSecondsLeft(resendAfter);
        },
        onError: captcha.refused,
      },
    );
  };

  const counting = secondsLeft > 0;
  return (
    <>
      <button
        type="button"
        className="text-button send-code"
        disabled={counting || send.isPending}
        onClick={() => void sendNow()}
      >
        {counting ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode')}
      </button>
      <Sheet
        open={captcha.field !== null}
        onClose={captcha.dismiss}
        bodyClassName="captcha-sheet"
        destroyOnClose
      >
        {captcha.field ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The sheet is portalled, but React bubbles its submit to the page's form.
              event.stopPropagation();
              if (captcha.field?.value.trim()) void sendNow();
            }}
          >
            <strong className="captcha-sheet__title">{t('account.imageCode')}</strong>
            <p className="captcha-sheet__hint">{t('account.captchaHintCode')}</p>
            <div className="form-card">
              <CaptchaField {...captcha.field} />
            </div>
            <Button
              block
              color="primary"
              type="submit"
              disabled={captcha.field.value.trim() === ''}
              loading={send.isPending}
            >
              {t('account.sendCode')}
            </Button>
          </form>
        ) : null}
      </Sheet>
    </>
  );
}
