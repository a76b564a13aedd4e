import { ArrowLeftOutlined } from '@ant-design/icons';
import { ACCOUNT_CHANGE_FILTERS, consoleCalls, type AccountMode } from '@tidemark/contract';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { KycDrawer } from '../../../features/kyc/kyc-details';
import { useCan } from '../../../features/session/session-api';
import { BalancesTable } from '../../../features/users/components/balances-table';
import { ChangeLog } from '../../../features/users/components/change-log';
import { FreezeControls } from '../../../features/users/components/freeze-controls';
import {
  DepositAddressesTable,
  KycTable,
  OrdersTable,
  WalletsTable,
} from '../../../features/users/components/user-tables';
import { useUserDetail } from '../../../features/users/users-api';
import { formatPhone, formatTime } from '../../../ui/format';
import { QueryState } from '../../../ui/query-state';
import { StatusTag } from '../../../ui/status-tag';
import { oneOf, positiveInt, useSearchState } from '../../../ui/use-search-state';
import type { KycRecord, UserDetail } from '../../../api/types';

const DEFAULTS = { book: 'real', type: 'all', page: '1' } as const;
const CHANGES_PAGE_SIZE = 10;

function Profile({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const { user } = detail;
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      items={[
        { key: 'id', label: t('console.common.id'), children: `#${user.id}` },
        { key: 'email', label: t('console.users.email'), children: user.email ?? '-' },
        {
          key: 'phone',
          label: t('console.users.phone'),
          children: formatPhone(user.areaCode, user.phone),
        },
        { key: 'nickname', label: t('console.users.nickname'), children: user.nickname ?? '-' },
        {
          key: 'verifyLevel',
          label: t('console.users.verifyLevel'),
          children: t(`console.users.levels.${user.verifyLevel}`, {
            defaultValue: user.verifyLevel,
          }),
        },
        {
          key: 'tier',
          label: t('console.users.memberTier'),
          children: t(`account.tiers.${user.memberTier}`, { defaultValue: user.memberTier }),
        },
        {
          key: 'status',
          label: t('console.users.loginStatus'),
          children: <StatusTag group="user" status={user.status} />,
        },
        {
          key: 'withdraw',
          label: t('console.users.withdrawStatus'),
          children: user.withdrawFrozen ? (
            <Tag color="error">{t('console.users.withdrawFrozen')}</Tag>
          ) : (
            <StatusTag group="user" status="active" />
          ),
        },
        {
          key: 'mode',
          label: t('console.users.currentBook'),
          children: t(`console.books.${user.mode}`),
        },
        { key: 'inviteCode', label: t('console.users.inviteCode'), children: detail.inviteCode },
        {
          key: 'inviter',
          label: t('console.users.inviter'),
          children: detail.inviterId ? (
            <Link to={`/users/${detail.inviterId}`}>#{detail.inviterId}</Link>
          ) : (
            '-'
          ),
        },
        {
          key: 'payPassword',
          label: t('console.users.payPassword'),
          children: t(
            detail.hasPayPassword
              ? 'console.users.payPasswordSet'
              : 'console.users.payPasswordNone',
          ),
        },
        {
          key: 'createdAt',
          label: t('console.users.registeredAt'),
          children: formatTime(user.createdAt),
        },
        {
          key: 'lastSeenAt',
          label: t('console.users.lastSeenAt'),
          children: formatTime(user.lastSeenAt),
        },
      ]}
    />
  );
}

/** One trader: profile, balances of both books, verification, wallets, orders and the log. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const can = useCan();
  const params = useParams();
  const id = positiveInt(params.id, 0);
  const [search, setSearch] = useSearchState(DEFAULTS);
  const book: AccountMode = search.book === 'demo' ? 'demo' : 'real';
  const type = oneOf(ACCOUNT_CHANGE_FILTERS, search.type, 'all');
  const page = positiveInt(search.page, 1);
  const detail = useUserDetail({ id, book, type, page, pageSize: CHANGES_PAGE_SIZE });
  const [viewingKyc, setViewingKyc] = useState<KycRecord | null>(null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div className="toolbar" style={{ marginBottom: 0 }}>
        <Link to="/users">
          <Button icon={<ArrowLeftOutlined />}>{t('console.users.back')}</Button>
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('console.users.detailTitle', { id })}
        </Typography.Title>
        <span className="spacer" />
        {detail.data && can(consoleCalls.freezeUser) ? (
          <FreezeControls user={detail.data.user} />
        ) : null}
      </div>
      <QueryState query={detail}>
        {(data) => (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('console.users.profile')}>
              <Profile detail={data} />
            </Card>
            <Card title={t('console.users.balances')}>
              <BalancesTable balances={data.balances} />
            </Card>
            <Card title={t('console.users.verification')}>
              <KycTable submissions={data.kyc} onOpen={setViewingKyc} />
            </Card>
            <Card title={t('console.users.boundWallets')}>
              <WalletsTable wallets={data.wallets} showImages={can(consoleCalls.viewUpload)} />
            </Card>
            <Card title={t('console.users.depositAddresses')}>
              <DepositAddressesTable addresses={data.depositAddresses} />
            </Card>
            <Card title={t('console.users.recentOrders')}>
              <OrdersTable orders={data.orders} />
            </Card>
            <Card title={t('console.users.changeLog')}>
              <ChangeLog
                changes={data.changes}
                filter={type}
                loading={detail.isFetching}
                onChange={(next) =>
                  setSearch({
                    ...(next.book ? { book: next.book } : {}),
                    ...(next.type ? { type: next.type } : {}),
                    ...(next.page ? { page: String(next.page) } : {}),
                  })
                }
              />
            </Card>
          </Space>
        )}
      </QueryState>
      <KycDrawer
        submission={viewingKyc}
        showImages={can(consoleCalls.viewUpload)}
        onClose={() => setViewingKyc(null)}
      />
    </Space>
  );
}
