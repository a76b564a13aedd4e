import { isCaptchaRequired, type ErrorKey } from '@tidemark/contract';
import { isValidEmail, isValidPhone } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Sheet } from '../../../ui/sheet';
import { showToast } from '../../../ui/toast';
import { useSendCode, type CaptchaAnswer } from '../api/account-mutations';
import { CaptchaField } from './captcha-field';

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
  const [challenge, setChallenge] = useState<string | null>(null);
  const [imageCode, setImageCode] = useState('');

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const sendNow = async (captcha?: CaptchaAnswer) => {
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
      { target: trimmed, captcha },
      {
        onSuccess: (resendAfter) => {
          setChallenge(null);
          showToast(t('success.codeSent'), 'success');
          setSecondsLeft(resendAfter);
        },
        onError: (error) => {
          // Each image answers one attempt: a refused send with an image shows a new one.
          if (error instanceof ApiError && (isCaptchaRequired(error.envelope.data) || captcha)) {
            setChallenge(String(Date.now()));
            setImageCode('');
          }
        },
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
        open={challenge !== null}
        onClose={() => setChallenge(null)}
        bodyClassName="captcha-sheet"
        destroyOnClose
      >
        {challenge ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The sheet is portalled, but React bubbles its submit to the page's form.
              event.stopPropagation();
              if (imageCode.trim())
                void sendNow({ timestamp: challenge, verifyCode: imageCode.trim() });
            }}
          >
            <strong className="captcha-sheet__title">{t('account.imageCode')}</strong>
            <p className="captcha-sheet__hint">{t('account.captchaHintCode')}</p>
            <div className="form-card">
              <CaptchaField
                challenge={challenge}
                onRefresh={() => setChallenge(String(Date.now()))}
                value={imageCode}
                onChange={setImageCode}
              />
            </div>
            <Button
              block
              color="primary"
              type="submit"
              disabled={imageCode.trim() === ''}
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
