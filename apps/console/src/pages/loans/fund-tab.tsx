import { loanConsoleCalls } from '@tidemark/contract';
import { Button, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFundLoans, useLoanFund } from '../../features/loans/loans-api';
import { useCan } from '../../features/session/session-api';
import { contractRule } from '../../ui/contract-rule';
import { formatAmount } from '../../ui/format';
import { notifySuccess } from '../../ui/notify';

type FundRow = NonNullable<ReturnType<typeof useLoanFund>['data']>['funds'][number];

/**
 * The loan fund per currency: what approvals can pay out, what is out with traders and what they
 * owe, what pending applications ask for; funded from the treasury by an audited transfer.
 */
export function FundTab() {
  const { t } = useTranslation();
  const can = useCan();
  const fund = useLoanFund();
  const move = useFundLoans();
  const [currency, setCurrency] = useState<string | null>(null);
  const [form] = Form.useForm<{ amount: string }>();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('console.loans.fundHint')}</Typography.Paragraph>
      <Table<FundRow>
        rowKey="currency"
        size="small"
        loading={fund.isLoading}
        dataSource={fund.data?.funds ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: t('console.loans.currency'), dataIndex: 'currency' },
          {
            title: t('console.loans.balance'),
            key: 'b',
            render: (_, f) => formatAmount(f.balance),
          },
          {
            title: t('console.loans.applying'),
            key: 'a',
            render: (_, f) => formatAmount(f.applying),
          },
          {
            title: t('console.loans.headroom'),
            key: 'h',
            render: (_, f) => (
              <Typography.Text type={f.headroom.startsWith('-') ? 'danger' : undefined}>
                {formatAmount(f.headroom)}
              </Typography.Text>
            ),
          },
          {
            title: t('console.loans.outstanding'),
            key: 'o',
            render: (_, f) => formatAmount(f.outstanding),
          },
          { title: t('console.loans.owedAll'), key: 'w', render: (_, f) => formatAmount(f.owed) },
          { title: t('console.loans.tabs.passed'), dataIndex: 'passed' },
          { title: t('console.loans.tabs.overdue'), dataIndex: 'overdue' },
          ...(can(loanConsoleCalls.fundLoanFund)
            ? [
                {
                  title: t('console.common.actions'),
                  key: 'fund',
                  render: (_: unknown, f: FundRow) => (
                    <Button size="small" type="primary" onClick={() => setCurrency(f.currency)}>
                      {t('console.loans.fund')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={currency !== null}
        title={currency ? t('console.loans.fundTitle', { currency }) : ''}
        okText={t('console.loans.fund')}
        cancelText={t('console.common.cancel')}
        okButtonProps={{ loading: move.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setCurrency(null)}
        destroyOnHidden
        afterClose={() => form.resetFields()}
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ amount }) =>
            currency &&
            move.mutate(
              { currency, amount: amount.trim() },
              {
                onSuccess: () => {
                  notifySuccess(t('console.loans.funded'));
                  setCurrency(null);
                },
              },
            )
          }
        >
          <Form.Item
            name="amount"
            label={t('console.common.amount')}
            rules={[
              { required: true, whitespace: true, message: t('errors.requiredItems') },
              contractRule(loanConsoleCalls.fundLoanFund.input.shape.amount),
            ]}
          >
            <Input inputMode="decimal" suffix={currency ?? ''} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
