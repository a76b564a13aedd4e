import { DEMO_FUNDING, groupThousands } from '@tidemark/contract/rules';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** In place of the order form for visitors: log in (and come back here) or register. */
export function VisitorPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = { from: location.pathname + location.search };
  return (
    <section className="spot-visitor">
      <strong className="spot-visitor__title">{t('spot.visitor.title')}</strong>
      <span className="muted">
        {t('spot.visitor.text', {
          amount: groupThousands(DEMO_FUNDING.amount),
          currency: DEMO_FUNDING.currency,
        })}
      </span>
      <Button
        block
        color="primary"
        size="small"
        onClick={() => navigate('/pages/login/login', { state: here })}
      >
        {t('login.submit')}
      </Button>
      <Button
        block
        color="primary"
        fill="outline"
        size="small"
        onClick={() => navigate('/pages/login/register', { state: here })}
      >
        {t('register.submit')}
      </Button>
    </section>
  );
}
