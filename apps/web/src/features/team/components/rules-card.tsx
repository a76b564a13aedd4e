import { ratePercentText, type TeamTerms } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';

/** The rebate rules with the configured rates, window, zone and transfer day. */
export function RulesCard({ terms }: { terms: TeamTerms }) {
  const { t } = useTranslation();
  const level2 = /[1-9]/.test(terms.depositRate2) || /[1-9]/.test(terms.profitRate2);
  return (
    <section className="team-rules">
      <h2>{t('team.rulesTitle')}</h2>
      <ol>
        <li>{t('team.ruleDeposit', { rate: ratePercentText(terms.depositRate) })}</li>
        <li>{t('team.ruleProfit', { rate: ratePercentText(terms.profitRate) })}</li>
        {level2 ? (
          <li>
            {t('team.ruleLevel2', {
              deposit: ratePercentText(terms.depositRate2),
              profit: ratePercentText(terms.profitRate2),
            })}
          </li>
        ) : (
          <li>{t('team.ruleLevel2None')}</li>
        )}
        <li>
          {t('team.ruleWindow', {
            from: terms.windowStart,
            to: terms.windowEnd,
            zone: terms.timeZone,
          })}
        </li>
        <li>{t('team.ruleTransferDay', { day: terms.transferDay })}</li>
        <li>{t('team.ruleReal')}</li>
        <li>{t('team.ruleBudget')}</li>
      </ol>
    </section>
  );
}
