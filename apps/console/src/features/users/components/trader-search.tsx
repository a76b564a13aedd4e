import { Alert, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserLink } from '../../../ui/user-link';
import { pickTrader, traderQuery } from '../trader-filter';
import { useTraderLookup } from '../users-api';

/** The read of one page of orders, as PagedTable takes it. */
interface OrdersQuery<D> {
  data: D | undefined;
  error: unknown;
  isFetching: boolean;
  refetch(): unknown;
}

/**
 * An orders search's trader box read as a trader: nothing, a user id, or an email or phone that
 * names exactly one trader (looked up with the users search).
 */
export function useTraderSearch(typed: string) {
  const trader = traderQuery(typed);
  const lookup = useTraderLookup(trader.kind === 'account' ? trader.text : null);
  const picked =
    trader.kind === 'account' && lookup.data ? pickTrader(trader.text, lookup.data.list) : null;
  const userId =
    trader.kind === 'id' ? trader.userId : picked?.kind === 'one' ? picked.user.id : undefined;
  return {
    typed,
    trader,
    picked,
    /** The trader to search by; undefined for all, or while an account names nobody (yet). */
    userId,
    /** An account is searched by the trader it names, once it names one. */
    ready: trader.kind !== 'account' || userId !== undefined,
    /** The orders' read with the lookup's: its failure and fetching count as the table's. */
    tableQuery<D>(orders: OrdersQuery<D>): OrdersQuery<D> {
      return {
        // An account that names nobody (yet) shows no rows, not the last search's.
        data: trader.kind === 'account' && userId === undefined ? undefined : orders.data,
        error: lookup.error ?? orders.error,
        isFetching: lookup.isFetching || orders.isFetching,
        refetch: () => (lookup.error ? lookup.refetch() : orders.refetch()),
      };
    },
  };
}

export type TraderSearch = ReturnType<typeof useTraderSearch>;

/** The trader box of an orders search; a new URL value (back button, a link) replaces the text. */
export function TraderSearchBox({ value, onSearch }: { value: string; onSearch(v: string): void }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={`user-${value}`}
      defaultValue={value}
      placeholder={t('console.options.traderSearch')}
      aria-label={t('console.options.traderSearch')}
      allowClear
      onSearch={(typed) => onSearch(typed.trim())}
      style={{ width: 260 }}
    />
  );
}

/** Whose orders these are when an account was typed, or why nobody in particular is meant. */
export function TraderSearchNote({ search }: { search: TraderSearch }) {
  const { t } = useTranslation();
  const { trader, picked } = search;
  return (
    <>
      {trader.kind === 'account' && picked?.kind === 'one' ? (
        <Typography.Paragraph>
          {t('console.options.ordersOf')}{' '}
          <UserLink userId={picked.user.id} account={picked.user.email ?? picked.user.phone} />
        </Typography.Paragraph>
      ) : null}
      {picked && picked.kind !== 'one' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(
            picked.kind === 'none' ? 'console.options.noTrader' : 'console.options.severalTraders',
            { account: search.typed },
          )}
        />
      ) : null}
    </>
  );
}
