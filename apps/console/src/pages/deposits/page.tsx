import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { consoleCalls, DEPOSIT_STATES } from '@tidemark/contract';
import { App, Button, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useApproveDeposit,
  useDeposits,
  useRejectDeposit,
} from '../../features/deposits/deposits-api';
import { useCan } from '../../features/session/session-api';
import { SecureImage } from '../../ui/secure-image';
import { Amount } from '../../ui/amount';
import { formatAmount, formatTime } from '../../ui/format';
import { MonoText } from '../../ui/mono-text';
import { notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';
import { ReasonModal } from '../../ui/reason-modal';
import { StatusTag } from '../../ui/status-tag';
import { UserLink } from '../../ui/user-link';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { DepositRecord, DepositStatus } from '../../api/types';

const DEFAULTS = { status: 'pending', page: '1' } as const;
/** The review order: what waits, what was credited, what was refused. */
const TABS: readonly DepositStatus[] = ['pending', 'success', 'rejected'];
const PAGE_SIZE = 20;

/** Deposit review: pending requests first; approve credits the trader through the ledger. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const status = (DEPOSIT_STATES as readonly string[]).includes(search.status)
    ? (search.status as DepositStatus)
    : 'pending';
  const page = positiveInt(search.page, 1);
  const deposits = useDeposits({ status, page, pageSize: PAGE_SIZE });
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const [rejecting, setRejecting] = useState<DepositRecord | null>(null);
  const mayDecide = can(consoleCalls.approveDeposit);

  const confirmApprove = (deposit: DepositRecord) =>
    modal.confirm({
      title: t('console.deposits.approveTitle', { id: deposit.id }),
      content: t('console.deposits.approveText', {
        amount: formatAmount(deposit.amount),
        currency: deposit.currency,
        user: `#${deposit.userId} ${deposit.userAccount}`,
      }),
      okText: t('console.deposits.approve'),
      cancelText: t('console.common.cancel'),
      onOk: () =>
        approve
          .mutateAsync(deposit.id)
          .then(() => notifySuccess(t('console.deposits.approved', { id: deposit.id }))),
    });

  const columns: TableColumnsType<DepositRecord> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.common.user'),
      key: 'user',
      render: (_, d) => <UserLink userId={d.userId} account={d.userAccount} />,
    },
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
                <Button
                  type="primary"
                  size="small"
                  block
                  icon={<CheckOutlined />}
                  data-testid="approve"
                  onClick={() => confirmApprove(d)}
                >
                  {t('console.deposits.approve')}
                </Button>
                <Button
                  danger
                  size="small"
                  block
                  icon={<CloseOutlined />}
                  data-testid="reject"
                  onClick={() => setRejecting(d)}
                >
                  {t('console.common.reject')}
                </Button>
              </Space>
            ) : null,
        }
      : {
          title: t('console.common.decision'),
          key: 'decision',
          render: (_, d) => (
            <Space orientation="vertical" size={2}>
              <StatusTag group="deposit" status={d.status} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(d.reviewedAt)}
              </Typography.Text>
              {d.reason ? <Typography.Text>{d.reason}</Typography.Text> : null}
            </Space>
          ),
        },
  ];

  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(key) => setSearch({ status: key })}
        items={TABS.map((s) => ({
          key: s,
          label: t(`console.deposits.tabs.${s}`),
        }))}
      />
      <QueryError error={deposits.error} retry={deposits.refetch} />
      <Table<DepositRecord>
        rowKey="id"
        columns={columns}
        dataSource={deposits.data?.list}
        loading={deposits.isFetching}
        locale={{ emptyText: t(`console.deposits.empty.${status}`) }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: deposits.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('console.deposits.rejectTitle', { id: rejecting?.id ?? '' })}
        description={t('console.deposits.rejectText')}
        okText={t('console.common.reject')}
        pending={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          const id = rejecting.id;
          reject.mutate(
            { id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                notifySuccess(t('console.deposits.rejected', { id }));
              },
            },
          );
        }}
      />
    </>
  );
}
