import { REBATE_SOURCES, REBATE_STATES } from '@tidemark/contract';
import { Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratePercent } from '../../ui/format';
import { useTeamRebates, type TeamRebateRecord } from '../../features/team/team-api';
import { Amount } from '../../ui/amount';
import { formatAmount, formatTime, isZeroAmount } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';

const DEFAULTS = { tab: 'rebates', user: '', state: '', source: '', page: '1' } as const;
const PAGE_SIZE = 20;

/** The rebate ledger, newest first: every rebate with its source, rate, window and state. */
export function RebatesTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const userId = /^\d+$/.test(search.user) ? Number(search.user) : undefined;
  const rebates = useTeamRebates({
    userId,
    state: oneOf(REBATE_STATES, search.state, undefined),
    source: oneOf(REBATE_SOURCES, search.source, undefined),
    page,
    pageSize: PAGE_SIZE,
  });
  const columns: TableColumnsType<TeamRebateRecord> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.team.beneficiary'),
      key: 'user',
      render: (_, r) => <UserLink userId={r.userId} />,
    },
    {
      title: t('console.team.friend'),
      key: 'friend',
      render: (_, r) => (
        <>
          <UserLink userId={r.friendId} /> <Tag>{t(`console.team.level${r.level}`)}</Tag>
        </>
      ),
    },
    {
      title: t('console.team.source'),
      key: 'source',
      render: (_, r) => (
        <>
          {t(`console.team.sources.${r.source}`)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.sourceRef}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.team.base'),
      key: 'base',
      align: 'end',
      render: (_, r) => <Amount value={r.orderTotal} currency={r.currency} />,
    },
    { title: t('console.team.rate'), key: 'rate', render: (_, r) => ratePercent(r.rate) },
    {
      title: t('console.team.rebate'),
      key: 'rebate',
      align: 'end',
      render: (_, r) => (
        <>
          <Amount value={r.rebate} currency={r.currency} />
          {isZeroAmount(r.uncovered) ? null : (
            <>
              <br />
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('console.team.uncoveredPart', { amount: formatAmount(r.uncovered) })}
              </Typography.Text>
            </>
          )}
        </>
      ),
    },
    {
      title: t('console.common.status'),
      key: 'state',
      render: (_, r) =>
        r.waitingForBudget ? (
          <Tag color="error">{t('console.team.waitingBudget')}</Tag>
        ) : (
          <Tag
            color={
              r.state === 'released'
                ? 'success'
                : r.state === 'uncovered'
                  ? 'warning'
                  : 'processing'
            }
          >
            {t(`console.team.states.${r.state}`)}
          </Tag>
        ),
    },
    {
      title: t('console.team.times'),
      key: 'times',
      render: (_, r) => (
        <>
          {formatTime(r.createdAt)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.releasedAt !== null
              ? t('console.team.releasedAt', { time: formatTime(r.releasedAt) })
              : r.state === 'uncovered'
                ? null
                : t('console.team.dueAt', { time: formatTime(r.dueAt) })}
          </Typography.Text>
        </>
      ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('console.team.userIdFilter')}
          defaultValue={search.user}
          onSearch={(user) => setSearch({ user: user.trim(), page: '1' })}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('console.common.status')}
          value={search.state || undefined}
          onChange={(state?: string) => setSearch({ state: state ?? '', page: '1' })}
          options={REBATE_STATES.map((s) => ({ value: s, label: t(`console.team.states.${s}`) }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('console.team.source')}
          value={search.source || undefined}
          onChange={(source?: string) => setSearch({ source: source ?? '', page: '1' })}
          options={REBATE_SOURCES.map((s) => ({ value: s, label: t(`console.team.sources.${s}`) }))}
        />
      </Space>
      <PagedTable
        query={rebates}
        columns={columns}
        page={page}
        pageSize={PAGE_SIZE}
        emptyText={t('console.team.noRebates')}
        onPageChange={(next) => setSearch({ page: String(next) })}
        size="small"
        scroll={{ x: true }}
      />
    </>
  );
}
