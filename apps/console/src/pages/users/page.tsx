import { SearchOutlined } from '@ant-design/icons';
import { Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUsers } from '../../features/users/users-api';
import { formatPhone, formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { StatusTag } from '../../ui/status-tag';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { UserSummary } from '../../api/types';

const DEFAULTS = { q: '', page: '1' } as const;
const PAGE_SIZE = 20;

/** Traders, newest first; one box searches id, email, phone and nickname. */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const users = useUsers({ q: search.q || undefined, page, pageSize: PAGE_SIZE });

  const columns: TableColumnsType<UserSummary> = [
    {
      title: t('console.common.id'),
      dataIndex: 'id',
      width: 80,
      render: (id: number) => <Link to={`/users/${id}`}>#{id}</Link>,
    },
    { title: t('console.users.email'), key: 'email', render: (_, u) => u.email ?? '-' },
    {
      title: t('console.users.phone'),
      key: 'phone',
      render: (_, u) => formatPhone(u.areaCode, u.phone),
    },
    {
      title: t('console.users.nickname'),
      key: 'nickname',
      render: (_, u) => u.nickname ?? '-',
    },
    {
      title: t('console.users.verifyLevel'),
      key: 'verifyLevel',
      render: (_, u) => t(`console.users.levels.${u.verifyLevel}`, { defaultValue: u.verifyLevel }),
    },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, u) => (
        <Space size={4} wrap>
          <StatusTag group="user" status={u.status} />
          {u.withdrawFrozen ? <Tag color="error">{t('console.users.withdrawFrozen')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('console.users.registeredAt'),
      key: 'createdAt',
      render: (_, u) => formatTime(u.createdAt),
    },
    {
      title: t('console.users.lastSeenAt'),
      key: 'lastSeenAt',
      render: (_, u) => formatTime(u.lastSeenAt),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Input.Search
          key={search.q}
          defaultValue={search.q}
          placeholder={t('console.users.searchPlaceholder')}
          allowClear
          enterButton={<SearchOutlined />}
          onSearch={(value) => setSearch({ q: value.trim() })}
          style={{ maxWidth: 420 }}
          aria-label={t('console.users.searchPlaceholder')}
        />
        <span className="spacer" />
        <Typography.Text type="secondary">{t('console.users.rowHint')}</Typography.Text>
      </div>
      <PagedTable<UserSummary>
        query={users}
        columns={columns}
        emptyText={t(search.q ? 'console.users.noMatch' : 'console.common.empty')}
        onRow={(u) => ({
          onClick: () => void navigate(`/users/${u.id}`),
          style: { cursor: 'pointer' },
        })}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
