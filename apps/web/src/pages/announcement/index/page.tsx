import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnouncements } from '../../../features/content/api/content-queries';
import { contentDateFormat } from '../../../features/content/date';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

/** announcement/index: the platform's announcements, newest first, in the app's language. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const news = useAnnouncements();
  const language = currentLanguage();
  const dateFormat = useMemo(() => contentDateFormat(language), [language]);
  const list = news.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (news.data) {
    body =
      list.length === 0 ? (
        <EmptyData />
      ) : (
        <>
          <ul className="content-list">
            {list.map((item) => (
              <li key={item.id}>
                <Link className="content-item" to={`/pages/announcement/detail?id=${item.id}`}>
                  <span className="content-item__title" lang={item.lang}>
                    {item.title}
                  </span>
                  <time className="content-item__date">{dateFormat.format(item.publishedAt)}</time>
                </Link>
              </li>
            ))}
          </ul>
          <ListFooter
            fetchNextPage={news.fetchNextPage}
            hasMore={news.hasNextPage}
            failedText={t('content.loadFailed')}
          />
        </>
      );
  } else if (news.isError) {
    body = <ErrorView title={t('content.loadFailed')} onRetry={() => void news.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.announcements.title')} />
      {body}
    </div>
  );
}
