import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { ChainReport } from '../chain';
import { ProblemList } from './problem-list';

interface ChainSummaryProps {
  /** null while the browser computes. */
  report: ChainReport | null;
  /** More (older) records are still to load. */
  hasMore: boolean;
}

/** "Verified" over the records loaded, or the first broken record with what disagrees. */
export function ChainSummary({ report, hasMore }: ChainSummaryProps) {
  const { t } = useTranslation();
  if (!report) {
    return (
      <section className="verify-summary" aria-busy="true" data-testid="chain-summary">
        <span className="muted">{t('optionsPublic.verify.checking')}</span>
      </section>
    );
  }
  const broken = report.firstBroken;
  if (broken) {
    return (
      <section
        className="verify-summary verify-summary--broken"
        role="alert"
        data-testid="chain-summary"
        data-state="broken"
      >
        <strong className="verify-summary__title">
          <CloseCircleFill aria-hidden="true" />
          {t('optionsPublic.verify.broken', { seq: broken.seq })}
        </strong>
        <ProblemList problems={broken.problems} />
      </section>
    );
  }
  const first = report.checked[0]?.seq ?? 0;
  const last = report.checked[report.checked.length - 1]?.seq ?? 0;
  return (
    <section
      className="verify-summary verify-summary--ok"
      data-testid="chain-summary"
      data-state="verified"
    >
      <strong className="verify-summary__title">
        <CheckCircleFill aria-hidden="true" />
        {t('optionsPublic.verify.verified')}
      </strong>
      <span>
        {t('optionsPublic.verify.verifiedDetail', {
          count: report.checked.length,
          first,
          last,
          links: report.links,
        })}
      </span>
      {hasMore ? <span className="muted">{t('optionsPublic.verify.partial')}</span> : null}
    </section>
  );
}
