import type { OptionPeriod, OptionTerms } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../../ui/amount-format';
import { LoadingView } from '../../../../ui/loading-view';
import { PeriodName } from '../../components/period-name';
import { formatPercent } from '../../option-math';

/** The periods' table of a product, with the terms of orders placed now, as the server answers them. */
function PeriodTable({ periods }: { periods: readonly OptionPeriod[] }) {
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

interface ProductPeriodsProps {
  product: OptionTerms['products'][number];
  /** Its periods query. */
  periods: { data?: { list: readonly OptionPeriod[] }; isError: boolean } | undefined;
  /** Shown beside the symbol while the product is open (the overview's way to trade it). */
  children?: ReactNode;
}

/** A product and its periods, as the overview and the description list each one. */
export function ProductPeriods({ product, periods, children }: ProductPeriodsProps) {
  const { t } = useTranslation();
  let table;
  if (periods?.data) table = <PeriodTable periods={periods.data.list} />;
  else if (periods?.isError) table = <p className="muted">{t('optionsPublic.info.loadFailed')}</p>;
  else table = <LoadingView />;
  return (
    <section className="options-product" data-symbol={product.symbol}>
      <div className="options-product__head">
        <strong className="num">{product.symbol}</strong>
        {product.enabled ? (
          children
        ) : (
          <span className="muted">{t('optionsPublic.info.closed')}</span>
        )}
      </div>
      {table}
    </section>
  );
}
