import type { LeverageTerms } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../ui/amount-format';
import { ratePercent } from '../leverage-form';

/**
 * The risk disclosure with the terms of positions opened now: what multiplies, when a position is
 * liquidated, what a gap costs under the protection setting in force, the fees, where prices come
 * from. Shown before the contract is opened and on the description page.
 */
export function Disclosure({ terms }: { terms: LeverageTerms }) {
  const { t } = useTranslation();
  const maxMultiple = Math.max(1, ...terms.tiers.map((x) => x.maxMultiple));
  return (
    <section className="lever-card lever-disclosure" data-testid="lever-disclosure">
      <h2 className="lever-disclosure__title">{t('lever.disclosure.title')}</h2>
      <ul>
        <li>{t('lever.disclosure.multiply', { max: maxMultiple })}</li>
        <li>{t('lever.disclosure.liquidation', { rate: ratePercent(terms.maintenanceRate) })}</li>
        <li>
          {t(
            terms.negativeBalanceProtection
              ? 'lever.disclosure.protectionOn'
              : 'lever.disclosure.protectionOff',
          )}
        </li>
        <li>
          {t('lever.disclosure.fees', {
            lotPrice: formatMoneyText(terms.lotPrice, 'USDT'),
            open: ratePercent(terms.openFeeRate),
            close: ratePercent(terms.closeFeeRate),
          })}
        </li>
        <li>{t('lever.disclosure.prices')}</li>
        <li>{t('lever.disclosure.books')}</li>
      </ul>
    </section>
  );
}
