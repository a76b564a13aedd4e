import { QUOTE_CURRENCY } from '@tidemark/contract';
import { languageInfo } from '@tidemark/i18n';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { usePersonAndProfit, useRecentReleases } from '../../../features/team/api/team-queries';
import { EarningsCard } from '../../../features/team/components/earnings-card';
import { RulesCard } from '../../../features/team/components/rules-card';
import { ShareCard } from '../../../features/team/components/share-card';
import { absoluteLink, TEAM_ROUTES } from '../../../features/team/paths';
import { formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { TransferSheet, WithdrawSheet } from './earnings-sheets';
import '../../../features/team/team.css';

/**
 * linkShare/index: the trader's invitation (code, link, QR code, copy, share), team counts,
 * earnings with transfer and withdraw (open on the transfer day, saying when otherwise), the
 * rebate rules as configured, and the platform's latest real releases.
 */
export default function LinkSharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const currency = (params.get('currency') ?? QUOTE_CURRENCY).toUpperCase();
  const person = usePersonAndProfit(currency);
  const recent = useRecentReleases();
  const [sheet, setSheet] = useState<'transfer' | 'withdraw' | null>(null);
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const data = person.data;

  const opensText = useMemo(() => {
    if (!data || data.transferOpen) return null;
    const day = new Intl.DateTimeFormat(languageInfo(language).bcp47, {
      timeZone: data.terms.timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      numberingSystem: 'latn',
    }).format(data.nextTransferAt);
    return t('team.opensOn', { date: day, zone: data.terms.timeZone });
  }, [data, language, t]);

  const pickCurrency = (next: string) =>
    setParams(
      (current) => {
        current.set('currency', next);
        return current;
      },
      { replace: true },
    );

  let body;
  if (person.isError && !data) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void person.refetch()} />;
  } else if (!data) {
    body = <LoadingView />;
  } else {
    body = (
      <>
        <ShareCard
          code={data.inviteCode}
          link={absoluteLink(data.inviteLink, window.location.origin)}
        />
        <EarningsCard
          person={data}
          opensText={opensText}
          onTransfer={() => setSheet('transfer')}
          onWithdraw={() => setSheet('withdraw')}
          onCurrency={pickCurrency}
        />
        <button
          type="button"
          className="team-link-row"
          onClick={() => navigate(TEAM_ROUTES.recommend)}
        >
          <span>{t('team.recordsLink')}</span>
          <RightOutline />
        </button>
        <RulesCard terms={data.terms} />
        <section className="team-recent">
          <h2>{t('team.recentTitle')}</h2>
          {recent.data && recent.data.list.length > 0 ? (
            <ul className="team-items">
              {recent.data.list.map((r, i) => (
                <li key={`${r.at}-${i}`} className="team-item">
                  <span className="team-item__main" dir="ltr">
                    {r.account}
                  </span>
                  <span className="team-item__amount">{formatMoneyText(r.amount, r.currency)}</span>
                  <span>{dateFormat.format(r.at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="team-note">{t('team.recentNone')}</p>
          )}
        </section>
        <TransferSheet
          open={sheet === 'transfer'}
          onClose={() => setSheet(null)}
          currency={data.currency}
          available={data.available}
        />
        <WithdrawSheet
          open={sheet === 'withdraw'}
          onClose={() => setSheet(null)}
          currency={data.currency}
          available={data.available}
        />
      </>
    );
  }

  return (
    <div className="team-page">
      <PageHeader title={t('team.title')} />
      {body}
    </div>
  );
}
