import { commonCalls, isCaptchaRequired } from '@tidemark/contract';
import Input from 'antd-mobile/es/components/input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, signedUrl } from '../../../api/client';
import type { CaptchaInput } from '../api/account-mutations';

interface CaptchaFieldProps {
  /** The timestamp the image was drawn for; a new one draws a new image. */
  challenge: string;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
}

/** The image code asked for after repeated failed logins; tap the image for a new one. */
export function CaptchaField({ challenge, onRefresh, value, onChange }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void signedUrl(commonCalls.getVerify.path, { timestamp: challenge }).then(
      (url) => current && setSrc(url),
    );
    return () => {
      current = false;
    };
  }, [challenge]);
  return (
    <div className="field captcha-field">
      <span className="field__label">{t('account.imageCode')}</span>
      <Input
        name="verifyCode"
        value={value}
        onChange={onChange}
        placeholder={t('account.imageCodePlaceholder')}
        maxLength={8}
        autoComplete="off"
      />
      <button
        type="button"
        className="captcha-image"
        onClick={onRefresh}
        aria-label={t('account.refreshImage')}
      >
        {src ? (
          <img src={src} alt={t('account.imageCode')} width={96} height={36} />
        ) : (
          <span className="captcha-image__blank" />
        )}
      </button>
    </div>
  );
}

/**
 * The image code of a form that the server may ask for (login, password reset, sending a code):
 * hidden until a refused request says `captchaRequired`, then sent with every attempt.
 */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [verifyCode, setVerifyCode] = useState('');
  const input: CaptchaInput = challenge
    ? { timestamp: challenge, verifyCode: verifyCode.trim() }
    : {};
  return {
    /** The request's captcha fields: none until the image is shown. */
    input,
    /** The field's props while the image is shown, else null. */
    field: challenge
      ? {
          challenge,
          onRefresh: () => setChallenge(String(Date.now())),
          value: verifyCode,
          onChange: setVerifyCode,
        }
      : null,
    /**
     * After a refused request: shows the image when the server asks for it, and replaces one
     * already shown, since each image answers one attempt.
     */
    refused(error: unknown) {
      if (error instanceof ApiError && (isCaptchaRequired(error.envelope.data) || challenge)) {
        setChallenge(String(Date.now()));
        setVerifyCode('');
      }
    },
    /** Hides the image again (its sheet closed, or the request it answered went through). */
    dismiss() {
      setChallenge(null);
      setVerifyCode('');
    },
  };
}
