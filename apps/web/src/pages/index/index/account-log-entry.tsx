import { BillOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteExists } from '../../../ui/route-registry';

const ACCOUNT_LOG_PATH = '/pages/index/list';

/** The way to the account-change log (SPEC.md section 2, home); shown once that page exists. */
export function AccountLogEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exists = useRouteExists();
  if (!exists(ACCOUNT_LOG_PATH)) return null;
  return (
    <button type="button" className="entry-row" onClick={() => navigate(ACCOUNT_LOG_PATH)}>
      <span className="entry-row__icon">
        <BillOutline />
      </span>
      <span className="entry-row__text">
        <strong>{t('market.accountLog.title')}</strong>
        <span className="muted">{t('market.accountLog.text')}</span>
      </span>
      <RightOutline className="flip-rtl muted" />
    </button>
  );
}
