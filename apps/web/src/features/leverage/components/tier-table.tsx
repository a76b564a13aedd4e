import type { MemberTier, TierTerms } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../ui/amount-format';
import { Multiple } from './multiple';

/** The member tiers: the 30-day volume each needs and the multiples it allows; `current` marked. */
export function TierTable({
  tiers,
  current,
  volumeDays,
}: {
  tiers: readonly TierTerms[];
  current?: MemberTier;
  volumeDays: number;
}) {
  const { t } = useTranslation();
  return (
    <table className="lever-table" data-testid="tier-table">
      <thead>
        <tr>
          <th>{t('lever.tiers.tier')}</th>
          <th>{t('lever.tiers.threshold', { days: volumeDays })}</th>
          <th>{t('lever.tiers.multiples')}</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.tier} data-tier={tier.tier} aria-current={tier.tier === current}>
            <td>{t(`account.tiers.${tier.tier}`)}</td>
            {/* Figures left to right in their own span: the cell keeps the page's direction, so in
                Arabic they start at the right like their heading. */}
            <td>
              <span className="num">{formatMoneyText(tier.threshold, 'USDT')}</span>
            </td>
            <td>
              <span className="lever-multiples">
                {tier.multiples.map((m) => (
                  <Multiple key={m} value={m} />
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
