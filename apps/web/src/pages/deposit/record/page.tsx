import Tabs from 'antd-mobile/es/components/tabs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useDepositRecords, useWithdrawalRecords } from '../../../features/money/api/money-queries';
import {
  DepositRecordItem,
  WithdrawalRecordItem,
} from '../../../features/money/components/record-items';
import { MONEY_ROUTES, withQuery } from '../../../features/money/routes';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/money/money.css';

type Tab = 'deposit' | 'withdrawal';

interface Paged<R> {
  data: { pages: { list: R[] }[] } | undefined;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/** A paged list: loading, failed, empty, or the rows with more loading as it scrolls. */
function PagedList<R>({ query, render }: { query: Paged<R>; render: (rows: R[]) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isError && !query.data) {
    return <ErrorView title={t('errors.networkError')} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <LoadingView />;
  const rows = query.data.pages.flatMap((p) => p.list);
  if (rows.length === 0) return <EmptyData />;
  return (
    <>
      {render(rows)}
      <ListFooter
        fetchNextPage={query.fetchNextPage}
        hasMore={query.hasNextPage}
        failedText={t('errors.networkError')}
      />
    </>
  );
}

/** deposit/record: the user's deposits and withdrawals, each tab paged, with state and reason. */
export default function MoneyRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The tab lives in the link, so the withdrawal page can open its own records directly.
  const tab: Tab = params.get('tab') === 'withdrawal' ? 'withdrawal' : 'deposit';
  const deposits = useDepositRecords(tab === 'deposit');
  const withdrawals = useWithdrawalRecords(tab === 'withdrawal');
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);

  return (
    <div>
      <div className="change-log__top">
        <PageHeader title={t('deposit.record.title')} fallback={MONEY_ROUTES.deposit} />
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'withdrawal' ? { tab: key } : {}, { replace: true })}
          className="change-filters"
        >
          <Tabs.Tab key="deposit" title={t('deposit.record.deposits')} />
          <Tabs.Tab key="withdrawal" title={t('deposit.record.withdrawals')} />
        </Tabs>
      </div>
      <div className="change-log" data-tab={tab}>
        {tab === 'deposit' ? (
          <PagedList
            query={deposits}
            render={(rows) => (
              <ul className="record-list">
                {rows.map((record) => (
                  <DepositRecordItem key={record.id} record={record} dateFormat={dateFormat} />
                ))}
              </ul>
            )}
          />
        ) : (
          <PagedList
            query={withdrawals}
            render={(rows) => (
              <ul className="record-list">
                {rows.map((record) => (
                  <WithdrawalRecordItem
                    key={record.id}
                    record={record}
                    dateFormat={dateFormat}
                    onOpen={(id) => navigate(withQuery(MONEY_ROUTES.withdrawalDetails, { id }))}
                  />
                ))}
              </ul>
            )}
          />
        )}
      </div>
    </div>
  );
}
