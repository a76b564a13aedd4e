import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { serverNow } from '../../../api/server-clock';
import { recordDateFormat } from '../../../features/assets/date-format';
import { useConfigValue } from '../../../features/content/api/content-queries';
import { useWithdrawal } from '../../../features/money/api/money-queries';
import { CopyIcon } from '../../../features/money/components/copy-icon';
import { WithdrawalStatusTag } from '../../../features/money/components/status-tag';
import { isOverdue, WithdrawalSteps } from '../../../features/money/components/withdrawal-steps';
import { MONEY_ROUTES, parseId, withQuery } from '../../../features/money/routes';
import { formatAmount, formatMoneyText } from '../../../ui/amount-format';
import { copyText } from '../../../ui/copy';
import { EmptyData } from '../../../ui/empty-data';
import { ErrorView } from '../../../ui/error-view';
import { currentLanguage } from '../../../ui/i18n';
import { LoadingView } from '../../../ui/loading-view';
import { PageHeader } from '../../../ui/page-header';
import { useRouteExists } from '../../../ui/route-registry';
import '../../../features/money/money.css';

/** The server's time, moving on every half minute: enough to notice a withdrawal is overdue. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Where "contact online customer service" leads: the configured service URL, an in-app route
 * ("#/pages/index/service") only once that page exists, so the link never leads nowhere.
 */
function useServiceLink(): { href: string; inApp: boolean } | null {
  const url = useConfigValue('serviceUrl').data;
  const exists = useRouteExists();
  if (!url) return null;
  if (url.startsWith('#/'))
    return exists(url.slice(1)) ? { href: url.slice(1), inApp: true } : null;
  return /^https?:\/\//.test(url) ? { href: url, inApp: false } : null;
}

/**
 * deposit/withdrawalDetails: one withdrawal's steps (application -> risk-control verification ->
 * block packaging -> completed, or rejected with reason / authentication failed), its figures, and
 * past the estimated time the "contact online customer service" text with its link.
 */
export default function WithdrawalDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const withdrawal = useWithdrawal(id);
  const now = useNow();
  const service = useServiceLink();
  const language = currentLanguage();
  const dateFormat = useMemo(() => recordDateFormat(language), [language]);
  const records = withQuery(MONEY_ROUTES.records, { tab: 'withdrawal' });

  let body;
  const record = withdrawal.data;
  if (id === null || record === null) {
    body = <EmptyData text={t('errors.notFound')} />;
  } else if (withdrawal.isError && !record) {
    body = <ErrorView title={t('errors.networkError')} onRetry={() => void withdrawal.refetch()} />;
  } else if (!record) {
    body = <LoadingView />;
  } else {
    const rows: [string, ReactNode][] = [
      [t('withdraw.details.currency'), `${record.currency} · ${record.chain}`],
      [t('withdraw.amount'), formatMoneyText(record.amount, record.currency)],
      [t('withdraw.fee'), formatMoneyText(record.fee, record.currency)],
      // A rejected or failed withdrawal gave its hold back: say so rather than "deducted".
      [
        t(
          record.status === 'rejected' || record.status === 'authFailed'
            ? 'withdraw.details.returned'
            : 'withdraw.total',
        ),
        formatMoneyText(record.total, record.currency),
      ],
      [t('withdraw.details.requestedAt'), dateFormat.format(record.createdAt)],
      record.finishedAt === null
        ? [t('withdraw.details.estimatedAt'), dateFormat.format(record.estimatedAt)]
        : [t('withdraw.details.finishedAt'), dateFormat.format(record.finishedAt)],
    ];
    body = (
      <>
        <section className="withdraw-summary" data-status={record.status}>
          <span className="muted">{t('withdraw.amount')}</span>
          <strong className="withdraw-summary__amount" dir="ltr">
            {formatAmount(record.amount, record.currency)} <small>{record.currency}</small>
          </strong>
          <WithdrawalStatusTag status={record.status} />
        </section>

        {isOverdue(record, now) ? (
          <div className="withdraw-overdue" role="note">
            <p>{t('errors.withdrawalOverdue')}</p>
            {service ? (
              service.inApp ? (
                <button
                  type="button"
                  className="text-button"
                  onClick={() => navigate(service.href)}
                >
                  {t('withdraw.details.contactService')}
                </button>
              ) : (
                <a href={service.href} target="_blank" rel="noreferrer">
                  {t('withdraw.details.contactService')}
                </a>
              )
            ) : null}
          </div>
        ) : null}

        <section className="money-card">
          <h2 className="money-card__title">{t('withdraw.details.steps')}</h2>
          <WithdrawalSteps record={record} dateFormat={dateFormat} />
        </section>

        <section className="money-card">
          <dl className="detail-rows">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div>
              <dt>{t('withdraw.details.address')}</dt>
              <dd className="detail-rows__address">
                <span className="mono" dir="ltr">
                  {record.address}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('deposit.copy')}
                  onClick={() => void copyText(record.address)}
                >
                  <CopyIcon />
                </button>
              </dd>
            </div>
            {record.txHash ? (
              <div>
                <dt>{t('deposit.record.txHash')}</dt>
                <dd className="mono detail-rows__hash" dir="ltr">
                  {record.txHash}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
        <p className="form-hint">{t('withdraw.details.hint')}</p>
      </>
    );
  }

  return (
    <div>
      <PageHeader title={t('withdraw.details.title')} fallback={records} />
      <div className="page-body money-page">{body}</div>
    </div>
  );
}
