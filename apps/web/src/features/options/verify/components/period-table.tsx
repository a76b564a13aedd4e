import type { OptionPeriod } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../../ui/amount-format';
import { PeriodName } from '../../components/period-name';
import { formatPercent } from '../../option-math';

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
        {periods.map((p) => (
          <tr key={p.id}>
            <td>
              <PeriodName seconds={p.seconds} />
            </td>
            <td className="num verify-outcome--win">{formatPercent(p.returnRate)}</td>
            <td className="num">{formatPercent(p.lossRate)}</td>
            <td className="num">
              {formatUsdt(p.minAmount)}–{formatUsdt(p.maxAmount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
