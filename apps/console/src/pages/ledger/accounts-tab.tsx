import { ACCOUNT_MODES, LEDGER_OWNERS } from '@tidemark/contract';
import { Input, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLedgerAccounts } from '../../features/ledger/ledger-api';
import { Amount } from '../../ui/amount';
import { formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { UserLink } from '../../ui/user-link';
import { oneOf, positiveInt, useSearchState } from '../../ui/use-search-state';
import type { LedgerAccount } from '../../api/types';
import { UserIdFilter } from './user-id-filter';

const DEFAULTS = {
  owner: '',
  userId: '',
  book: '',
  wallet: '',
  currency: '',
  page: '1',
  tab: 'accounts',
} as const;
const PAGE_SIZE = 20;

/** Ledger accounts with balances, filtered by owner, user, book, wallet and currency. */
export function AccountsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const owner = oneOf(LEDGER_OWNERS, search.owner, undefined);
  const book = oneOf(ACCOUNT_MODES, search.book, undefined);
  const userId = positiveInt(search.userId, 0) || undefined;
  const page = positiveInt(search.page, 1);
  const accounts = useLedgerAccounts({
    owner,
    userId,
    book,
    wallet: search.wallet || undefined,
    currency: search.currency || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<LedgerAccount> = [
    { title: t('console.common.id'), dataIndex: 'id', width: 80 },
    {
      title: t('console.ledger.owner'),
      key: 'owner',
      render: (_, a) =>
        a.owner === 'user' && a.userId ? (
          <UserLink userId={a.userId} />
        ) : (
          <Tag>{t('console.ledger.owners.system')}</Tag>
        ),
    },
    { title: t('console.users.book'), key: 'book', render: (_, a) => t(`console.books.${a.book}`) },
    { title: t('console.users.wallet'), dataIndex: 'wallet' },
    { title: t('console.common.currency'), dataIndex: 'currency' },
    {
      title: t('console.ledger.balance'),
      key: 'balance',
      align: 'end',
      render: (_, a) => <Amount value={a.balance} />,
    },
    {
      title: t('console.ledger.canBeNegative'),
      key: 'canBeNegative',
      render: (_, a) =>
        a.canBeNegative ? <Tag color="warning">{t('console.ledger.negativeAllowed')}</Tag> : '-',
    },
    {
      title: t('console.common.time'),
      key: 'createdAt',
      render: (_, a) => formatTime(a.createdAt),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Select
          value={owner ?? ''}
          onChange={(value) => setSearch({ owner: value })}
          style={{ width: 160 }}
          aria-label={t('console.ledger.owner')}
          options={[
            { value: '', label: t('console.ledger.allOwners') },
            ...LEDGER_OWNERS.map((o) => ({ value: o, label: t(`console.ledger.owners.${o}`) })),
          ]}
        />
        <UserIdFilter value={search.userId} onChange={(text) => setSearch({ userId: text })} />
        <Select
          value={book ?? ''}
          onChange={(value) => setSearch({ book: value })}
          style={{ width: 140 }}
          aria-label={t('console.users.book')}
          options={[
            { value: '', label: t('console.ledger.allBooks') },
            ...ACCOUNT_MODES.map((m) => ({ value: m, label: t(`console.books.${m}`) })),
          ]}
        />
        <Input.Search
          key={`wallet-${search.wallet}`}
          defaultValue={search.wallet}
          placeholder={t('console.users.wallet')}
          allowClear
          onSearch={(value) => setSearch({ wallet: value.trim() })}
          style={{ width: 180 }}
        />
        <Input.Search
          key={`currency-${search.currency}`}
          defaultValue={search.currency}
          placeholder={t('console.common.currency')}
          allowClear
          onSearch={(value) => setSearch({ currency: value.trim().toUpperCase() })}
          style={{ width: 160 }}
        />
      </div>
      <PagedTable<LedgerAccount>
        size="small"
        query={accounts}
        columns={columns}
        emptyText={t('console.common.empty')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => setSearch({ page: String(next) })}
      />
    </>
  );
}
