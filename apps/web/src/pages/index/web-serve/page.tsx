import { useTranslation } from 'react-i18next';
import { useServiceLink } from '../../../features/support/api/support-queries';
import { ChatPanel } from '../../../features/support/components/chat-panel';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/support/support.css';

/**
 * pages/index/webServe: the online customer service URL of the configuration (SPEC.md section 7),
 * offered when the server found it answering 200. It opens in its own tab: the app's content
 * security policy lets nothing from another site into its pages. The built-in chat stays below.
 */
export default function WebServePage() {
  const { t } = useTranslation();
  const link = useServiceLink();
  const url = link.data?.externalUrl ?? null;
  return (
    <div className="service-page">
      <PageHeader title={t('support.title')} />
      {link.isPending ? (
        <LoadingView />
      ) : (
        <>
          {url ? (
            <div className="service-page__desk service-page__desk--external">
              <p id="web-serve-hint">{t('supportDesk.newTabHint')}</p>
              <a
                className="chat-link"
                href={url}
                target="_blank"
                rel="noreferrer noopener"
                aria-describedby="web-serve-hint"
              >
                {t('support.external')} · {t('support.newTab')}
              </a>
            </div>
          ) : null}
          <ChatPanel />
        </>
      )}
    </div>
  );
}
