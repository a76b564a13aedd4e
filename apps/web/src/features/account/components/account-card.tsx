import type { UserInfo } from '@tidemark/contract';
import Button from 'antd-mobile/es/components/button';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModeSwitch } from './mode-switch';

export function Avatar({ name }: { name: string }) {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar" aria-hidden="true">
      {letter}
    </span>
  );
}

/** Who is logged in, which book they use (demo or real), and the way to their settings. */
export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="account-card">
      <button
        type="button"
        className="account-card__who"
        onClick={() => navigate('/pages/setting/index')}
      >
        <Avatar name={user.nickname} />
        <span className="account-card__names">
          <strong className="clip-own-dir" dir="auto">
            {user.nickname}
          </strong>
          <span className="muted">UID {user.id}</span>
        </span>
        <span className={`tier-chip tier-chip--${user.memberTier}`}>
          {t(`account.tiers.${user.memberTier}`)}
        </span>
        <RightOutline className="flip-rtl muted" />
      </button>
      <div className="account-card__mode">
        <span className="muted">
          {t(user.mode === 'demo' ? 'account.demoHint' : 'account.realHint')}
        </span>
        <ModeSwitch mode={user.mode} />
      </div>
    </section>
  );
}

export function VisitorCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="account-card account-card--visitor">
      <strong className="account-card__headline">{t('home.visitorTitle')}</strong>
      <span className="muted">{t('home.visitorText')}</span>
      <div className="account-card__actions">
        <Button color="primary" size="small" onClick={() => navigate('/pages/login/login')}>
          {t('home.logIn')}
        </Button>
        <Button
          color="primary"
          fill="outline"
          size="small"
          onClick={() => navigate('/pages/login/register')}
        >
          {t('home.signUp')}
        </Button>
      </div>
    </section>
  );
}
