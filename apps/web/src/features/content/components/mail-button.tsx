import Badge from 'antd-mobile/es/components/badge';
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadMail } from '../api/content-queries';

/** The mailbox in the home header, with the number of unread mails (live). */
export function MailButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadMail().data ?? 0;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={unread > 0 ? t('mailbox.unread', { count: unread }) : t('mailbox.open')}
      onClick={() => navigate('/pages/siteMail/index')}
    >
      <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null}>
        <MailOutline />
      </Badge>
    </button>
  );
}
