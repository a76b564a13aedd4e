import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServiceLink } from '../../../features/support/api/support-queries';
import { ChatPanel } from '../../../features/support/components/chat-panel';
import { PageHeader } from '../../../ui/page-header';

/**
 * pages/index/service: the built-in chat with the support team (visitors too, from the login
 * page). When an external service desk is configured and answering, it is offered above.
 */
export default function ServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useServiceLink().data?.externalUrl ?? null;
  return (
    <div className="service-page">
      <PageHeader title={t('support.title')} />
      {link ? (
        <div className="service-page__desk">
          <span>{t('support.externalHint')}</span>
          <button
            type="button"
            className="chat-link"
            onClick={() => navigate('/pages/index/webServe')}
          >
            {t('support.external')}
          </button>
        </div>
      ) : null}
      <ChatPanel />
    </div>
  );
}
