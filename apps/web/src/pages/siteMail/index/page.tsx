import { markdownText } from '@tidemark/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMails } from '../../../features/content/api/content-queries';
import { contentDateFormat } from '../../../features/content/date';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

/** siteMail/index: the trader's mailbox, newest first; unread mails are marked. */
export default function SiteMailPage() {
  const { t } = useTranslation();
  const mails = useMails();
  const language = currentLanguage();
  const dateFormat = useMemo(() => contentDateFormat(language), [language]);
  const list = mails.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (mails.data) {
    body =
      list.length === 0 ? (
        <EmptyData text={t('content.mail.empty')} />
      ) : (
        <>
          <ul className="content-list">
            {list.map((mail) => (
              <li key={mail.id}>
                <Link
                  className={`content-item${mail.read ? '' : ' content-item--unread'}`}
                  to={`/pages/siteMail/detail?id=${mail.id}`}
                >
                  <span className="content-item__title">
                    {mail.read ? null : (
                      <span className="content-dot" aria-label={t('content.mail.unread')} />
                    )}
                    {mail.title}
                  </span>
                  <span className="content-item__excerpt">{markdownText(mail.body)}</span>
                  <time className="content-item__date">{dateFormat.format(mail.at)}</time>
                </Link>
              </li>
            ))}
          </ul>
          <ListFooter
            fetchNextPage={mails.fetchNextPage}
            hasMore={mails.hasNextPage}
            failedText={t('content.loadFailed')}
          />
        </>
      );
  } else if (mails.isError) {
    body = <ErrorView title={t('content.loadFailed')} onRetry={() => void mails.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.mail.title')} />
      {body}
    </div>
  );
}
