import { formatMoney, type LeverageTick } from '@tidemark/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { recordDateFormat } from '../../../features/assets/date-format';
import { usePositionResult } from '../../../features/leverage/api/leverage-queries';
import { PositionActions } from '../../../features/leverage/components/position-actions';
import { priceText, statusKey, toneOf } from '../../../features/leverage/components/position-item';
import { useLiveLeverage } from '../../../features/leverage/hooks/use-live-leverage';
import { Multiple } from '../../../features/leverage/components/multiple';
import { liveFigures, ratePercent } from '../../../features/leverage/leverage-form';
import '../../../features/leverage/leverage.css';
import { LEVER_RECORD_PATH } from '../../../features/leverage/paths';
import { positionResult } from '../../../features/leverage/position-result';
import { useProducts } from '../../../features/market/api/products';
import { useTickers } from '../../../features/market/api/tickers';
import { isSuspended } from '../../../features/market/market-status';
import { formatMoneyText, formatSigned } from '../../../ui/amount-format';
import { ItemErrorView } from '../../../ui/item-error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { RELATED_KEYS } from '../lever-trade/use-open-position';

function Row({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-field={field}>{children}</dd>
    </>
  );
}

/**
 * One position (pages/lever/details?id=N): every stored input of its result (lots, lot price,
 * multiple, the fee and maintenance rates and the protection it was opened with), the entry and
 * exit ticks with their times and feed sequence numbers, fees, P&L, what came back (or was owed,
 * or covered by the insurance fund) and the net result, lines that add up (position-result), and
 * how it closed: by the trader, take-profit, stop-loss or liquidation. An open one is marked live and
 * keeps its actions.
 */
export default function LeverDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  useLiveLeverage();
  const result = usePositionResult(valid ? id : null);
  const tickers = useTickers();
  const { bySymbol } = useProducts();
  const language = currentLanguage();
  const dates = useMemo(() => recordDateFormat(language), [language]);
  const time = (ms: number | null) => (ms === null ? '--' : dates.format(new Date(ms)));
  const position = result.data;

  let body;
  if (position) {
    const places = bySymbol.get(position.symbol)?.pricePrecision ?? 2;
    const ticker = tickers.data?.find((x) => x.symbol === position.symbol);
    const price = ticker?.price ?? undefined;
    const open = position.status === 'open';
    const live = open ? liveFigures(position, price ?? position.markPrice ?? undefined) : null;
    const { pnl, equity, fees, net, back, owed, covered } = positionResult(position, live);
    const usdt = (v: string | null) => (v === null ? '--' : formatMoneyText(v, 'USDT'));
    const tick = (prefix: string, label: string, value: LeverageTick | null) => (
      <>
        <dt className="lever-details__section">{label}</dt>
        <dd />
        <Row label={t('lever.details.price')} field={`${prefix}-price`}>
          <span className="num">{priceText(value?.price, places)}</span>
        </Row>
        <Row label={t('lever.details.time')} field={`${prefix}-time`}>
          {time(value?.time ?? null)}
        </Row>
        <Row label={t('lever.details.feedSeq')} field={`${prefix}-seq`}>
          <span className="num">{value?.feedSeq ?? '--'}</span>
        </Row>
      </>
    );
    body = (
      <section
        className="lever-card lever-details"
        data-status={position.status}
        data-closed-by={position.closedBy ?? undefined}
      >
        <dl className="lever-figures">
          <Row label={t('lever.details.id')} field="id">
            <span className="num">{position.id}</span>
          </Row>
          <Row label={t('lever.symbol')} field="symbol">
            <span className="num">{position.symbol}</span>
          </Row>
          <Row label={t('lever.direction')} field="direction">
            <span className={position.direction === 'long' ? 'lever-long' : 'lever-short'}>
              {t(`lever.directions.${position.direction}`)}
            </span>
          </Row>
          <Row label={t('lever.details.book')} field="book">
            {t(`account.modes.${position.mode}`)}
          </Row>
          <Row label={t('lever.details.status')} field="status">
            {t(statusKey(position))}
          </Row>
          <Row label={t('lever.lots')} field="lots">
            <span className="num">{position.lots}</span>
          </Row>
          <Row label={t('lever.lotPrice')} field="lot-price">
            <span className="num">{usdt(position.lotPrice)}</span>
          </Row>
          <Row label={t('lever.multiple')} field="multiple">
            <Multiple value={position.multiple} />
          </Row>
          <Row label={t('lever.margin')} field="margin">
            <span className="num">{usdt(position.margin)}</span>
          </Row>
          <Row label={t('lever.topUp')} field="top-up">
            <span className="num">{usdt(position.topUp)}</span>
          </Row>
          <Row label={t('lever.positionValue')} field="value">
            <span className="num">{usdt(position.positionValue)}</span>
          </Row>
          <Row
            label={t('lever.openFee', { rate: ratePercent(position.openFeeRate) })}
            field="open-fee"
          >
            <span className="num">{usdt(position.openFee)}</span>
          </Row>
          <Row
            label={t('lever.closeFee', { rate: ratePercent(position.closeFeeRate) })}
            field="close-fee"
          >
            <span className="num">{usdt(position.closeFee)}</span>
          </Row>
          <Row
            label={t('lever.details.maintenance', { rate: ratePercent(position.maintenanceRate) })}
            field="maintenance"
          >
            <span className="num">{usdt(position.maintenance)}</span>
          </Row>
          <Row label={t('lever.details.protection')} field="protection">
            {t(position.protection ? 'lever.details.on' : 'lever.details.off')}
          </Row>
          <Row label={t('lever.details.openTime')} field="open-time">
            {time(position.openTime)}
          </Row>
          <Row label={t('lever.details.closeTime')} field="close-time">
            {time(position.closeTime)}
          </Row>
          {tick('entry', t('lever.details.entryTick'), position.entry)}
          {tick('exit', t('lever.details.exitTick'), position.exit)}
          <dt className="lever-details__section">{t('lever.details.result')}</dt>
          <dd />
          {open ? (
            <Row label={t('lever.markPrice')} field="mark">
              <span className="num">{live ? priceText(formatMoney(live.mark), places) : '--'}</span>
            </Row>
          ) : null}
          <Row label={t('lever.liquidationPrice')} field="liquidation">
            <span className="num">{priceText(position.liquidationPrice, places)}</span>
          </Row>
          <Row label={t('lever.takeProfit')} field="take-profit">
            <span className="num">{priceText(position.takeProfit, places)}</span>
          </Row>
          <Row label={t('lever.stopLoss')} field="stop-loss">
            <span className="num">{priceText(position.stopLoss, places)}</span>
          </Row>
          <Row label={t('lever.pnl')} field="pnl">
            <span className={`num ${toneOf(pnl)}`}>{pnl ? formatSigned(pnl, 'USDT') : '--'}</span>
          </Row>
          <Row label={t('lever.equity')} field="equity">
            <span className="num">{usdt(equity)}</span>
          </Row>
          {open ? null : (
            <>
              <Row label={t('lever.details.fees')} field="fees">
                <span className="num">{usdt(fees)}</span>
              </Row>
              {covered ? (
                <Row label={t('lever.details.gapCovered')} field="gap">
                  <span className="num">{usdt(covered)}</span>
                </Row>
              ) : null}
              {owed ? (
                <Row label={t('lever.details.owed')} field="owed">
                  <span className="num lever-down">{usdt(owed)}</span>
                </Row>
              ) : (
                <Row label={t('lever.details.payout')} field="payout">
                  <span className="num">{usdt(back)}</span>
                </Row>
              )}
              <Row label={t('lever.details.net')} field="net">
                <span className={`num ${toneOf(net)}`}>
                  {net ? formatSigned(net, 'USDT') : '--'}
                </span>
              </Row>
            </>
          )}
        </dl>
        {open ? null : <p className="muted lever-details__sum">{t('lever.details.sum')}</p>}
        {open ? (
          <PositionActions
            position={position}
            price={price}
            pricePlaces={places}
            related={RELATED_KEYS}
            suspended={isSuspended(ticker)}
          />
        ) : null}
      </section>
    );
  } else if (result.isError || !valid) {
    body = (
      <ItemErrorView
        notFound={t('lever.details.notFound')}
        error={result.error}
        onRetry={valid ? () => void result.refetch() : undefined}
      />
    );
  } else {
    body = <LoadingView />;
  }

  return (
    <div className="lever-page">
      <PageHeader title={t('lever.details.title')} fallback={LEVER_RECORD_PATH} />
      {body}
    </div>
  );
}
