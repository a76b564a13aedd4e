import type { PersonAndProfit } from '@tidemark/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../ui/amount-format';

interface EarningsCardProps {
  person: PersonAndProfit;
  /** "Opens on 25 Dec" or nothing when the transfer day is today. */
  opensText: string | null;
  onTransfer: () => void;
  onWithdraw: () => void;
  onCurrency: (currency: string) => void;
}

/**
 * Counts and earnings of one currency: pending (released in the next window), released,
 * transferred, withdrawn, what may still move out, and the two buttons, enabled on the transfer
 * day only (otherwise they say when they open; on that day with nothing released, they say so).
 */
export function EarningsCard({
  person,
  opensText,
  onTransfer,
  onWithdraw,
  onCurrency,
}: EarningsCardProps) {
  const { t } = useTranslation();
  const c = person.currency;
  const cells = [
    ['pending', person.pending],
    ['released', person.released],
    ['transferred', person.transferred],
    ['withdrawn', person.withdrawn],
  ] as const;
  const nothing = !/[1-9]/.test(person.available);
  return (
    <section className="team-earnings">
      <div className="team-counts">
        <div>
          <strong data-testid="direct-count">{person.directCount}</strong>
          <span>{t('team.directCount')}</span>
        </div>
        <div>
          <strong data-testid="agent-count">{person.agentCount}</strong>
          <span>{t('team.agentCount')}</span>
        </div>
      </div>
      {person.earnings.length > 1 ? (
        <div className="team-currencies" role="tablist" aria-label={t('team.currency')}>
          {person.earnings.map((e) => (
            <button
              key={e.currency}
              type="button"
              role="tab"
              aria-selected={e.currency === c}
              className={`choice-chip${e.currency === c ? ' choice-chip--active' : ''}`}
              onClick={() => onCurrency(e.currency)}
            >
              {e.currency}
            </button>
          ))}
        </div>
      ) : null}
      <div className="team-available">
        <span>{t('team.available', { currency: c })}</span>
        <strong className="mono" data-testid="team-available">
          {formatAmount(person.available, c)}
        </strong>
      </div>
      <dl className="team-figures">
        {cells.map(([key, value]) => (
          <div key={key} data-figure={key}>
            <dt>{t(`team.figure.${key}`)}</dt>
            <dd className="mono">{formatAmount(value, c)}</dd>
          </div>
        ))}
      </dl>
      <div className="team-earnings__actions">
        <button
          type="button"
          className="team-button team-button--primary"
          disabled={!person.transferOpen || nothing}
          onClick={onTransfer}
        >
          {t('team.transfer')}
        </button>
        <button
          type="button"
          className="team-button"
          disabled={!person.transferOpen || nothing}
          onClick={onWithdraw}
        >
          {t('team.withdraw')}
        </button>
      </div>
      {opensText ? (
        <p className="team-note" data-testid="team-opens">
          {opensText}
        </p>
      ) : person.transferOpen && nothing ? (
        <p className="team-note" data-testid="team-nothing">
          {t('team.nothingToMove')}
        </p>
      ) : null}
    </section>
  );
}
