import { ACCOUNT_CHANGE_FILTERS } from '@tidemark/contract';
import Tabs from 'antd-mobile/es/components/tabs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { useAccountChanges } from '../../../features/assets/api/assets-queries';
import { AccountChangeItem } from '../../../features/assets/components/account-change-item';
import { BookChip } from '../../../features/assets/components/book-chip';
import { recordDateFormat } from '../../../features/assets/date-format';
import { parseFilter } from '../../../features/assets/wallets';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/** The account-change log of the current book, by filter, newest first, loading as it scrolls. */
export default function AccountChangesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The filter lives in the link, so a shortcut can open "other" or "deposit" directly.
  const filter = parseFilter(params.get('type'));
  const user = useUserInfo();
  const mode = user.data?.mode;
  const changes = useAccountChanges(mode, filter);
  const entries = changes.data?.pages.flatMap((p) => p.list) ?? [];
  // useTranslation renders again after a language switch, and the formatter follows.
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);

  let body;
  if (changes.data) {
    body =
      entries.length === 0 ? (
        <EmptyData />
      ) : (
        <>
          <ul className="change-list">
            {entries.map((entry) => (
              <AccountChangeItem key={entry.id} entry={entry} dateFormat={dateFormat} />
            ))}
          </ul>
          <ListFooter
            fetchNextPage={changes.fetchNextPage}
            hasMore={changes.hasNextPage}
            failedText={t('assets.log.loadFailed')}
          />
        </>
      );
  } else if (changes.isError) {
    body = <ErrorView title={t('assets.log.loadFailed')} onRetry={() => void changes.refetch()} />;
  } else {
    body = <LoadingView />;
  }

  return (
    <div>
      {/* Header and filters stick together, whatever height the header has. */}
      <div className="change-log__top">
        <PageHeader
          title={t('assets.log.title')}
          fallback="/pages/assets/index"
          right={mode ? <BookChip mode={mode} /> : null}
        />
        <Tabs
          activeKey={filter}
          onChange={(key) => {
            const next = parseFilter(key);
            setParams(next === 'all' ? {} : { type: next }, { replace: true });
          }}
          className="change-filters"
        >
          {ACCOUNT_CHANGE_FILTERS.map((f) => (
            <Tabs.Tab key={f} title={t(`assets.log.filters.${f}`)} />
          ))}
        </Tabs>
      </div>
      <div className="change-log" data-filter={filter}>
        {body}
      </div>
    </div>
  );
}
