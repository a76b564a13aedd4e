import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { consoleCalls } from '@tidemark/contract';
import {
  Alert,
  Button,
  Card,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainFormModal } from '../../features/chains/chain-form-modal';
import { useChains } from '../../features/chains/chains-api';
import { ThresholdCard } from '../../features/chains/threshold-card';
import { useCan } from '../../features/session/session-api';
import { formatAmount, formatTime } from '../../ui/format';
import { MonoText } from '../../ui/mono-text';
import { QueryError } from '../../ui/query-state';
import type { ChainRecord } from '../../api/types';

function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={on ? 'success' : 'default'}>
      {t(on ? 'console.chains.on' : 'console.chains.off')}
    </Tag>
  );
}

/** Accepted currencies and chains with their deposit address and withdrawal terms. */
export default function ChainsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const chains = useChains();
  const [form, setForm] = useState<{ editing: ChainRecord | null } | null>(null);
  const mayEdit = can(consoleCalls.editChain);

  const columns: TableColumnsType<ChainRecord> = [
    { title: t('console.common.currency'), dataIndex: 'currency' },
    {
      title: t('console.common.chain'),
      key: 'chain',
      render: (_, c) => (
        <>
          {c.chain}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`console.chains.formats.${c.addressFormat}`, { defaultValue: c.addressFormat })}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('console.chains.depositAddress'),
      key: 'depositAddress',
      render: (_, c) => <MonoText text={c.depositAddress} keep={10} />,
    },
    {
      title: t('console.chains.depositEnabled'),
      key: 'depositEnabled',
      render: (_, c) => <OnOff on={c.depositEnabled} />,
    },
    {
      title: t('console.chains.withdrawEnabled'),
      key: 'withdraw',
      render: (_, c) => (
        <Space orientation="vertical" size={2}>
          <OnOff on={c.withdrawEnabled} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('console.withdrawals.feeValue', {
              fee: `${formatAmount(c.withdrawFee)} ${c.currency}`,
            })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('console.chains.minValue', {
              amount: `${formatAmount(c.withdrawMin)} ${c.currency}`,
            })}
          </Typography.Text>
        </Space>
      ),
    },
    ...(mayEdit
      ? [
          {
            title: t('console.common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, c: ChainRecord) => (
              <Tooltip title={t('console.chains.updatedAt', { time: formatTime(c.updatedAt) })}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  data-testid="edit"
                  onClick={() => setForm({ editing: c })}
                >
                  {t('console.common.edit')}
                </Button>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('console.chains.futureOnly')} />
      <Card
        title={t('console.chains.tableTitle')}
        extra={
          mayEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ editing: null })}
            >
              {t('console.chains.add')}
            </Button>
          ) : null
        }
      >
        <QueryError error={chains.error} retry={chains.refetch} />
        <Table<ChainRecord>
          rowKey="id"
          columns={columns}
          dataSource={chains.data?.list}
          loading={chains.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('console.chains.empty') }}
        />
      </Card>
      <ThresholdCard editable={can(consoleCalls.setWithdrawalSettings)} />
      <ChainFormModal
        open={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
      />
    </Space>
  );
}
