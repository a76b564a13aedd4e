import type { OptionTick, SettlementRecord } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../../ui/amount-format';
import type { RecordCheck } from '../chain';
import { formatPercent } from '../../option-math';
import { TickSources } from '../../components/tick-sources';
import { ProblemList } from './problem-list';

interface RecordDetailProps {
  record: SettlementRecord;
  ticks: { strike: readonly OptionTick[]; settle: readonly OptionTick[] };
  /** The browser's check of this record (with its link when the one before is known). */
  check: RecordCheck | null;
  dateFormat: Intl.DateTimeFormat;
}

/** A live tick's exchange prices under its row; nothing for a simulated tick. */
function SourcesRow({ tick, field }: { tick: OptionTick | null; field: string }) {
  const { t } = useTranslation();
  if (!tick?.sources?.length) return null;
  return (
    <div className="verify-field verify-field--sources">
      <dt className="muted">{t('optionsPublic.sources.title')}</dt>
      <dd>
        <TickSources sources={tick.sources} field={field} />
      </dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="verify-field">
      <dt className="muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TickTable({
  title,
  ticks,
  marked,
  expiry,
  dateFormat,
}: {
  title: string;
  ticks: readonly OptionTick[];
  /** The feed sequence of the tick the record uses. */
  marked: number | undefined;
  /** Ticks after it did not count (the settlement is the last one at or before it). */
  expiry?: number;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  return (
    <section className="verify-ticks">
      <h3>{title}</h3>
      {ticks.length === 0 ? (
        <p className="muted">{t('optionsPublic.verify.noTicks')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('optionsPublic.verify.tickTime')}</th>
              <th>{t('optionsPublic.verify.tickPrice')}</th>
              <th>{t('optionsPublic.verify.feedSeq')}</th>
            </tr>
          </thead>
          <tbody>
            {ticks.map((tick) => (
              <tr
                key={tick.feedSeq}
                className={
                  tick.feedSeq === marked
                    ? 'verify-ticks__used'
                    : expiry !== undefined && tick.time > expiry
                      ? 'verify-ticks__after'
                      : undefined
                }
                data-used={tick.feedSeq === marked ? 'true' : undefined}
              >
                <td className="num">{dateFormat.format(tick.time)}</td>
                <td className="num">{tick.price}</td>
                <td className="num">{tick.feedSeq}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Every field of one record, the browser's recomputation of it, and its ticks in context. */
export function RecordDetail({ record, ticks, check, dateFormat }: RecordDetailProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`optionsPublic.field.${key}`);
  const tick = (x: OptionTick | null) =>
    x ? (
      <span className="num">
        {x.price} · {dateFormat.format(x.time)} · #{x.feedSeq}
      </span>
    ) : (
      <span className="muted">{t('optionsPublic.verify.noTick')}</span>
    );
  return (
    <div className="verify-detail" data-testid="record-detail">
      {check === null ? (
        <p className="muted">{t('optionsPublic.verify.checking')}</p>
      ) : check.problems.length === 0 ? (
        <p className="verify-summary verify-summary--ok" data-state="verified">
          {t(
            check.linked
              ? 'optionsPublic.verify.recordOk'
              : 'optionsPublic.verify.recordOkUnlinked',
          )}
        </p>
      ) : (
        <div className="verify-summary verify-summary--broken" role="alert" data-state="broken">
          <strong>{t('optionsPublic.verify.broken', { seq: record.seq })}</strong>
          <ProblemList problems={check.problems} />
        </div>
      )}
      <dl className="verify-fields">
        <Row label={f('order')}>
          <span className="num">{record.orderId}</span>
        </Row>
        <Row label={f('symbol')}>
          <span className="num">{record.symbol}</span> ·{' '}
          {t(`optionsTrade.details.books.${record.book}`)}
        </Row>
        <Row label={f('direction')}>{t(`optionsTrade.directions.${record.direction}`)}</Row>
        <Row label={f('stake')}>
          <span className="num">{formatMoneyText(record.stake, 'USDT')}</span>
        </Row>
        <Row label={f('returnRate')}>
          <span className="num">{formatPercent(record.returnRate)}</span>
        </Row>
        <Row label={f('lossRate')}>
          <span className="num">{formatPercent(record.lossRate)}</span>
        </Row>
        <Row label={f('strike')}>{tick(record.strike)}</Row>
        <SourcesRow tick={record.strike} field="strike-sources" />
        <Row label={f('expiry')}>
          <span className="num">{dateFormat.format(record.expiry)}</span>
        </Row>
        <Row label={f('settle')}>{tick(record.settle)}</Row>
        <SourcesRow tick={record.settle} field="settle-sources" />
        <Row label={f('outcome')}>{t(`optionsPublic.outcome.${record.outcome}`)}</Row>
        <Row label={f('payout')}>
          <span className="num">{formatMoneyText(record.payout, 'USDT')}</span>
        </Row>
        <Row label={f('trader')}>
          <span className="num verify-hash">{record.trader}</span>
        </Row>
        <Row label={f('prevHash')}>
          <span className="num verify-hash">{record.prevHash}</span>
        </Row>
        <Row label={f('hash')}>
          <span className="num verify-hash">{record.hash}</span>
        </Row>
        {check ? (
          <Row label={f('computedHash')}>
            <span className="num verify-hash">{check.computedHash}</span>
          </Row>
        ) : null}
      </dl>
      <p className="muted verify-howto">{t('optionsPublic.verify.howTo')}</p>
      <TickTable
        title={t('optionsPublic.verify.strikeTicks')}
        ticks={ticks.strike}
        marked={record.strike?.feedSeq}
        dateFormat={dateFormat}
      />
      <TickTable
        title={t('optionsPublic.verify.settleTicks')}
        ticks={ticks.settle}
        marked={record.settle?.feedSeq}
        expiry={record.expiry}
        dateFormat={dateFormat}
      />
    </div>
  );
}
