import { CloseOutline, GlobalOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../ui/brand-mark';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Where the close button goes; home by default. */
  closeTo?: string;
}

/** The frame of login, register and reset: close, language, brand, title. */
export function AuthLayout({ title, subtitle, children, closeTo = '/' }: AuthLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <div className="auth-page__bar">
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          onClick={() => navigate(closeTo)}
        >
          <CloseOutline />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('settings.language')}
          onClick={() => navigate('/pages/setting/language')}
        >
          <GlobalOutline />
        </button>
      </div>
      <div className="auth-page__brand">
        <BrandMark size={40} />
      </div>
      <h1 className="auth-page__title">{title}</h1>
      {subtitle ? <p className="auth-page__subtitle">{subtitle}</p> : null}
      {children}
    </div>
  );
}
