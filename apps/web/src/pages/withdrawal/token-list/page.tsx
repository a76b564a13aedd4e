import { TokenListPage } from '../../../features/money/components/token-list-page';

/** Withdrawal/tokenList: the currencies that can be withdrawn now, with their chains. */
export default function WithdrawTokenListPage() {
  return <TokenListPage direction="withdraw" />;
}
