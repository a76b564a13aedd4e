import { ACCOUNT_MODES, leverageConsoleCalls, QUOTE_CURRENCY } from '@tidemark/contract';
import { Button, Segmented, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundInsuranceModal } from '../../features/leverage/fund-insurance-modal';
import { useLeverageFund } from '../../features/leverage/leverage-api';
import type { LeverageBook, LeverageFundMovement } from '../../features/leverage/leverage-types';
import { useCan } from '../../features/session/session-api';
import { Amount } from '../../ui/amount';
import { formatTime } from '../../ui/format';
import { QueryError } from '../../ui/query-state';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const DEFAULTS = { tab: 'fund', book: 'real', page: '1' } as const;
const PAGE_SIZE = 20;

/** A book's insurance fund: its balance, funding from the treasury, and every movement. */
export function FundTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const can = useCan();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const book = oneOf(ACCOUNT_MODES, search.book, 'real');
  const page = positiveInt(search.page, 1);
  const fund = useLeverageFund(book, page, PAGE_SIZE);
  const [funding, setFunding] = useState<LeverageBook | null>(null);

  const columns: TableColumnsType<LeverageFundMovement> = [
    { title: t('console.common.time'), key: 'time', render: (_, m) => formatTime(m.time) },
    {
      title: t('console.leverage.movementKind'),
      key: 'kind',
      render: (_, m) => <Tag>{t(`console.leverage.kinds.${m.kind}`)}</Tag>,
    },
    {
      title: t('console.common.amount'),
      key: 'amount',
      align: 'end',
      render: (_, m) => <Amount value={m.amount} signed />,
    },
    {
      title: t('console.leverage.balanceAfter'),
      key: 'balanceAfter',
      align: 'end',
      render: (_, m) => <Amount value={m.balanceAfter} />,
    },
    { title: t('console.leverage.reference'), dataIndex: 'reference' },
    { title: t('console.leverage.transaction'), dataIndex: 'transactionId', align: 'end' },
  ];

  return (
    <>
      <div className="toolbar">
        <Segmented
          value={book}
          onChange={(value) => setSearch({ book: value })}
          options={bookOptions}
        />
        {can(leverageConsoleCalls.fundInsurance) ? (
          <Button type="primary" onClick={() => setFunding(book)}>
            {t('console.leverage.fund')}
          </Button>
        ) : null}
      </div>
      <Statistic
        style={{ marginBottom: 16 }}
        title={t('console.leverage.fundBalance')}
        valueRender={() => (
          <span data-testid="fund-balance">
            <Amount value={fund.data?.balance} currency={QUOTE_CURRENCY} />
          </span>
        )}
      />
      <QueryError error={fund.error} retry={fund.refetch} />
      <Table<LeverageFundMovement>
        size="small"
        rowKey="transactionId"
        columns={columns}
        dataSource={fund.data?.movements.list}
        loading={fund.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('console.leverage.noMovements') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: fund.data?.movements.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('console.common.total', { count: total }),
          onChange: (next) => setSearch({ page: String(next) }),
        }}
      />
      <FundInsuranceModal book={funding} onClose={() => setFunding(null)} />
    </>
  );
}
