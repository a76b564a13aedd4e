import { ACCOUNT_MODES, QUOTE_CURRENCY } from '@tidemark/contract';
import { Segmented, Select, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptionPnl } from '../../features/options/options-api';
import type { OptionPnlDay } from '../../features/options/options-types';
import { Amount } from '../../ui/amount';
import { QueryError } from '../../ui/query-state';
import { oneOf, useSearchState } from '../../ui/use-search-state';
import { useBookOptions } from '../../ui/book-options';

const DEFAULTS = { tab: 'pnl', book: 'real', days: '30' } as const;
const SPANS = ['7', '30', '90', '366'] as const;

/** The pool's profit and loss by UTC day of settlement, newest first, for one book. */
export function PnlTab() {
  const { t } = useTranslation();
  const bookOptions = useBookOptions();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const book = oneOf(ACCOUNT_MODES, search.book, 'real');
  const days = Number(oneOf(SPANS, search.days, '30'));
  const pnl = useOptionPnl(book, days);

  const columns: TableColumnsType<OptionPnlDay> = [
    { title: t('console.options.day'), dataIndex: 'day' },
    { title: t('console.options.settled'), dataIndex: 'settled', align: 'end' },
    {
      title: t('console.options.stakes'),
      key: 'stakes',
      align: 'end',
      render: (_, d) => <Amount value={d.stakes} />,
    },
    {
      title: t('console.options.payouts'),
      key: 'payouts',
      align: 'end',
      render: (_, d) => <Amount value={d.payouts} />,
    },
    {
      title: t('console.options.profit', { currency: QUOTE_CURRENCY }),
      key: 'profit',
      align: 'end',
      render: (_, d) => <Amount value={d.profit} signed />,
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Segmented
          value={book}
          onChange={(value) => setSearch({ book: value })}
          options={bookOptions}
        />
        <Space>
          <Select
            value={String(days)}
            onChange={(value) => setSearch({ days: value })}
            options={SPANS.map((span) => ({
              value: span,
              label: t('console.options.lastDays', { days: span }),
            }))}
            style={{ width: 160 }}
            aria-label={t('console.options.span')}
          />
        </Space>
      </div>
      <QueryError error={pnl.error} retry={pnl.refetch} />
      <Table<OptionPnlDay>
        size="small"
        rowKey="day"
        columns={columns}
        dataSource={pnl.data?.days}
        loading={pnl.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('console.options.noSettlements') }}
      />
    </>
  );
}
