import type { OptionTick } from '@tidemark/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useOrderResult } from '../../../features/options/api/options-queries';
import { useLiveOptions } from '../../../features/options/hooks/use-live-options';
import { PeriodName } from '../../../features/options/components/period-name';
import { TickSources } from '../../../features/options/components/tick-sources';
import '../../../features/options/options.css';
import { exactPrice } from '../../../features/market/format';
import { formatPercent } from '../../../features/options/option-math';
import { OPTIONS_RECORD_PATH, verifyRecordPath } from '../../../features/options/paths';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';
import { ItemErrorView } from '../../../ui/item-error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { useRouteExists } from '../../../ui/route-registry';

function Row({
  label,
  field,
  children,
}: {
  label: string;
  field: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-field={field}>{children}</dd>
    </>
  );
}

/**
 * One option order (pages/futures/details?id=N): every stored input of its result, the strike and
 * settlement ticks with their times and feed sequence numbers (and, for a live feed's tick, the
 * exchange prices it is the median of), the terms, the payout and outcome, and its place in the
 * public settlement record with a link to verify it.
 */
export default function OptionDetailsPage() {
  const { t } = useTranslation();
  const exists = useRouteExists();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  useLiveOptions();
  const result = useOrderResult(valid ? id : null);
  const language = currentLanguage();
  const dates = useMemo(() => recordDateFormat(language), [language]);
  const time = (ms: number) => dates.format(new Date(ms));
  const order = result.data;

  const tick = (prefix: string, label: string, value: OptionTick | null) => (
    <>
      <dt className="option-details__section">{label}</dt>
      <dd />
      {value ? (
        <>
          <Row label={t('optionsTrade.details.price')} field={`${prefix}-price`}>
            <span className="num">{exactPrice(value.price)}</span>
          </Row>
          <Row label={t('optionsTrade.details.time')} field={`${prefix}-time`}>
            <span className="option-details__time">{time(value.time)}</span>
          </Row>
          <Row label={t('optionsTrade.details.feedSeq')} field={`${prefix}-seq`}>
            <span className="num">{value.feedSeq}</span>
          </Row>
          {value.sources?.length ? (
            <>
              <dt className="option-details__sources">{t('optionsPublic.sources.title')}</dt>
              <dd className="option-details__sources">
                <TickSources sources={value.sources} field={`${prefix}-sources`} />
              </dd>
            </>
          ) : null}
        </>
      ) : (
        <Row label={t('optionsTrade.details.price')} field={`${prefix}-price`}>
          --
        </Row>
      )}
    </>
  );

  let body;
  if (order) {
    const status = order.status === 'settled' && order.outcome ? order.outcome : order.status;
    body = (
      <section className="option-details" data-status={order.status}>
        <dl className="option-details__rows">
          <Row label={t('optionsTrade.details.orderId')} field="id">
            <span className="num">{order.id}</span>
          </Row>
          <Row label={t('optionsTrade.symbol')} field="symbol">
            <span className="num">{order.symbol}</span>
          </Row>
          <Row label={t('optionsTrade.direction')} field="direction">
            <span className={`option-item__direction--${order.direction}`}>
              {t(`optionsTrade.directions.${order.direction}`)}
            </span>
          </Row>
          <Row label={t('optionsTrade.period')} field="period">
            <PeriodName seconds={order.periodSeconds} />
          </Row>
          <Row label={t('optionsTrade.details.book')} field="book">
            {t(`optionsTrade.details.books.${order.mode}`)}
          </Row>
          <Row label={t('optionsTrade.confirm.stake')} field="stake">
            <span className="num">{formatMoneyText(order.amount, 'USDT')}</span>
          </Row>
          <Row label={t('optionsTrade.details.returnRate')} field="return-rate">
            <span className="num">{formatPercent(order.returnRate)}</span>
          </Row>
          <Row label={t('optionsTrade.details.lossRate')} field="loss-rate">
            <span className="num">{formatPercent(order.lossRate)}</span>
          </Row>
          <Row label={t('optionsTrade.details.status')} field="status">
            {t(`optionsTrade.statuses.${status}`)}
          </Row>
          <Row label={t('optionsTrade.details.openTime')} field="open-time">
            <span className="option-details__time">{time(order.openTime)}</span>
          </Row>
          <Row label={t('optionsTrade.details.settleTime')} field="settle-time">
            <span className="option-details__time">{time(order.settleTime)}</span>
          </Row>
          {tick('strike', t('optionsTrade.details.strikeTick'), order.strike)}
          {tick('settle', t('optionsTrade.details.settleTick'), order.settle)}
          <Row label={t('optionsTrade.details.payout')} field="payout">
            <span className="num">
              {order.payout === null ? '--' : formatMoneyText(order.payout, 'USDT')}
            </span>
          </Row>
          <Row label={t('optionsTrade.result.profit')} field="profit">
            <span className={`num option-item__profit--${order.outcome ?? 'none'}`}>
              {order.profit === null ? '--' : formatSigned(order.profit, 'USDT')}
            </span>
          </Row>
          <Row label={t('optionsTrade.details.recordSeq')} field="record-seq">
            <span className="num">{order.recordSeq ?? '--'}</span>
          </Row>
          <Row label={t('optionsTrade.details.recordHash')} field="record-hash">
            <span className="option-details__hash">{order.recordHash ?? '--'}</span>
          </Row>
        </dl>
        {order.recordSeq !== null && exists(verifyRecordPath(order.recordSeq)) ? (
          <Link className="option-focus__link" to={verifyRecordPath(order.recordSeq)}>
            {t('optionsTrade.details.verify')}
          </Link>
        ) : null}
      </section>
    );
  } else if (result.isError || !valid) {
    body = (
      <ItemErrorView
        notFound={t('optionsTrade.details.notFound')}
        error={result.error}
        onRetry={valid ? () => void result.refetch() : undefined}
      />
    );
  } else {
    body = <LoadingView />;
  }

  return (
    <div className="option-record">
      <PageHeader title={t('optionsTrade.details.title')} fallback={OPTIONS_RECORD_PATH} />
      {body}
    </div>
  );
}
