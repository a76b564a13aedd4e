import Collapse from 'antd-mobile/es/components/collapse';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHelpQuestions } from '../../../features/content/api/content-queries';
import { Markdown } from '../../../features/content/components/markdown';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/content/content.css';

/** index/helpCenter: the platform's questions and answers, searchable, in the app's language. */
export default function HelpCenterPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const questions = useHelpQuestions(keyword);

  let body;
  if (questions.data) {
    body =
      questions.data.length === 0 ? (
        <EmptyData text={t('content.help.noMatch')} />
      ) : (
        <Collapse accordion className="help-list">
          {questions.data.map((q) => (
            <Collapse.Panel key={String(q.id)} title={<span lang={q.lang}>{q.question}</span>}>
              <Markdown text={q.answer} />
            </Collapse.Panel>
          ))}
        </Collapse>
      );
  } else if (questions.isError) {
    body = <ErrorView title={t('content.loadFailed')} onRetry={() => void questions.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="content-page">
      <PageHeader title={t('content.help.title')} />
      <div className="help-search">
        <SearchBar
          placeholder={t('content.help.search')}
          value={typed}
          onChange={setTyped}
          maxLength={100}
          aria-label={t('content.help.search')}
        />
      </div>
      {body}
    </div>
  );
}
