import {
  ACCOUNT_CHANGE_FILTERS,
  ACCOUNT_TYPES,
  QUOTE_CURRENCY,
  type AccountChangeFilter,
  type AccountType,
  type WalletBalance,
} from '@tidemark/contract';

/** A wallet named in a link (`?from=contract`); anything else is the coin wallet. */
export function parseWallet(value: string | null): AccountType {
  return ACCOUNT_TYPES.find((w) => w === value) ?? 'coin';
}

/** A log filter named in a link (`?type=other`); anything else is all. */
export function parseFilter(value: string | null): AccountChangeFilter {
  return ACCOUNT_CHANGE_FILTERS.find((f) => f === value) ?? 'all';
}

/** Where a transfer goes by default: the coin wallet feeds the others, the others go back to it. */
export function defaultDestination(from: AccountType): AccountType {
  return from === 'coin' ? 'contract' : 'coin';
}

/**
 * Where a transfer goes: the wallet a link names (`?to=cft` from the subscribe page, say) when it
 * is another than the source, else the default.
 */
export function destinationOf(from: AccountType, named: string | null): AccountType {
  const to = ACCOUNT_TYPES.find((w) => w === named);
  return to && to !== from ? to : defaultDestination(from);
}

/** The currencies a transfer can take from a wallet: USDT always (the default), then what it holds. */
export function transferCurrencies(balances: readonly WalletBalance[]): string[] {
  return [...new Set([QUOTE_CURRENCY, ...balances.map((b) => b.currency)])];
}

/** The available balance of one currency in a wallet; none held is zero. */
export function availableOf(balances: readonly WalletBalance[], currency: string): string {
  return balances.find((b) => b.currency === currency)?.available ?? '0';
}
