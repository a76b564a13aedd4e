import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../api/session';
import { useLeverageTerms } from '../../../features/leverage/api/leverage-queries';
import { Disclosure } from '../../../features/leverage/components/disclosure';
import { TierTable } from '../../../features/leverage/components/tier-table';
import { ratePercent } from '../../../features/leverage/leverage-form';
import '../../../features/leverage/leverage.css';
import { LEVER_INDEX_PATH, MEMBER_TIER_PATH } from '../../../features/leverage/paths';
import { formatMoneyText } from '../../../ui/amount-format';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/** The formulas, as the contract's rules compute them; symbols stay Latin in every language. */
const FORMULAS = [
  'margin',
  'value',
  'fees',
  'pnl',
  'equity',
  'liquidationLong',
  'liquidationShort',
] as const;

/**
 * How the leveraged contract works (pages/lever/desc): opening it once, lots and their price,
 * multiples by member tier, every formula, take-profit and stop-loss, liquidation, negative
 * balances under the protection setting in force, and the risks, with the terms as they are now.
 */
export default function LeverDescPage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const terms = useLeverageTerms();
  const header = <PageHeader title={t('lever.desc.title')} fallback={LEVER_INDEX_PATH} />;
  if (!terms.data) {
    return (
      <div className="lever-page">
        {header}
        {terms.isError ? (
          <ErrorView title={t('lever.loadFailed')} onRetry={() => void terms.refetch()} />
        ) : (
          <LoadingView />
        )}
      </div>
    );
  }
  const data = terms.data;
  const section = (key: string, params: Record<string, unknown> = {}) => (
    <section className="lever-card" key={key} data-section={key}>
      <h2>{t(`lever.desc.${key}Title`)}</h2>
      <p>{t(`lever.desc.${key}`, params)}</p>
    </section>
  );
  return (
    <div className="lever-page lever-desc">
      {header}
      {section('what')}
      {section('open')}
      {section('lots', { lotPrice: formatMoneyText(data.lotPrice, 'USDT') })}
      <section className="lever-card" data-section="tiers">
        <h2>{t('lever.desc.tiersTitle')}</h2>
        <p>{t('lever.desc.tiers', { days: data.volumeDays })}</p>
        <TierTable tiers={data.tiers} volumeDays={data.volumeDays} />
        {token ? (
          <Link className="lever-link" to={MEMBER_TIER_PATH}>
            {t('lever.links.member')}
          </Link>
        ) : null}
      </section>
      <section className="lever-card" data-section="formulas">
        <h2>{t('lever.desc.formulasTitle')}</h2>
        <dl className="lever-figures">
          {FORMULAS.map((key) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{t(`lever.desc.formula.${key}`)}</dt>
              <dd className="lever-formula">{t(`lever.desc.formulaText.${key}`)}</dd>
            </div>
          ))}
        </dl>
        <p>
          {t('lever.desc.rates', {
            open: ratePercent(data.openFeeRate),
            close: ratePercent(data.closeFeeRate),
            maintenance: ratePercent(data.maintenanceRate),
          })}
        </p>
      </section>
      {section('tpsl')}
      {section('liquidation', { rate: ratePercent(data.maintenanceRate) })}
      {section(data.negativeBalanceProtection ? 'protectionOn' : 'protectionOff')}
      {section('terms')}
      <Disclosure terms={data} />
    </div>
  );
}
