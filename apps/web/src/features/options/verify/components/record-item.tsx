import type { SettlementRecord } from '@tidemark/contract';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../../ui/amount-format';

interface RecordItemProps {
  record: SettlementRecord;
  /** Whether the browser found a problem in it (undefined while it computes). */
  holds: boolean | undefined;
  dateFormat: Intl.DateTimeFormat;
  onOpen: (seq: number) => void;
}

/** One settlement in the list: what was bet, how it ended, and whether it holds. */
export function RecordItem({ record, holds, dateFormat, onOpen }: RecordItemProps) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="verify-record"
        data-seq={record.seq}
        onClick={() => onOpen(record.seq)}
      >
        <span className="verify-record__top">
          <span className="num">#{record.seq}</span>
          <span className="num">{record.symbol}</span>
          <span className={`option-item__direction--${record.direction}`}>
            {t(`optionsTrade.directions.${record.direction}`)}
          </span>
          <span className="muted">{t(`optionsTrade.details.books.${record.book}`)}</span>
          <span className="verify-record__state">
            {holds === undefined ? null : holds ? (
              <CheckCircleFill className="verify-ok" aria-label={t('optionsPublic.verify.holds')} />
            ) : (
              <CloseCircleFill
                className="verify-bad"
                aria-label={t('optionsPublic.verify.doesNotHold')}
              />
            )}
          </span>
        </span>
        <span className="verify-record__row">
          <span className="muted">{dateFormat.format(record.expiry)}</span>
          <span className={`verify-outcome verify-outcome--${record.outcome}`}>
            {t(`optionsPublic.outcome.${record.outcome}`)}
          </span>
        </span>
        <span className="verify-record__row">
          <span>
            <span className="muted">{t('optionsPublic.field.stake')} </span>
            <span className="num">{formatUsdt(record.stake)}</span>
          </span>
          <span>
            <span className="muted">{t('optionsPublic.field.payout')} </span>
            <span className="num">{formatUsdt(record.payout)}</span>
          </span>
        </span>
        <span className="verify-record__hash num">{record.hash}</span>
      </button>
    </li>
  );
}
