import Button from 'antd-mobile/es/components/button';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMoneyOrder } from '../../../features/financial/api/financial-queries';
import { OrderItem } from '../../../features/financial/components/order-item';
import '../../../features/financial/financial.css';
import { FINANCIAL_INDEX_PATH, FINANCIAL_RECORD_PATH } from '../../../features/financial/paths';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';

/** After a subscription (pages/Financial/success?id=): the order as bought and where to go next. */
export default function FinancialSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const order = useMoneyOrder(valid ? id : null);

  let body;
  if (!valid) body = <EmptyData text={t('financial.noOrders')} />;
  else if (order.data) body = <OrderItem order={order.data} />;
  else if (order.isError)
    body = <ErrorView title={t('financial.loadFailed')} onRetry={() => void order.refetch()} />;
  else body = <LoadingView />;

  return (
    <div className="fin-page">
      <PageHeader title={t('financial.success.title')} fallback={FINANCIAL_INDEX_PATH} />
      <section className="fin-card fin-success" data-testid="fin-success">
        <CheckCircleFill className="fin-success__mark" aria-hidden />
        <strong>{t('financial.success.heading')}</strong>
        <p className="fin-note">
          {order.data
            ? t('financial.success.text', {
                days: order.data.days,
                time: order.data.dividendTime,
                zone: order.data.timeZone,
              })
            : null}
        </p>
      </section>
      <section className="fin-card">{body}</section>
      <div className="fin-card fin-actions" style={{ background: 'transparent', padding: 0 }}>
        <Button onClick={() => navigate(FINANCIAL_RECORD_PATH)}>
          {t('financial.record.title')}
        </Button>
        <Button color="primary" onClick={() => navigate(FINANCIAL_INDEX_PATH, { replace: true })}>
          {t('financial.success.back')}
        </Button>
      </div>
    </div>
  );
}
