import type { ReactNode } from 'react';

/* A drawn tick, not antd-mobile's CheckCircleFill: sharing that icon with the home page would
 * split it into a chunk of its own on the first route. */

interface ResultViewProps {
  title: string;
  text: string;
  /** Label and value pairs of what was submitted. */
  details: readonly (readonly [string, ReactNode])[];
  actions: ReactNode;
}

/** The page after a deposit or a withdrawal was submitted: what happens next, and where to go. */
export function ResultView({ title, text, details, actions }: ResultViewProps) {
  return (
    <section className="result-view" role="status">
      <svg className="result-view__icon" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="currentColor" />
        <path
          d="M19 33l9 9 17-18"
          fill="none"
          stroke="var(--tm-bg)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="result-view__title">{title}</h1>
      <p className="result-view__text">{text}</p>
      {details.length > 0 ? (
        <dl className="result-view__details">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="result-view__actions">{actions}</div>
    </section>
  );
}
