import type { DepositRecord, WithdrawalRecord } from '@tidemark/contract';
import { PictureOutline, RightOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { ImageView } from '../../../ui/image-view';
import { useUploadImage } from '../api/upload-image';
import { DepositStatusTag, WithdrawalStatusTag } from './status-tag';

/** "TQ9f…8xYp": enough of an address or hash to recognise it in a list. */
export function shortText(text: string, head = 6, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** The screenshot of a deposit, fetched only when asked for (it is the user's own upload). */
function ScreenshotButton({ imageId }: { imageId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = useUploadImage(open ? imageId : null);
  return (
    <>
      <button
        type="button"
        className="text-button record-item__image"
        onClick={() => setOpen(true)}
      >
        <PictureOutline /> {t('deposit.record.screenshot')}
      </button>
      {url ? <ImageView image={url} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

interface ItemProps<R> {
  record: R;
  /** Shared by the whole list: building an Intl formatter per row is slow on a phone. */
  dateFormat: Intl.DateTimeFormat;
}

/** The first two lines of a record: what, on which chain, its state, how much, and when. */
function RecordSummary({
  record,
  dateFormat,
  status,
}: ItemProps<DepositRecord | WithdrawalRecord> & { status: ReactNode }) {
  return (
    <>
      <div className="record-item__head">
        <strong>
          {record.currency} <span className="muted">{record.chain}</span>
        </strong>
        {status}
      </div>
      <div className="record-item__body">
        <span className="record-item__amount" dir="ltr">
          {formatAmount(record.amount, record.currency)} <small>{record.currency}</small>
        </span>
        <time dateTime={new Date(record.createdAt).toISOString()}>
          {dateFormat.format(record.createdAt)}
        </time>
      </div>
    </>
  );
}

/** One deposit request: what, on which chain, how much, when, its state and why it was refused. */
export function DepositRecordItem({ record, dateFormat }: ItemProps<DepositRecord>) {
  const { t } = useTranslation();
  return (
    <li className="record-item" data-id={record.id} data-status={record.status}>
      <RecordSummary
        record={record}
        dateFormat={dateFormat}
        status={<DepositStatusTag status={record.status} />}
      />
      {record.txHash ? (
        <span className="record-item__line muted">
          {t('deposit.record.txHash')}{' '}
          <span className="mono" dir="ltr">
            {shortText(record.txHash, 8, 8)}
          </span>
        </span>
      ) : null}
      {record.status === 'rejected' && record.reason ? (
        <p className="record-item__reason">
          {t('deposit.record.reason', { reason: record.reason })}
        </p>
      ) : null}
      <ScreenshotButton imageId={record.imageId} />
    </li>
  );
}

interface WithdrawalItemProps extends ItemProps<WithdrawalRecord> {
  onOpen: (id: number) => void;
}

/** One withdrawal: what, where to, how much (and the fee), when, its step, and why it ended. */
export function WithdrawalRecordItem({ record, dateFormat, onOpen }: WithdrawalItemProps) {
  const { t } = useTranslation();
  const refused = record.status === 'rejected' || record.status === 'authFailed';
  return (
    <li className="record-item" data-id={record.id} data-status={record.status}>
      <button type="button" className="record-item__open" onClick={() => onOpen(record.id)}>
        <RecordSummary
          record={record}
          dateFormat={dateFormat}
          status={
            <span className="record-item__tag">
              <WithdrawalStatusTag status={record.status} />
              <RightOutline className="flip-rtl muted" />
            </span>
          }
        />
        <span className="record-item__line muted">
          {t('withdraw.fee')} {formatMoneyText(record.fee, record.currency)} ·{' '}
          <span className="mono" dir="ltr">
            {shortText(record.address)}
          </span>
        </span>
        {refused && record.reason ? (
          <p className="record-item__reason">
            {t('deposit.record.reason', { reason: record.reason })}
          </p>
        ) : null}
      </button>
    </li>
  );
}
