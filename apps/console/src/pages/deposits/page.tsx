import { consoleCalls, DEPOSIT_STATES } from '@tidemark/contract';
import { Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useApproveDeposit,
  useDeposits,
  useRejectDeposit,
} from '../../features/deposits/deposits-api';
import {
  ApproveButton,
  DecisionCell,
  RejectButton,
  useConfirmApproval,
} from '../../features/review/decision';
import { ReviewQueue, useRecordColumns } from '../../features/review/review-queue';
import { useCan } from '../../features/session/session-api';
import { SecureImage } from '../../ui/secure-image';
import { Amount } from '../../ui/amount';
import { formatAmount, formatTime } from '../../ui/format';
import { MonoText } from '../../ui/mono-text';
import { notifySuccess } from '../../ui/notify';
import { ReasonModal, useReasonDialog } from '../../ui/reason-modal';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import type { DepositRecord, DepositStatus } from '../../api/types';

const DEFAULTS = { status: 'pending', page: '1' } as const;
/** The review order: what waits, what was credited, what was refused. */
const TABS: readonly DepositStatus[] = ['pending', 'success', 'rejected'];
const PAGE_SIZE = 20;

/** Deposit review: pending requests first; approve credits the trader through the ledger. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = oneOf(DEPOSIT_STATES, search.status, 'pending');
  const page = positiveInt(search.page, 1);
  const deposits = useDeposits({ status, page, pageSize: PAGE_SIZE });
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const confirm = useConfirmApproval();
  const rejection = useReasonDialog<DepositRecord>({
    pending: reject.isPending,
    submit: ({ id }, reason, onSuccess) => reject.mutate({ id, reason }, { onSuccess }),
    onDone: ({ id }) => notifySuccess(t('console.deposits.rejected', { id })),
  });
  const mayDecide = can(consoleCalls.approveDeposit);
  const recordColumns = useRecordColumns<DepositRecord>();

  const confirmApprove = (deposit: DepositRecord) =>
    confirm(
      {
        title: t('console.deposits.approveTitle', { id: deposit.id }),
        content: t('console.deposits.approveText', {
          amount: formatAmount(deposit.amount),
          currency: deposit.currency,
          user: `#${deposit.userId} ${deposit.userAccount}`,
        }),
        okText: t('console.deposits.approve'),
      },
      () =>
        approve
          .mutateAsync({ id: deposit.id })
          .then(() => notifySuccess(t('console.deposits.approved', { id: deposit.id }))),
    );

  const columns: TableColumnsType<DepositRecord> = [
    ...recordColumns,
    {
      title: t('console.common.amount'),
      key: 'amount',
      render: (_, d) => (
        <>
          <Amount value={d.amount} currency={d.currency} />
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.chain}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.deposits.txHash'),
      key: 'txHash',
      render: (_, d) => <MonoText text={d.txHash} keep={6} />,
    },
    {
      title: t('console.deposits.platformAddress'),
      key: 'address',
      render: (_, d) => <MonoText text={d.address} keep={5} />,
    },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      width: 120,
      render: (_, d) => formatTime(d.createdAt),
    },
    {
      title: t('console.deposits.screenshot'),
      key: 'image',
      render: (_, d) => (
        <SecureImage uploadId={d.imageUploadId} alt={t('console.deposits.screenshot')} />
      ),
    },
    status === 'pending'
      ? {
          title: t('console.common.actions'),
          key: 'actions',
          render: (_, d) =>
            mayDecide ? (
              <Space orientation="vertical" size={6}>
                <ApproveButton onClick={() => confirmApprove(d)}>
                  {t('console.deposits.approve')}
                </ApproveButton>
                <RejectButton onClick={() => rejection.ask(d)} />
              </Space>
            ) : null,
        }
      : {
          title: t('console.common.decision'),
          key: 'decision',
          render: (_, d) => (
            <DecisionCell group="deposit" status={d.status} at={d.reviewedAt} reason={d.reason} />
          ),
        },
  ];

  return (
    <>
      <ReviewQueue<DepositRecord, DepositStatus>
        statuses={TABS}
        status={status}
        statusLabel={(s) => t(`console.deposits.tabs.${s}`)}
        onSearch={setSearch}
        query={deposits}
        columns={columns}
        emptyText={t(`console.deposits.empty.${status}`)}
        page={page}
        pageSize={PAGE_SIZE}
      />
      <ReasonModal
        {...rejection.dialog}
        title={t('console.deposits.rejectTitle', { id: rejection.target?.id ?? '' })}
        description={t('console.deposits.rejectText')}
        okText={t('console.common.reject')}
      />
    </>
  );
}
