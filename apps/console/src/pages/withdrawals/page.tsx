import { ArrowRightOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { consoleCalls, WITHDRAWAL_OPEN_STATES, WITHDRAWAL_STEPS } from '@tidemark/contract';
import { Button, Space, Steps, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../features/session/session-api';
import { AdvanceModal } from '../../features/withdrawals/advance-modal';
import {
  nextStep,
  useAdvanceWithdrawal,
  useFailWithdrawal,
  useRejectWithdrawal,
  useWithdrawals,
} from '../../features/withdrawals/withdrawals-api';
import { Amount } from '../../ui/amount';
import { formatAmount, formatTime } from '../../ui/format';
import { MonoText } from '../../ui/mono-text';
import { notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';
import { ReasonModal } from '../../ui/reason-modal';
import { StatusTag } from '../../ui/status-tag';
import { UserLink } from '../../ui/user-link';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { WithdrawalRecord, WithdrawalStatus } from '../../api/types';

const DEFAULTS = { status: 'application', page: '1' } as const;
const PAGE_SIZE = 20;
/** The happy path, for the steps view of a row. */
const PIPELINE: readonly WithdrawalStatus[] = [...WITHDRAWAL_OPEN_STATES, 'completed'];

type Ending = { kind: 'reject' | 'fail'; withdrawal: WithdrawalRecord };

function PipelineSteps({ withdrawal }: { withdrawal: WithdrawalRecord }) {
  const { t } = useTranslation();
  const reached = PIPELINE.indexOf(withdrawal.status);
  const ended = reached < 0;
  return (
    <Steps
      size="small"
      current={ended ? PIPELINE.length - 1 : reached}
      status={ended ? 'error' : withdrawal.status === 'completed' ? 'finish' : 'process'}
      items={PIPELINE.map((step, index) => ({
        title:
          ended && index === PIPELINE.length - 1
            ? t(`console.status.withdrawal.${withdrawal.status}`)
            : t(`console.status.withdrawal.${step}`),
      }))}
    />
  );
}

/** Withdrawal pipeline: each open withdrawal moves on one step at a time, or ends with a reason. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = (WITHDRAWAL_STEPS as readonly string[]).includes(search.status)
    ? (search.status as WithdrawalStatus)
    : 'application';
  const page = positiveInt(search.page, 1);
  const withdrawals = useWithdrawals({ status, page, pageSize: PAGE_SIZE });
  const advance = useAdvanceWithdrawal();
  const reject = useRejectWithdrawal();
  const fail = useFailWithdrawal();
  const [advancing, setAdvancing] = useState<WithdrawalRecord | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const open = (WITHDRAWAL_OPEN_STATES as readonly string[]).includes(status);
  const mayAct = can(consoleCalls.advanceWithdrawal);

  const columns: TableColumnsType<WithdrawalRecord> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, w) => <UserLink userId={w.userId} account={w.userAccount} />,
    },
    {
      title: t('console.common.amount'),
      key: 'amount',
      render: (_, w) => (
        <>
          <Amount value={w.amount} currency={w.currency} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('console.withdrawals.feeValue', { fee: formatAmount(w.fee) })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.withdrawals.address'),
      key: 'address',
      render: (_, w) => (
        <>
          <Typography.Text>{w.chain}</Typography.Text>
          <br />
          <MonoText text={w.address} keep={8} />
        </>
      ),
    },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      width: 120,
      render: (_, w) => formatTime(w.createdAt),
    },
    open
      ? {
          title: t('console.common.actions'),
          key: 'actions',
          render: (_, w) => {
            const next = nextStep(w.status);
            if (!mayAct || !next) return null;
            return (
              <Space orientation="vertical" size={6}>
                <Button
                  type="primary"
                  size="small"
                  block
                  icon={<ArrowRightOutlined />}
                  data-testid="advance"
                  onClick={() => setAdvancing(w)}
                >
                  {t(`console.status.withdrawal.${next}`)}
                </Button>
                <Button
                  danger
                  size="small"
                  block
                  icon={<CloseOutlined />}
                  data-testid="reject"
                  onClick={() => setEnding({ kind: 'reject', withdrawal: w })}
                >
                  {t('console.common.reject')}
                </Button>
                <Button
                  size="small"
                  block
                  icon={<StopOutlined />}
                  data-testid="fail"
                  onClick={() => setEnding({ kind: 'fail', withdrawal: w })}
                >
                  {t('console.withdrawals.authFailed')}
                </Button>
              </Space>
            );
          },
        }
      : {
          title: t('console.common.decision'),
          key: 'decision',
          render: (_, w) => (
            <Space orientation="vertical" size={2}>
              <StatusTag group="withdrawal" status={w.status} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(w.finishedAt ?? w.updatedAt)}
              </Typography.Text>
              {w.reason ? <Typography.Text>{w.reason}</Typography.Text> : null}
              {w.txHash ? <MonoText text={w.txHash} /> : null}
            </Space>
          ),
        },
  ];

  const endingTitle = ending
    ? t(
        ending.kind === 'reject'
          ? 'console.withdrawals.rejectTitle'
          : 'console.withdrawals.failTitle',
        { id: ending.withdrawal.id },
      )
    : '';
  const nextOfAdvancing = advancing ? nextStep(advancing.status) : null;

  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(key) => setSearch({ status: key })}
        items={WITHDRAWAL_STEPS.map((s) => ({
          key: s,
          label: t(`console.status.withdrawal.${s}`),
        }))}
      />
      <QueryError error={withdrawals.error} retry={withdrawals.refetch} />
      <Table<WithdrawalRecord>
        rowKey="id"
        columns={columns}
        dataSource={withdrawals.data?.list}
        loading={withdrawals.isFetching}
        locale={{ emptyText: t('console.withdrawals.empty') }}
        expandable={{
          expandedRowRender: (w) => (
            <div style={{ maxWidth: 720, padding: '8px 0' }}>
              <PipelineSteps withdrawal={w} />
            </div>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: withdrawals.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
      <AdvanceModal
        withdrawal={advancing}
        next={nextOfAdvancing}
        pending={advance.isPending}
        onCancel={() => setAdvancing(null)}
        onSubmit={(txHash) => {
          if (!advancing || !nextOfAdvancing) return;
          const { id } = advancing;
          const step = t(`console.status.withdrawal.${nextOfAdvancing}`);
          advance.mutate(
            { id, txHash },
            {
              onSuccess: () => {
                setAdvancing(null);
                notifySuccess(t('console.withdrawals.advanced', { id, step }));
              },
            },
          );
        }}
      />
      <ReasonModal
        open={ending !== null}
        title={endingTitle}
        description={t(
          ending?.kind === 'fail'
            ? 'console.withdrawals.failText'
            : 'console.withdrawals.rejectText',
        )}
        okText={t(
          ending?.kind === 'fail' ? 'console.withdrawals.authFailed' : 'console.common.reject',
        )}
        pending={reject.isPending || fail.isPending}
        onCancel={() => setEnding(null)}
        onSubmit={(reason) => {
          if (!ending) return;
          const { id } = ending.withdrawal;
          const mutation = ending.kind === 'reject' ? reject : fail;
          mutation.mutate(
            { id, reason },
            {
              onSuccess: () => {
                setEnding(null);
                notifySuccess(
                  t(
                    ending.kind === 'reject'
                      ? 'console.withdrawals.rejected'
                      : 'console.withdrawals.failed',
                    { id },
                  ),
                );
              },
            },
          );
        }}
      />
    </>
  );
}
