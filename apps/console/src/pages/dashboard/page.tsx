import {
  IdcardOutlined,
  LoginOutlined,
  LogoutOutlined,
  RightOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { consoleCalls, type ConsoleCallDef } from '@tidemark/contract';
import { Badge, Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboard } from '../../features/dashboard/dashboard-api';
import { useCan } from '../../features/session/session-api';
import { formatAmount, formatTime } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import type { Dashboard } from '../../api/types';

interface Tile {
  key: string;
  title: string;
  value: number;
  icon: ReactNode;
  /** The queue or list the tile opens, when the role may see it. */
  to: string;
  call: ConsoleCallDef;
  footer?: ReactNode;
  attention?: boolean;
}

function TileCard({ tile, linked }: { tile: Tile; linked: boolean }) {
  const { t } = useTranslation();
  const body = (
    <Card hoverable={linked} className="stat-card" data-testid={`tile-${tile.key}`}>
      <Statistic
        title={tile.title}
        value={tile.value}
        prefix={tile.icon}
        suffix={tile.attention && tile.value > 0 ? <Badge status="processing" /> : null}
      />
      {tile.footer ? <Typography.Text type="secondary">{tile.footer}</Typography.Text> : null}
      {linked ? (
        <Typography.Link>
          {t('console.dashboard.open')} <RightOutlined />
        </Typography.Link>
      ) : null}
    </Card>
  );
  return linked ? <Link to={tile.to}>{body}</Link> : body;
}

function Tiles({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const can = useCan();
  const pending: Tile[] = [
    {
      key: 'pending-deposits',
      title: t('console.dashboard.pendingDeposits'),
      value: data.pending.deposits,
      icon: <LoginOutlined />,
      to: '/deposits?status=pending',
      call: consoleCalls.listDeposits,
      attention: true,
    },
    {
      key: 'pending-withdrawals',
      title: t('console.dashboard.pendingWithdrawals'),
      value: data.pending.withdrawals,
      icon: <LogoutOutlined />,
      to: '/withdrawals?status=application',
      call: consoleCalls.listWithdrawals,
      attention: true,
    },
    {
      key: 'pending-kyc',
      title: t('console.dashboard.pendingKyc'),
      value: data.pending.kyc,
      icon: <IdcardOutlined />,
      to: '/kyc?status=certifying',
      call: consoleCalls.listKyc,
      attention: true,
    },
  ];
  const today: Tile[] = [
    {
      key: 'deposits-today',
      title: t('console.dashboard.depositsToday'),
      value: data.today.deposits.count,
      icon: <LoginOutlined />,
      to: '/deposits?status=success',
      call: consoleCalls.listDeposits,
      footer: t('console.dashboard.valueAndRequests', {
        usdt: formatAmount(data.today.deposits.usdt),
        count: data.today.depositRequests,
      }),
    },
    {
      key: 'withdrawals-today',
      title: t('console.dashboard.withdrawalsToday'),
      value: data.today.withdrawals.count,
      icon: <LogoutOutlined />,
      to: '/withdrawals?status=completed',
      call: consoleCalls.listWithdrawals,
      footer: t('console.dashboard.valueAndRequests', {
        usdt: formatAmount(data.today.withdrawals.usdt),
        count: data.today.withdrawalRequests,
      }),
    },
    {
      key: 'users-today',
      title: t('console.dashboard.usersToday'),
      value: data.today.users,
      icon: <UserAddOutlined />,
      to: '/users',
      call: consoleCalls.listUsers,
      footer: t('console.dashboard.usersTotal', { count: data.usersTotal }),
    },
  ];
  const row = (tiles: Tile[]) => (
    <Row gutter={[16, 16]}>
      {tiles.map((tile) => (
        <Col key={tile.key} xs={24} md={8}>
          <TileCard tile={tile} linked={can(tile.call)} />
        </Col>
      ))}
    </Row>
  );
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('console.dashboard.queues')}
      </Typography.Title>
      {row(pending)}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('console.dashboard.today')}
      </Typography.Title>
      {row(today)}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('console.dashboard.dayStart', { time: formatTime(data.dayStart) })}
      </Typography.Paragraph>
    </>
  );
}

/** Pending queue sizes and today's money movements, each linking to its list. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  return <QueryState query={dashboard}>{(data) => <Tiles data={data} />}</QueryState>;
}
