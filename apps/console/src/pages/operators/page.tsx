import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateOperatorModal,
  EnrolmentModal,
} from '../../features/operators/create-operator-modal';
import { useOperators, useSetOperatorEnabled } from '../../features/operators/operators-api';
import { useOperator } from '../../features/session/session-api';
import { formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { QueryError } from '../../ui/query-state';
import { ReasonModal, useReasonDialog } from '../../ui/reason-modal';
import { StatusTag } from '../../ui/status-tag';
import { positiveInt, useSearchState } from '../../ui/use-search-state';
import type { CreatedOperator, Operator } from '../../api/types';

const DEFAULTS = { page: '1' } as const;
const PAGE_SIZE = 20;

/** Operator accounts (admin only): add one with a role and TOTP enrolment, disable or enable. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const me = useOperator();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = positiveInt(search.page, 1);
  const operators = useOperators(page, PAGE_SIZE);
  const setEnabled = useSetOperatorEnabled();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedOperator | null>(null);
  const toggle = useReasonDialog<Operator>({
    pending: setEnabled.isPending,
    submit: ({ id, status }, reason, onSuccess) =>
      setEnabled.mutate({ id, reason, enable: status === 'disabled' }, { onSuccess }),
    onDone: ({ username, status }) =>
      notifySuccess(
        t(status === 'disabled' ? 'console.operators.enabled' : 'console.operators.disabled', {
          username,
        }),
      ),
  });
  const toggling = toggle.target;
  const enabling = toggling?.status === 'disabled';

  const columns: TableColumnsType<Operator> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 70 },
    {
      title: t('console.login.username'),
      key: 'username',
      render: (_, o) => (
        <>
          <Typography.Text strong>{o.username}</Typography.Text>
          {o.id === me.id ? (
            <Tag style={{ marginInlineStart: 8 }}>{t('console.operators.you')}</Tag>
          ) : null}
        </>
      ),
    },
    {
      title: t('console.operators.role'),
      key: 'role',
      render: (_, o) => (
        <Tag color={o.role === 'admin' ? 'gold' : 'blue'}>{t(`console.roles.${o.role}`)}</Tag>
      ),
    },
    {
      title: t('console.common.status'),
      key: 'status',
      render: (_, o) => <StatusTag group="operator" status={o.status} />,
    },
    {
      title: t('console.operators.totp'),
      key: 'totp',
      render: (_, o) =>
        o.totpEnrolledAt ? (
          t('console.operators.enrolledAt', { time: formatTime(o.totpEnrolledAt) })
        ) : (
          <Tag color="warning">{t('console.operators.notEnrolled')}</Tag>
        ),
    },
    {
      title: t('console.operators.lastLogin'),
      key: 'lastLoginAt',
      render: (_, o) => formatTime(o.lastLoginAt),
    },
    {
      title: t('console.operators.createdAt'),
      key: 'createdAt',
      render: (_, o) => formatTime(o.createdAt),
    },
    {
      title: t('console.common.actions'),
      key: 'actions',
      render: (_, o) =>
        o.id === me.id ? null : (
          <Button size="small" danger={o.status === 'active'} onClick={() => toggle.ask(o)}>
            {t(o.status === 'active' ? 'console.operators.disable' : 'console.operators.enable')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <span className="spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('console.operators.create')}
        </Button>
      </div>
      <QueryError error={operators.error} retry={operators.refetch} />
      <Table<Operator>
        rowKey="id"
        columns={columns}
        dataSource={operators.data?.list}
        loading={operators.isFetching}
        locale={{ emptyText: t('console.common.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: operators.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
        }}
      />
      <EnrolmentModal created={created} onClose={() => setCreated(null)} />
      <ReasonModal
        {...toggle.dialog}
        title={
          toggling
            ? t(enabling ? 'console.operators.enableTitle' : 'console.operators.disableTitle', {
                username: toggling.username,
              })
            : ''
        }
        description={t(enabling ? 'console.operators.enableText' : 'console.operators.disableText')}
        okText={t(enabling ? 'console.operators.enable' : 'console.operators.disable')}
        danger={!enabling}
      />
    </>
  );
}
