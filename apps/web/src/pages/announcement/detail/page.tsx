import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAnnouncement } from '../../../features/content/api/content-queries';
import { Markdown } from '../../../features/content/components/markdown';
import { contentDateFormat } from '../../../features/content/date';
import { ItemErrorView } from '../../../ui/item-error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

/** announcement/detail?id=: one announcement in the app's language (English where it has none). */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const item = useAnnouncement(id);
  const language = currentLanguage();
  const dateFormat = useMemo(() => contentDateFormat(language), [language]);

  let body;
  if (id === null || item.isError) {
    body = (
      <ItemErrorView
        notFound={t('content.announcements.notFound')}
        error={item.error}
        onRetry={id !== null ? () => void item.refetch() : undefined}
      />
    );
  } else if (item.data) {
    body = (
      <article className="content-article" lang={item.data.lang}>
        <h2 className="content-article__title">{item.data.title}</h2>
        <time className="content-article__date">{dateFormat.format(item.data.publishedAt)}</time>
        <Markdown text={item.data.body} />
      </article>
    );
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.announcements.title')} fallback="/pages/announcement/index" />
      {body}
    </div>
  );
}
