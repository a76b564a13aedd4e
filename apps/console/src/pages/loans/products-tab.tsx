import { loanConsoleCalls, type ConsoleLoanProduct } from '@tidemark/contract';
import { Button, Form, Input, InputNumber, Modal, Switch, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoanProducts, useSetLoanProduct } from '../../features/loans/loans-api';
import { minMaxValid } from '../../features/options/terms';
import { useCan } from '../../features/session/session-api';
import { contractRule } from '../../ui/contract-rule';
import { formatAmount, formatTime } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';
import { ratePercent } from '../../ui/format';

type Terms = Pick<
  ConsoleLoanProduct,
  'minAmount' | 'maxAmount' | 'cycleDays' | 'dailyRate' | 'overdueRate' | 'minScore' | 'enabled'
>;

const shape = loanConsoleCalls.setLoanProduct.input.shape;

/** Loan products (score bands) with all their terms; a change applies to later applications only. */
export function ProductsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const products = useLoanProducts();
  const set = useSetLoanProduct();
  const [editing, setEditing] = useState<ConsoleLoanProduct | null>(null);
  const [form] = Form.useForm<Terms>();
  const mayEdit = can(loanConsoleCalls.setLoanProduct);
  // The server's rule (0 < minimum <= maximum), said at the maximum.
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
        title={editing ? t('console.loans.editTitle', { id: editing.id }) : ''}
        okText={t('console.loans.save')}
        cancelText={t('console.common.cancel')}
        okButtonProps={{ loading: set.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            editing &&
            set.mutate(
              { id: editing.id, ...values },
              {
                onSuccess: () => {
                  notifySuccess(t('console.loans.saved'));
                  setEditing(null);
                },
              },
            )
          }
        >
          {(['minAmount', 'maxAmount', 'dailyRate', 'overdueRate'] as const).map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`console.loans.${name}`)}
              rules={
                name === 'maxAmount'
                  ? [contractRule(shape[name]), minNotOverMax]
                  : [contractRule(shape[name])]
              }
              dependencies={name === 'maxAmount' ? ['minAmount'] : undefined}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
          <Form.Item name="cycleDays" label={t('console.loans.cycleDays')}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="minScore" label={t('console.loans.minScore')}>
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
