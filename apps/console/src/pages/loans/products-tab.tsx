import { loanConsoleCalls, QUOTE_CURRENCY, type ConsoleLoanProduct } from '@tidemark/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddLoanProduct,
  useLoanProducts,
  useSetLoanProduct,
} from '../../features/loans/loans-api';
import { useMarketSources } from '../../features/market/market-api';
import { minMaxValid } from '../../features/options/terms';
import { useCan } from '../../features/session/session-api';
import { contractRule } from '../../ui/contract-rule';
import { formatAmount, formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { ratePercent } from '../../ui/format';

type Terms = Pick<
  ConsoleLoanProduct,
  | 'currency'
  | 'minAmount'
  | 'maxAmount'
  | 'cycleDays'
  | 'dailyRate'
  | 'overdueRate'
  | 'minScore'
  | 'enabled'
>;

const shape = loanConsoleCalls.setLoanProduct.input.shape;

/** What the form starts with for a new product: a month at 0.1 % a day, open to every score. */
const NEW_TERMS: Terms = {
  currency: QUOTE_CURRENCY,
  minAmount: '100',
  maxAmount: '10000',
  cycleDays: 30,
  dailyRate: '0.001',
  overdueRate: '0.005',
  minScore: 0,
  enabled: true,
};

/**
 * The currencies a loan can be in: the quote currency and every listed coin (the server's rule).
 * Mounted only while a product is being added, so the market is not polled otherwise.
 */
function CurrencySelect(props: { value?: string; onChange?: (value: string) => void }) {
  const market = useMarketSources();
  const bases = (market.data?.coins ?? []).map((c) => c.symbol.split('/')[0]!);
  const currencies = [...new Set([QUOTE_CURRENCY, ...bases])];
  return <Select {...props} options={currencies.map((c) => ({ value: c, label: c }))} />;
}

/** Loan products (score bands) with all their terms; a change applies to later applications only. */
export function ProductsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const products = useLoanProducts();
  const set = useSetLoanProduct();
  const add = useAddLoanProduct();
  /** The product being edited, 'new' while one is being added, null with the dialog closed. */
  const [editing, setEditing] = useState<ConsoleLoanProduct | 'new' | null>(null);
  const [form] = Form.useForm<Terms>();
  const mayEdit = can(loanConsoleCalls.setLoanProduct);
  const mayAdd = can(loanConsoleCalls.addLoanProduct);
  const done = {
    onSuccess: () => {
      notifySuccess(t('console.loans.saved'));
      setEditing(null);
    },
  };
  // The server's rule (0 < minimum <= maximum), said at the maximum.
  const required: Rule = { required: true, message: t('errors.requiredItems') };
  const minNotOverMax: Rule = ({ getFieldValue }) => ({
    validator: (_rule, value: string | undefined) => {
      const min = getFieldValue('minAmount') as string | undefined;
      return !value || !min || minMaxValid(min, value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('errors.loanTermsInvalid')));
    },
  });
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('console.loans.productsHint')}
      </Typography.Paragraph>
      {mayAdd && (
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          onClick={() => {
            setEditing('new');
            form.setFieldsValue(NEW_TERMS);
          }}
        >
          {t('console.loans.add')}
        </Button>
      )}
      <Table<ConsoleLoanProduct>
        rowKey="id"
        size="small"
        loading={products.isLoading}
        dataSource={products.data?.list ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 60 },
          { title: t('console.loans.currency'), dataIndex: 'currency' },
          {
            title: t('console.loans.range'),
            key: 'range',
            render: (_, p) => `${formatAmount(p.minAmount)} – ${formatAmount(p.maxAmount)}`,
          },
          { title: t('console.loans.cycleDays'), dataIndex: 'cycleDays' },
          {
            title: t('console.loans.dailyRate'),
            key: 'dr',
            render: (_, p) => ratePercent(p.dailyRate),
          },
          {
            title: t('console.loans.overdueRate'),
            key: 'or',
            render: (_, p) => ratePercent(p.overdueRate),
          },
          { title: t('console.loans.minScore'), dataIndex: 'minScore' },
          {
            title: t('console.loans.enabled'),
            key: 'enabled',
            render: (_, p) => (p.enabled ? t('console.loans.on') : t('console.loans.off')),
          },
          { title: t('console.common.time'), key: 'u', render: (_, p) => formatTime(p.updatedAt) },
          ...(mayEdit
            ? [
                {
                  title: t('console.common.actions'),
                  key: 'edit',
                  render: (_: unknown, p: ConsoleLoanProduct) => (
                    <Button
                      size="small"
                      onClick={() => {
                        setEditing(p);
                        form.setFieldsValue(p);
                      }}
                    >
                      {t('console.loans.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new'
            ? t('console.loans.add')
            : editing
              ? t('console.loans.editTitle', { id: editing.id })
              : ''
        }
        okText={t('console.loans.save')}
        cancelText={t('console.common.cancel')}
        okButtonProps={{ loading: set.isPending || add.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ currency, ...values }) => {
            if (editing === 'new') add.mutate({ currency, ...values }, done);
            else if (editing) set.mutate({ id: editing.id, ...values }, done);
          }}
        >
          {editing === 'new' && (
            <Form.Item name="currency" label={t('console.loans.currency')} rules={[required]}>
              <CurrencySelect />
            </Form.Item>
          )}
          {(['minAmount', 'maxAmount', 'dailyRate', 'overdueRate'] as const).map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`console.loans.${name}`)}
              rules={
                name === 'maxAmount'
                  ? [required, contractRule(shape[name]), minNotOverMax]
                  : [required, contractRule(shape[name])]
              }
              dependencies={name === 'maxAmount' ? ['minAmount'] : undefined}
            >
              <Input inputMode="decimal" dir="ltr" />
            </Form.Item>
          ))}
          <Form.Item name="cycleDays" label={t('console.loans.cycleDays')} rules={[required]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="minScore" label={t('console.loans.minScore')} rules={[required]}>
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('console.loans.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
