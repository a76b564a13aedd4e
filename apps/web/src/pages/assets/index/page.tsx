import type { AccountType } from '@tidemark/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../../../features/account/api/account-queries';
import { ModeSwitch } from '../../../features/account/components/mode-switch';
import { useUserMoney } from '../../../features/assets/api/assets-queries';
import { WalletBalances } from '../../../features/assets/components/wallet-balances';
import { useStoredFlag } from '../../../ui/stored';
import { parseWallet, transferLink } from '../../../features/assets/wallets';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { useRouteExists } from '../../../ui/route-registry';
import { Summary } from './summary';
import { WalletCards } from './wallet-cards';

/**
 * The assets tab: the current book's total in USDT, its three wallets (coin, contract, cft) with
 * each currency's balances, and the ways to transfer between them and to the account-change log.
 */
export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The wallet tab lives in the link, so coming back from a transfer shows the same wallet.
  const wallet = parseWallet(params.get('wallet'));
  const user = useUserInfo();
  const mode = user.data?.mode;
  const money = useUserMoney(mode);
  const exists = useRouteExists();
  const [hidden, setHidden] = useStoredFlag('assetsHidden');
  const [hideZero, setHideZero] = useStoredFlag('assetsHideZero');
  const data = money.data;

  const showWallet = (next: AccountType) =>
    setParams(next === 'coin' ? {} : { wallet: next }, { replace: true });

  let balances;
  if (data) {
    balances = (
      <WalletBalances balances={data.wallets[wallet]} hidden={hidden} hideZero={hideZero} />
    );
  } else if (money.isError) {
    balances = <ErrorView title={t('errors.networkError')} onRetry={() => void money.refetch()} />;
  } else {
    balances = <LoadingView />;
  }

  return (
    <div className="assets">
      <header className="assets-head">
        <h1 className="assets-head__title">{t('assets.title')}</h1>
        {mode ? <ModeSwitch mode={mode} /> : null}
      </header>
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([user.refetch(), money.refetch()]);
        }}
      >
        <div className="assets__body">
          <Summary
            totalUsdt={data?.totalUsdt}
            hidden={hidden}
            onToggleHidden={() => setHidden(!hidden)}
            onTransfer={() => {
              const link = transferLink(wallet);
              navigate(link.path, { state: link.state });
            }}
            onRecords={() => navigate('/pages/index/list')}
            {...(exists('/pages/deposit/index')
              ? { onDeposit: () => navigate('/pages/deposit/index') }
              : {})}
            {...(exists('/pages/Withdrawal/index')
              ? { onWithdraw: () => navigate('/pages/Withdrawal/index') }
              : {})}
          />
          <WalletCards
            active={wallet}
            totals={data?.walletTotals}
            hidden={hidden}
            onChange={showWallet}
          />
          <section className="assets-wallets" role="tabpanel">
            <div className="assets-wallets__bar">
              <h2 className="assets-wallets__title">{t(`assets.wallets.${wallet}`)}</h2>
              <Checkbox className="assets-wallets__zero" checked={hideZero} onChange={setHideZero}>
                {t('assets.hideZero')}
              </Checkbox>
            </div>
            {balances}
          </section>
        </div>
      </PullToRefresh>
    </div>
  );
}
