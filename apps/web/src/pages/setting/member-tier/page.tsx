import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberTier } from '../../../features/leverage/api/leverage-queries';
import { TierTable } from '../../../features/leverage/components/tier-table';
import { progressPercent, volumeMissing } from '../../../features/leverage/tier-progress';
import '../../../features/leverage/leverage.css';
import { LEVER_INDEX_PATH } from '../../../features/leverage/paths';
import { formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/**
 * The member tier page (ours, from settings and the lever pages): the trader's tier and the
 * multiples it unlocks, the measure (30-day real-book trading volume in USDT across spot, options
 * and contracts) with its parts, the progress to the next tier, and every tier's threshold.
 */
export default function MemberTierPage() {
  const { t } = useTranslation();
  const info = useMemberTier();
  let body;
  if (info.data) {
    const d = info.data;
    const max = Math.max(1, ...d.multiples);
    body = (
      <>
        <section className="lever-card member-tier" data-tier={d.tier}>
          <span className="muted">{t('lever.member.yourTier')}</span>
          <strong className={`member-tier__name tier-chip tier-chip--${d.tier}`}>
            {t(`account.tiers.${d.tier}`)}
          </strong>
          <span data-field="unlocks">{t('lever.member.unlocks', { max })}</span>
          <Link className="lever-link" to={LEVER_INDEX_PATH}>
            {t('lever.member.toLever')}
          </Link>
        </section>
        <section className="lever-card">
          <h2>{t('lever.member.volumeTitle', { days: d.volumeDays })}</h2>
          <dl className="lever-figures">
            <dt>{t('lever.member.volume')}</dt>
            <dd data-field="volume">
              <span className="num">{formatMoneyText(d.volume, 'USDT')}</span>
            </dd>
            <dt>{t('lever.member.parts.spot')}</dt>
            <dd>
              <span className="num">{formatMoneyText(d.parts.spot, 'USDT')}</span>
            </dd>
            <dt>{t('lever.member.parts.options')}</dt>
            <dd>
              <span className="num">{formatMoneyText(d.parts.options, 'USDT')}</span>
            </dd>
            <dt>{t('lever.member.parts.contracts')}</dt>
            <dd>
              <span className="num">{formatMoneyText(d.parts.contracts, 'USDT')}</span>
            </dd>
          </dl>
          {d.next ? (
            <>
              <ProgressBar
                className="member-progress"
                percent={progressPercent(d.progress)}
                text={`${progressPercent(d.progress)}%`}
              />
              <p data-field="next">
                {t('lever.member.next', {
                  tier: t(`account.tiers.${d.next.tier}`),
                  missing: formatMoneyText(volumeMissing(d.volume, d.next.threshold), 'USDT'),
                  max: Math.max(1, ...d.next.multiples),
                })}
              </p>
            </>
          ) : (
            <p data-field="next">{t('lever.member.top')}</p>
          )}
          <p>{t('lever.member.measure', { days: d.volumeDays })}</p>
        </section>
        <section className="lever-card">
          <h2>{t('lever.desc.tiersTitle')}</h2>
          <TierTable tiers={d.tiers} current={d.tier} volumeDays={d.volumeDays} />
        </section>
      </>
    );
  } else if (info.isError) {
    body = <ErrorView title={t('lever.loadFailed')} onRetry={() => void info.refetch()} />;
  } else {
    body = <LoadingView />;
  }
  return (
    <div className="lever-page member-page">
      <PageHeader title={t('lever.member.title')} fallback="/pages/setting/index" />
      {body}
    </div>
  );
}
