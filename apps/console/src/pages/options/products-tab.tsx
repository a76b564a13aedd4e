import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { optionsConsoleCalls } from '@tidemark/contract';
import {
  Alert,
  Button,
  Card,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddOptionPeriod,
  useOptionProducts,
  useSetOptionPeriod,
  useSetOptionProduct,
} from '../../features/options/options-api';
import type { OptionPeriodTerms, OptionProduct } from '../../features/options/options-types';
import { PeriodFormModal, type PeriodFormValues } from '../../features/options/period-form-modal';
import { RestrictedCountriesCard } from '../../features/options/restricted-countries-card';
import { changedTerms, termsOf } from '../../features/options/terms';
import { ratePercent } from '../../ui/format';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { QueryState } from '../../ui/query-state';

type Editing = { symbol: string; period: OptionPeriodTerms | null };

const NEW_PERIOD: PeriodFormValues = {
  seconds: 60,
  returnRate: '0.85',
  lossRate: '1',
  minAmount: '10',
  maxAmount: '10000',
  enabled: true,
};

/** Per symbol: open for new orders or not, and its periods with their terms. */
export function ProductsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const products = useOptionProducts();
  const setProduct = useSetOptionProduct();
  const addPeriod = useAddOptionPeriod();
  const setPeriod = useSetOptionPeriod();
  const [editing, setEditing] = useState<Editing | null>(null);
  const mayEdit = can(optionsConsoleCalls.setOptionPeriod);
  const mayAdd = can(optionsConsoleCalls.addOptionPeriod);
  const mayOpen = can(optionsConsoleCalls.setOptionProduct);

  const periodColumns: TableColumnsType<OptionPeriodTerms> = [
    {
      title: t('console.options.seconds'),
      key: 'seconds',
      render: (_, p) => t('console.options.secondsValue', { seconds: p.seconds }),
    },
    {
      title: t('console.options.returnRate'),
      key: 'returnRate',
      align: 'end',
      render: (_, p) => <span data-testid="return-rate">{ratePercent(p.returnRate)}</span>,
    },
    {
      title: t('console.options.lossRate'),
      key: 'lossRate',
      align: 'end',
      render: (_, p) => ratePercent(p.lossRate),
    },
    {
      title: t('console.options.minAmount'),
      key: 'minAmount',
      align: 'end',
      render: (_, p) => <Amount value={p.minAmount} />,
    },
    {
      title: t('console.options.maxAmount'),
      key: 'maxAmount',
      align: 'end',
      render: (_, p) => <Amount value={p.maxAmount} />,
    },
    {
      title: t('console.options.offered'),
      key: 'enabled',
      render: (_, p) => (
        <Tag color={p.enabled ? 'success' : 'default'}>
          {t(p.enabled ? 'console.chains.on' : 'console.chains.off')}
        </Tag>
      ),
    },
    {
      title: t('console.options.updatedAt'),
      key: 'updatedAt',
      render: (_, p) => formatTime(p.updatedAt),
    },
    ...(mayEdit
      ? [
          {
            title: t('console.common.actions'),
            key: 'actions',
            render: (_: unknown, p: OptionPeriodTerms) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                data-testid={`edit-period-${p.seconds}`}
                onClick={() => setEditing({ symbol: p.symbol, period: p })}
              >
                {t('console.common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const done = () => {
    notifySuccess(t('console.options.saved'));
    setEditing(null);
  };

  const submit = (values: PeriodFormValues) => {
    if (!editing) return;
    if (editing.period) {
      const changes = changedTerms(termsOf(editing.period), values);
      if (Object.keys(changes).length === 0) return setEditing(null);
      setPeriod.mutate({ id: editing.period.id, ...changes }, { onSuccess: done });
    } else {
      addPeriod.mutate(
        {
          symbol: editing.symbol,
          seconds: values.seconds ?? 0,
          returnRate: values.returnRate,
          lossRate: values.lossRate,
          minAmount: values.minAmount,
          maxAmount: values.maxAmount,
          enabled: values.enabled,
        },
        { onSuccess: done },
      );
    }
  };

  const productCard = (product: OptionProduct) => (
    <Card
      key={product.symbol}
      size="small"
      data-testid={`option-product-${product.symbol}`}
      title={
        <Space size={12}>
          <Typography.Text strong>{product.symbol}</Typography.Text>
          {product.tradingOpen ? null : (
            <Tooltip title={t('console.options.tradingClosedHint')}>
              <Tag color="warning">{t('console.options.tradingClosed')}</Tag>
            </Tooltip>
          )}
        </Space>
      }
      extra={
        <Space size={16}>
          <Space size={8}>
            <Typography.Text type="secondary">
              {t('console.options.productEnabled')}
            </Typography.Text>
            <Switch
              checked={product.enabled}
              disabled={!mayOpen}
              loading={setProduct.isPending && setProduct.variables.symbol === product.symbol}
              aria-label={t('console.options.productEnabled')}
              onChange={(enabled) =>
                setProduct.mutate(
                  { symbol: product.symbol, enabled },
                  { onSuccess: () => notifySuccess(t('console.options.saved')) },
                )
              }
            />
          </Space>
          {mayAdd ? (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ symbol: product.symbol, period: null })}
            >
              {t('console.options.addPeriod')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Table<OptionPeriodTerms>
        size="small"
        rowKey="id"
        columns={periodColumns}
        dataSource={product.periods}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('console.options.noPeriods') }}
      />
    </Card>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('console.options.futureOnly')} />
      <QueryState query={products}>
        {(data) => (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {data.products.length ? (
              data.products.map(productCard)
            ) : (
              <Typography.Text type="secondary">{t('console.options.noProducts')}</Typography.Text>
            )}
            <RestrictedCountriesCard
              saved={data.restrictedCountries}
              editable={can(optionsConsoleCalls.setOptionRestrictedCountries)}
            />
          </Space>
        )}
      </QueryState>
      <PeriodFormModal
        open={editing !== null}
        title={
          editing?.period
            ? t('console.options.editTitle', {
                symbol: editing.symbol,
                period: t('console.options.secondsValue', { seconds: editing.period.seconds }),
              })
            : t('console.options.addTitle', { symbol: editing?.symbol ?? '' })
        }
        initial={editing?.period ? termsOf(editing.period) : NEW_PERIOD}
        withSeconds={editing !== null && editing.period === null}
        pending={setPeriod.isPending || addPeriod.isPending}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </Space>
  );
}
