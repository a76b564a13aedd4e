import Button from 'antd-mobile/es/components/button';
import type { MoneyProduct } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoneyText } from '../../../ui/amount-format';
import { percent } from '../financial-math';
import { comboPath } from '../paths';
import { Terms } from './terms';

const USDT = 'USDT';

/** A package with every term a buyer sees before subscribing. */
export function ProductCard({
  product,
  action = true,
}: {
  product: MoneyProduct;
  action?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <article className="fin-card" data-testid="fin-product" data-id={product.id}>
      <div className="fin-product__head">
        <span className="fin-product__name">{product.name}</span>
        <span className="fin-badge">{t(`financial.tiers.${product.tier}`)}</span>
        <span className="fin-badge" data-status={product.status}>
          {t(`financial.status.${product.status}`)}
        </span>
      </div>
      <div className="fin-rate">
        <strong className="num">{percent(product.dailyRate)}%</strong>
        <span>{t('financial.product.daily')}</span>
        <span className="num">
          {t('financial.product.yearly', { rate: percent(product.yearlyRate) })}
        </span>
      </div>
      <Terms
        rows={[
          [t('financial.product.period'), t('financial.product.days', { days: product.days })],
          [t('financial.product.min'), formatMoneyText(product.minAmount, USDT)],
          [t('financial.product.max'), formatMoneyText(product.maxAmount, USDT)],
          [t('financial.product.capacity'), formatMoneyText(product.capacity, USDT)],
          [t('financial.product.remaining'), formatMoneyText(product.remaining, USDT), 'remaining'],
          [
            t('financial.product.dividend'),
            `${product.dividendTime} ${product.timeZone}`,
            'dividend',
          ],
          [
            t('financial.product.early'),
            product.lock
              ? t('financial.product.locked')
              : t('financial.product.penalty', { rate: percent(product.penaltyRate) }),
          ],
          [t('financial.product.principal'), t('financial.product.principalBack')],
        ]}
      />
      {action ? (
        <Button
          color="primary"
          block
          disabled={product.status !== 'selling'}
          onClick={() => navigate(comboPath(product.id))}
        >
          {t('financial.product.subscribe')}
        </Button>
      ) : null}
    </article>
  );
}
