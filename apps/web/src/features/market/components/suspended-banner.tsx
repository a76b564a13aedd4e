import type { Ticker } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { isSuspended } from '../market-status';
import '../suspension.css';

interface SuspendedBannerProps {
  /** The coin's live ticker; nothing is shown while it loads or while the market is open. */
  ticker: Pick<Ticker, 'symbol' | 'status' | 'sources'> | undefined;
  /** What the suspension means on this page (the options, lever or spot rules). */
  note?: string | undefined;
}

/**
 * A trade screen's word on a blind market (issue 17): the coin is suspended because too few live
 * price sources report, what that pauses here, and that trading resumes by itself. It comes and
 * goes with the live ticker, so the page needs no reload when the sources return.
 */
export function SuspendedBanner({ ticker, note }: SuspendedBannerProps) {
  const { t } = useTranslation();
  if (!ticker || !isSuspended(ticker)) return null;
  return (
    <section
      className="suspended-banner"
      role="status"
      data-testid="suspended-banner"
      data-symbol={ticker.symbol}
    >
      <strong className="suspended-banner__title">
        {t('marketStatus.title', { symbol: ticker.symbol })}
      </strong>
      <p>
        {t('marketStatus.reason')}{' '}
        <span className="suspended-banner__sources">
          {t('marketStatus.sources', { count: ticker.sources })}
        </span>
      </p>
      {note ? <p>{note}</p> : null}
      <p className="suspended-banner__resumes">{t('marketStatus.resumes')}</p>
    </section>
  );
}
