import { EditOutlined } from '@ant-design/icons';
import { leverageConsoleCalls, multiplesUpTo, ratePercentText } from '@tidemark/contract';
import {
  Button,
  Card,
  Descriptions,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLeverageTerms,
  useSetLeverageTerms,
  useSetLeverageTier,
} from '../../features/leverage/leverage-api';
import type { LeverageTierRow } from '../../features/leverage/leverage-types';
import { changedContractTerms, contractTermsOf } from '../../features/leverage/terms';
import { TermsFormModal } from '../../features/leverage/terms-form-modal';
import { TierFormModal } from '../../features/leverage/tier-form-modal';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { QueryState } from '../../ui/query-state';

/** The contract terms and member tier thresholds offered to positions opened from now on. */
export function TermsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const terms = useLeverageTerms();
  const setTerms = useSetLeverageTerms();
  const setTier = useSetLeverageTier();
  const [editing, setEditing] = useState(false);
  const [tier, setTierEditing] = useState<LeverageTierRow['tier'] | null>(null);
  const mayEditTerms = can(leverageConsoleCalls.setLeverageTerms);
  const mayEditTier = can(leverageConsoleCalls.setLeverageTier);

  const tierColumns: TableColumnsType<LeverageTierRow> = [
    {
      title: t('console.leverage.tier'),
      key: 'tier',
      render: (_, r) => <Tag>{t(`account.tiers.${r.tier}`)}</Tag>,
    },
    {
      title: t('console.leverage.threshold'),
      key: 'threshold',
      align: 'end',
      render: (_, r) => <Amount value={r.threshold} currency="USDT" />,
    },
    {
      title: t('console.leverage.maxMultiple'),
      key: 'maxMultiple',
      align: 'end',
      render: (_, r) => (
        <span data-testid={`max-multiple-${r.tier}`} dir="ltr">
          {`${r.maxMultiple}×`}
        </span>
      ),
    },
    {
      title: t('console.leverage.multiples'),
      key: 'multiples',
      render: (_, r) => (
        <span dir="ltr">
          {multiplesUpTo(r.maxMultiple)
            .map((m) => `${m}×`)
            .join(' ')}
        </span>
      ),
    },
    ...(mayEditTier
      ? [
          {
            title: t('console.common.actions'),
            key: 'actions',
            render: (_: unknown, r: LeverageTierRow) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                data-testid={`edit-tier-${r.tier}`}
                onClick={() => setTierEditing(r.tier)}
              >
                {t('console.common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <QueryState query={terms}>
      {(data) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('console.leverage.futureOnly')}</Typography.Text>
          <Card
            size="small"
            title={t('console.leverage.contractTerms')}
            extra={
              mayEditTerms ? (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  data-testid="edit-leverage-terms"
                  onClick={() => setEditing(true)}
                >
                  {t('console.common.edit')}
                </Button>
              ) : null
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'lotPrice',
                  label: t('console.leverage.lotPrice'),
                  children: <Amount value={data.lotPrice} currency="USDT" />,
                },
                {
                  key: 'openFeeRate',
                  label: t('console.leverage.openFeeRate'),
                  children: (
                    <span data-testid="open-fee-rate">{ratePercentText(data.openFeeRate)}</span>
                  ),
                },
                {
                  key: 'closeFeeRate',
                  label: t('console.leverage.closeFeeRate'),
                  children: ratePercentText(data.closeFeeRate),
                },
                {
                  key: 'maintenanceRate',
                  label: t('console.leverage.maintenanceRate'),
                  children: ratePercentText(data.maintenanceRate),
                },
                {
                  key: 'protection',
                  label: t('console.leverage.negativeBalanceProtection'),
                  children: (
                    <Tag color={data.negativeBalanceProtection ? 'success' : 'warning'}>
                      {t(
                        data.negativeBalanceProtection
                          ? 'console.leverage.on'
                          : 'console.leverage.off',
                      )}
                    </Tag>
                  ),
                },
                {
                  key: 'updatedAt',
                  label: t('console.leverage.updatedAt'),
                  children: formatTime(data.updatedAt),
                },
              ]}
            />
          </Card>
          <Card size="small" title={t('console.leverage.tiers')}>
            <Typography.Paragraph type="secondary">
              {t('console.leverage.tiersHint')}
            </Typography.Paragraph>
            <Table<LeverageTierRow>
              size="small"
              rowKey="tier"
              columns={tierColumns}
              dataSource={data.tiers}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          </Card>
          <TermsFormModal
            open={editing}
            initial={contractTermsOf(data)}
            pending={setTerms.isPending}
            onClose={() => setEditing(false)}
            onSubmit={(values) => {
              const change = changedContractTerms(contractTermsOf(data), values);
              if (Object.keys(change).length === 0) {
                setEditing(false);
                return;
              }
              setTerms.mutate(change, {
                onSuccess: () => {
                  notifySuccess(t('console.leverage.saved'));
                  setEditing(false);
                },
              });
            }}
          />
          <TierFormModal
            tier={tier}
            tiers={data.tiers}
            pending={setTier.isPending}
            onClose={() => setTierEditing(null)}
            onSubmit={(name, values) =>
              setTier.mutate(
                { tier: name, threshold: values.threshold, maxMultiple: values.maxMultiple },
                {
                  onSuccess: () => {
                    notifySuccess(t('console.leverage.saved'));
                    setTierEditing(null);
                  },
                },
              )
            }
          />
        </Space>
      )}
    </QueryState>
  );
}
