import { TokenListPage } from '../../../features/money/components/token-list-page';

/** deposit/tokenList: the currencies that can be deposited now, with their chains. */
export default function DepositTokenListPage() {
  return <TokenListPage direction="deposit" />;
}
