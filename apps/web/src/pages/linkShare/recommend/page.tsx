import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useDirectFriends, useReferralRecords } from '../../../features/team/api/team-queries';
import { TEAM_ROUTES } from '../../../features/team/paths';
import { recordTime } from '../../../features/team/record-time';
import { formatMoneyText } from '../../../ui/amount-format';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { ListFooter } from '../../../ui/list-footer';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import '../../../features/team/team.css';

type Tab = 'records' | 'friends';

function Records({ dateFormat }: { dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const records = useReferralRecords();
  if (records.isError && !records.data)
    return <ErrorView title={t('errors.networkError')} onRetry={() => void records.refetch()} />;
  if (!records.data) return <LoadingView />;
  const list = records.data.pages.flatMap((p) => p.list);
  if (list.length === 0) return <EmptyData text={t('team.noRecords')} />;
  return (
    <section className="team-list">
      <ul className="team-items" data-testid="referral-records">
        {list.map((r) => (
          <li key={r.id} className="team-item" data-state={r.state}>
            <span className="team-item__main" dir="ltr">
              {r.friend}
            </span>
            <span className="team-item__amount">+{formatMoneyText(r.rebate, r.currency)}</span>
            <span>
              {t(`team.source.${r.source}`)} · {t('team.levelN', { level: r.level })} ·{' '}
              {t('team.orderTotal', { amount: formatMoneyText(r.orderTotal, r.currency) })}
            </span>
            <span className="team-item__state" data-state={r.state}>
              {t(`team.state.${r.state}`)}
            </span>
            <span>{dateFormat.format(r.createdAt)}</span>
            <span className="team-item__state" data-waiting={r.waitingForBudget || undefined}>
              {recordTime(r, t, dateFormat)}
            </span>
            {/[1-9]/.test(r.uncovered) ? (
              <span className="team-item__uncovered" data-testid="rebate-uncovered">
                {t('team.uncoveredPart', { amount: formatMoneyText(r.uncovered, r.currency) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ListFooter
        fetchNextPage={records.fetchNextPage}
        hasMore={records.hasNextPage}
        failedText={t('errors.networkError')}
      />
    </section>
  );
}

function Friends({ dateFormat }: { dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const friends = useDirectFriends();
  if (friends.isError && !friends.data)
    return <ErrorView title={t('errors.networkError')} onRetry={() => void friends.refetch()} />;
  if (!friends.data) return <LoadingView />;
  const list = friends.data.pages.flatMap((p) => p.list);
  if (list.length === 0) return <EmptyData text={t('team.noFriends')} />;
  return (
    <section className="team-list">
      <ul className="team-items" data-testid="direct-friends">
        {list.map((f) => (
          <li key={f.id} className="team-item">
            <span className="team-item__main" dir="ltr">
              {f.account}
            </span>
            <span className="team-item__state">{t('team.levelN', { level: 1 })}</span>
            <span>{t('team.joined', { time: dateFormat.format(f.joinedAt) })}</span>
          </li>
        ))}
      </ul>
      <ListFooter
        fetchNextPage={friends.fetchNextPage}
        hasMore={friends.hasNextPage}
        failedText={t('errors.networkError')}
      />
    </section>
  );
}

/** linkShare/recommend: the paged referral records and the direct friends. */
export default function RecommendPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('records');
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  return (
    <div className="team-page">
      <PageHeader title={t('team.recordsTitle')} fallback={TEAM_ROUTES.index} />
      <div className="team-tabs" role="tablist">
        {(['records', 'friends'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`choice-chip${tab === key ? ' choice-chip--active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`team.tab.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'records' ? (
        <Records dateFormat={dateFormat} />
      ) : (
        <Friends dateFormat={dateFormat} />
      )}
    </div>
  );
}
