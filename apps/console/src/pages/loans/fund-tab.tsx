import { loanConsoleCalls } from '@tidemark/contract';
import { Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFundLoans, useLoanFund } from '../../features/loans/loans-api';
import { useCan } from '../../features/session/session-api';
import { formatAmount } from '../../ui/format';
import { FundAccountModal } from '../../ui/fund-account-modal';

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
      <FundAccountModal
        target={currency}
        texts={{
          title: currency ? t('console.loans.fundTitle', { currency }) : '',
          ok: t('console.loans.fund'),
          done: t('console.loans.funded'),
        }}
        amountSchema={loanConsoleCalls.fundLoanFund.input.shape.amount}
        suffix={currency ?? ''}
        mutation={move}
        input={(target, { amount }) => ({ currency: target, amount })}
        onClose={() => setCurrency(null)}
      />
    </>
  );
}
