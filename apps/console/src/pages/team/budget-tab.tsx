import { formatMoney, parseMoney, teamConsoleCalls } from '@tidemark/contract';
import { Alert, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../features/session/session-api';
import {
  useFundTeamBudget,
  useTeamBudget,
  type TeamBudgetView,
} from '../../features/team/team-api';
import { Amount } from '../../ui/amount';
import { FundAccountModal } from '../../ui/fund-account-modal';
import { formatAmount } from '../../ui/format';
import { QueryState } from '../../ui/query-state';

type Row = TeamBudgetView['rows'][number];

/** Moves a currency from the real treasury to the rebate budget: one audited ledger transfer. */
function FundModal({ currency, onClose }: { currency: string | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <FundAccountModal
      target={currency}
      texts={{
        title: t('console.team.fundTitle'),
        ok: t('console.team.fund'),
        hint: t('console.team.fundHint'),
        done: t('console.team.funded'),
      }}
      amountSchema={teamConsoleCalls.fundTeamBudget.input.shape.amount}
      currencyField={{ label: t('console.team.currency'), initial: currency ?? 'USDT' }}
      mutation={useFundTeamBudget()}
      input={(_target, values) => values}
      onClose={onClose}
    />
  );
}

/**
 * What the operator must act on, per currency: pending rebates beyond the balance (releases
 * wait), no headroom left (new rebates are not granted), and rebates already not granted in full.
 */
function BudgetAlerts({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const alerts = rows.flatMap((r) => {
    const headroom = parseMoney(r.headroom);
    const shown: { key: string; type: 'error' | 'warning'; text: string }[] = [];
    if (headroom < 0n)
      shown.push({
        key: `short-${r.currency}`,
        type: 'error',
        text: t('console.team.shortAlert', {
          currency: r.currency,
          amount: formatAmount(formatMoney(-headroom)),
        }),
      });
    else if (headroom === 0n && (parseMoney(r.balance) > 0n || r.uncoveredCount > 0))
      shown.push({
        key: `empty-${r.currency}`,
        type: 'warning',
        text: t('console.team.emptyAlert', { currency: r.currency }),
      });
    if (r.uncoveredCount > 0)
      shown.push({
        key: `uncovered-${r.currency}`,
        type: 'warning',
        text: t('console.team.uncoveredAlert', {
          currency: r.currency,
          count: r.uncoveredCount,
          amount: formatAmount(r.uncovered),
        }),
      });
    return shown;
  });
  if (alerts.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {alerts.map((a) => (
        <Alert key={a.key} type={a.type} showIcon message={a.text} data-testid={`team-${a.key}`} />
      ))}
    </Space>
  );
}

/** The rebate budget per currency against what is pending, and what waits for funding. */
export function BudgetTab() {
  const { t } = useTranslation();
  const can = useCan();
  const budget = useTeamBudget();
  const [funding, setFunding] = useState<string | null>(null);
  const mayFund = can(teamConsoleCalls.fundTeamBudget);
  const columns: TableColumnsType<Row> = [
    { title: t('console.team.currency'), dataIndex: 'currency' },
    {
      title: t('console.team.balance'),
      key: 'balance',
      align: 'end',
      render: (_, r) => <Amount value={r.balance} />,
    },
    {
      title: t('console.team.pending'),
      key: 'pending',
      align: 'end',
      render: (_, r) => <Amount value={r.pending} />,
    },
    {
      title: t('console.team.headroom'),
      key: 'headroom',
      align: 'end',
      render: (_, r) => <Amount value={r.headroom} signed />,
    },
    {
      title: t('console.team.waiting'),
      key: 'waiting',
      render: (_, r) =>
        r.waiting > 0 ? (
          <Tag color="error" data-testid={`team-waiting-${r.currency}`}>
            {t('console.team.waitingCount', { count: r.waiting })}
          </Tag>
        ) : (
          <Tag>{t('console.team.covered')}</Tag>
        ),
    },
    {
      title: t('console.team.uncovered'),
      key: 'uncovered',
      align: 'end',
      render: (_, r) => <Amount value={r.uncovered} />,
    },
    {
      title: t('console.team.payable'),
      key: 'payable',
      align: 'end',
      render: (_, r) => <Amount value={r.payable} />,
    },
    ...(mayFund
      ? [
          {
            title: '',
            key: 'fund',
            render: (_: unknown, r: Row) => (
              <Button size="small" type="primary" onClick={() => setFunding(r.currency)}>
                {t('console.team.fund')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {mayFund ? (
        <Button style={{ marginBottom: 12 }} onClick={() => setFunding('USDT')}>
          {t('console.team.fundOther')}
        </Button>
      ) : null}
      <QueryState query={budget}>
        {(data) => (
          <>
            <BudgetAlerts rows={data.rows} />
            <Table
              rowKey="currency"
              size="small"
              columns={columns}
              dataSource={data.rows}
              pagination={false}
              locale={{ emptyText: t('console.common.empty') }}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t('console.team.budgetHint')}
            </Typography.Paragraph>
          </>
        )}
      </QueryState>
      <FundModal currency={funding} onClose={() => setFunding(null)} />
    </>
  );
}
