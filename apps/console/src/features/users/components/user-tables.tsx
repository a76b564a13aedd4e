import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../ui/amount';
import { formatTime } from '../../../ui/format';
import { MonoText } from '../../../ui/mono-text';
import { SecureImage } from '../../../ui/secure-image';
import { StatusTag } from '../../../ui/status-tag';
import type { BoundWallet, DepositAddress, KycRecord, UserSpotOrder } from '../../../api/types';

export function KycTable({
  submissions,
  onOpen,
}: {
  submissions: readonly KycRecord[];
  onOpen(submission: KycRecord): void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<KycRecord> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.kyc.kind'),
      key: 'kind',
      render: (_, s) => t(`console.kyc.kinds.${s.kind}`),
    },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, s) => <StatusTag group="kyc" status={s.status} />,
    },
    { title: t('console.kyc.realName'), key: 'realName', render: (_, s) => s.realName ?? '-' },
    { title: t('console.common.reason'), key: 'reason', render: (_, s) => s.reason ?? '-' },
    {
      title: t('console.kyc.submittedAt'),
      key: 'createdAt',
      render: (_, s) => formatTime(s.createdAt),
    },
    {
      title: t('console.common.actions'),
      key: 'open',
      render: (_, s) => (
        <Button size="small" onClick={() => onOpen(s)}>
          {t('console.kyc.review')}
        </Button>
      ),
    },
  ];
  return (
    <Table<KycRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={submissions}
      pagination={false}
      locale={{ emptyText: t('console.users.noKyc') }}
    />
  );
}

export function WalletsTable({
  wallets,
  showImages,
}: {
  wallets: readonly BoundWallet[];
  /** Whether the operator's role may view uploads. */
  showImages: boolean;
}) {
  const { t } = useTranslation();
  const screenshotColumn: TableColumnsType<BoundWallet>[number] = {
    title: t('console.users.screenshot'),
    key: 'image',
    render: (_, w) =>
      w.imageUploadId ? (
        <SecureImage
          uploadId={w.imageUploadId}
          alt={t('console.users.screenshot')}
          width={64}
          height={44}
        />
      ) : (
        '-'
      ),
  };
  const columns: TableColumnsType<BoundWallet> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    { title: t('console.common.currency'), dataIndex: 'currency' },
    { title: t('console.common.chain'), dataIndex: 'chain' },
    {
      title: t('console.users.address'),
      key: 'address',
      render: (_, w) => <MonoText text={w.address} keep={10} />,
    },
    ...(showImages ? [screenshotColumn] : []),
    {
      title: t('console.users.boundAt'),
      key: 'createdAt',
      render: (_, w) => formatTime(w.createdAt),
    },
    {
      title: t('console.common.status'),
      key: 'deleted',
      render: (_, w) =>
        w.deletedAt ? (
          <Typography.Text type="secondary">
            {t('console.users.deletedAt', { time: formatTime(w.deletedAt) })}
          </Typography.Text>
        ) : (
          <StatusTag group="user" status="active" />
        ),
    },
  ];
  return (
    <Table<BoundWallet>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={wallets}
      pagination={false}
      locale={{ emptyText: t('console.users.noWallets') }}
    />
  );
}

export function DepositAddressesTable({ addresses }: { addresses: readonly DepositAddress[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DepositAddress> = [
    { title: t('console.common.currency'), dataIndex: 'currency' },
    { title: t('console.common.chain'), dataIndex: 'chain' },
    {
      title: t('console.users.address'),
      key: 'address',
      render: (_, a) => <MonoText text={a.address} keep={10} />,
    },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      render: (_, a) => formatTime(a.createdAt),
    },
  ];
  return (
    <Table<DepositAddress>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={addresses}
      pagination={false}
      locale={{ emptyText: t('console.users.noDepositAddresses') }}
    />
  );
}

export function OrdersTable({ orders }: { orders: readonly UserSpotOrder[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserSpotOrder> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    { title: t('console.users.book'), key: 'book', render: (_, o) => t(`console.books.${o.book}`) },
    { title: t('console.users.symbol'), dataIndex: 'symbol' },
    {
      title: t('console.users.side'),
      key: 'side',
      render: (_, o) => (
        <Typography.Text type={o.side === 'buy' ? 'success' : 'danger'}>
          {t(`console.users.sides.${o.side}`, { defaultValue: o.side })}
        </Typography.Text>
      ),
    },
    {
      title: t('console.users.orderType'),
      key: 'type',
      render: (_, o) => t(o.type === 1 ? 'console.users.limit' : 'console.users.market'),
    },
    {
      title: t('console.users.price'),
      key: 'price',
      align: 'end',
      render: (_, o) => (o.price ? <Amount value={o.price} /> : t('console.users.market')),
    },
    {
      title: t('console.users.quantity'),
      key: 'quantity',
      align: 'end',
      render: (_, o) => <Amount value={o.quantity} />,
    },
    {
      title: t('console.users.filled'),
      key: 'filled',
      align: 'end',
      render: (_, o) => <Amount value={o.filled} />,
    },
    {
      title: t('console.users.fee'),
      key: 'fee',
      align: 'end',
      render: (_, o) => <Amount value={o.fee} currency={o.feeCurrency} />,
    },
    {
      title: t('console.common.status'),
      key: 'phase',
      render: (_, o) => t(`console.users.phases.${o.phase}`, { defaultValue: o.phase }),
    },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      render: (_, o) => formatTime(o.createdAt),
    },
  ];
  return (
    <Table<UserSpotOrder>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={orders}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('console.users.noOrders') }}
    />
  );
}
