import {
  ACCOUNT_CHANGE_FILTERS,
  ACCOUNT_TYPES,
  QUOTE_CURRENCY,
  type AccountChangeFilter,
  type AccountType,
  type WalletBalance,
} from '@tidemark/contract';

/** The wallet a link names (`?from=contract`), if it names one. */
function walletNamed(value: string | null): AccountType | undefined {
  return ACCOUNT_TYPES.find((w) => w === value);
}

/** A wallet named in a link (`?from=contract`); anything else is the coin wallet. */
export function parseWallet(value: string | null): AccountType {
  return walletNamed(value) ?? 'coin';
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
  const to = walletNamed(named);
  return to && to !== from ? to : defaultDestination(from);
}

/** Link state of a page that wants the trader back once the transfer is done. */
export interface TransferState {
  returnAfter: true;
}

/**
 * The transfer page from `from` (to `to`, else the default destination), opened from a page that
 * needs the funds: once the transfer is done, the trader is back on that page.
 */
export function transferLink(
  from: AccountType,
  to?: AccountType,
): { path: string; state: TransferState } {
  return {
    path: `/pages/assets/Transfer?from=${from}${to ? `&to=${to}` : ''}`,
    state: { returnAfter: true },
  };
}

/** The currencies a transfer can take from a wallet: USDT always (the default), then what it holds. */
export function transferCurrencies(balances: readonly WalletBalance[]): string[] {
  return [...new Set([QUOTE_CURRENCY, ...balances.map((b) => b.currency)])];
}

/** The available balance of one currency in a wallet; none held is zero. */
export function availableOf(balances: readonly WalletBalance[], currency: string): string {
  return balances.find((b) => b.currency === currency)?.available ?? '0';
}
