import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMail } from '../../../features/content/api/content-queries';
import { Markdown } from '../../../features/content/components/markdown';
import { contentDateFormat } from '../../../features/content/date';
import { ItemErrorView } from '../../../ui/item-error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

function idParam(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** siteMail/detail?id=: one mail, marked read by opening it. */
export default function SiteMailDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const mail = useMail(id);
  const language = currentLanguage();
  const dateFormat = useMemo(() => contentDateFormat(language), [language]);

  let body;
  if (id === null || mail.isError) {
    body = (
      <ItemErrorView
        notFound={t('content.mail.notFound')}
        error={mail.error}
        onRetry={id !== null ? () => void mail.refetch() : undefined}
      />
    );
  } else if (mail.data) {
    body = (
      <article className="content-article">
        <h2 className="content-article__title">{mail.data.title}</h2>
        <time className="content-article__date">{dateFormat.format(mail.data.at)}</time>
        <Markdown text={mail.data.body} />
      </article>
    );
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.mail.title')} fallback="/pages/siteMail/index" />
      {body}
    </div>
  );
}
