import Button from 'antd-mobile/es/components/button';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../ui/brand-mark';

// Only what exists today: leverage, earn and loans join the list when they are built.
const POINTS = [
  'welcome.pointMarkets',
  'welcome.pointOptions',
  'welcome.pointFunds',
  'welcome.pointDemo',
  'welcome.pointSafety',
] as const;

/** The visitor's welcome: what Tidemark is, then log in, register or look around first. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="welcome-page">
      <div className="auth-page__bar">
        <span />
        <button
          type="button"
          className="icon-button"
          aria-label={t('settings.language')}
          onClick={() => navigate('/pages/setting/language')}
        >
          <GlobalOutline />
        </button>
      </div>
      <div className="welcome-page__hero">
        <BrandMark size={64} />
        <h1>{t('welcome.title')}</h1>
        <p>{t('welcome.subtitle')}</p>
      </div>
      <ul className="welcome-page__points">
        {POINTS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <div className="form-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/pages/login/login')}>
          {t('login.submit')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          onClick={() => navigate('/pages/login/register')}
        >
          {t('register.submit')}
        </Button>
        <Button block fill="none" onClick={() => navigate('/')}>
          {t('welcome.browse')}
        </Button>
      </div>
    </div>
  );
}
