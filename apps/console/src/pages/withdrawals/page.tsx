import { ArrowRightOutlined, StopOutlined } from '@ant-design/icons';
import { consoleCalls, WITHDRAWAL_OPEN_STATES, WITHDRAWAL_STEPS } from '@tidemark/contract';
import { Button, Space, Steps, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionCell, RejectButton } from '../../features/review/decision';
import { ReviewQueue, useRecordColumns } from '../../features/review/review-queue';
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
import { ReasonModal, useReasonDialog } from '../../ui/reason-modal';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
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
  const status = oneOf(WITHDRAWAL_STEPS, search.status, 'application');
  const page = positiveInt(search.page, 1);
  const withdrawals = useWithdrawals({ status, page, pageSize: PAGE_SIZE });
  const advance = useAdvanceWithdrawal();
  const reject = useRejectWithdrawal();
  const fail = useFailWithdrawal();
  const [advancing, setAdvancing] = useState<WithdrawalRecord | null>(null);
  const ending = useReasonDialog<Ending>({
    pending: reject.isPending || fail.isPending,
    submit: ({ kind, withdrawal }, reason, onSuccess) =>
      (kind === 'reject' ? reject : fail).mutate({ id: withdrawal.id, reason }, { onSuccess }),
    onDone: ({ kind, withdrawal: { id } }) =>
      notifySuccess(
        t(kind === 'reject' ? 'console.withdrawals.rejected' : 'console.withdrawals.failed', {
          id,
        }),
      ),
  });
  const open = (WITHDRAWAL_OPEN_STATES as readonly string[]).includes(status);
  const mayAct = can(consoleCalls.advanceWithdrawal);
  const recordColumns = useRecordColumns<WithdrawalRecord>();

  const columns: TableColumnsType<WithdrawalRecord> = [
    ...recordColumns,
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
                <RejectButton onClick={() => ending.ask({ kind: 'reject', withdrawal: w })} />
                <Button
                  size="small"
                  block
                  icon={<StopOutlined />}
                  data-testid="fail"
                  onClick={() => ending.ask({ kind: 'fail', withdrawal: w })}
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
            <DecisionCell
              group="withdrawal"
              status={w.status}
              at={w.finishedAt ?? w.updatedAt}
              reason={w.reason}
            >
              {w.txHash ? <MonoText text={w.txHash} /> : null}
            </DecisionCell>
          ),
        },
  ];

  const toEnd = ending.target;
  const endingTitle = toEnd
    ? t(
        toEnd.kind === 'reject'
          ? 'console.withdrawals.rejectTitle'
          : 'console.withdrawals.failTitle',
        { id: toEnd.withdrawal.id },
      )
    : '';
  const nextOfAdvancing = advancing ? nextStep(advancing.status) : null;

  return (
    <>
      <ReviewQueue<WithdrawalRecord, WithdrawalStatus>
        statuses={WITHDRAWAL_STEPS}
        status={status}
        statusLabel={(s) => t(`console.status.withdrawal.${s}`)}
        onSearch={setSearch}
        query={withdrawals}
        columns={columns}
        emptyText={t('console.withdrawals.empty')}
        page={page}
        pageSize={PAGE_SIZE}
        expandable={{
          expandedRowRender: (w) => (
            <div style={{ maxWidth: 720, padding: '8px 0' }}>
              <PipelineSteps withdrawal={w} />
            </div>
          ),
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
        {...ending.dialog}
        title={endingTitle}
        description={t(
          toEnd?.kind === 'fail'
            ? 'console.withdrawals.failText'
            : 'console.withdrawals.rejectText',
        )}
        okText={t(
          toEnd?.kind === 'fail' ? 'console.withdrawals.authFailed' : 'console.common.reject',
        )}
      />
    </>
  );
}
