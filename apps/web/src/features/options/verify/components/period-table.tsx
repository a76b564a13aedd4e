import type { OptionPeriod } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../../ui/amount-format';
import { periodParts, ratePercent } from '../format';

/** A product's periods with the terms of orders placed now, as the server answers them. */
export function PeriodTable({ periods }: { periods: readonly OptionPeriod[] }) {
  const { t } = useTranslation();
  return (
    <table className="options-table">
      <thead>
        <tr>
          <th>{t('optionsPublic.info.period')}</th>
          <th>{t('optionsPublic.field.returnRate')}</th>
          <th>{t('optionsPublic.field.lossRate')}</th>
          <th>{t('optionsPublic.info.limits')}</th>
        </tr>
      </thead>
      <tbody>
        {periods.map((p) => {
          const { count, unit } = periodParts(p.seconds);
          return (
            <tr key={p.id}>
              <td className="num">{t(`optionsPublic.info.unit.${unit}`, { count })}</td>
              <td className="num verify-outcome--win">{ratePercent(p.returnRate)}</td>
              <td className="num">{ratePercent(p.lossRate)}</td>
              <td className="num">
                {formatUsdt(p.minAmount)}–{formatUsdt(p.maxAmount)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
