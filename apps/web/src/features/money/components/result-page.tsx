import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import '../money.css';

/* A drawn tick, not antd-mobile's CheckCircleFill: sharing that icon with the home page would
 * split it into a chunk of its own on the first route. */

interface ResultPageProps {
  /** The page's title: the form the request came from. */
  title: string;
  /** What happens next. */
  text: string;
  /** Label and value pairs of what was submitted. */
  details: readonly (readonly [string, ReactNode])[];
  /** The first button: where to follow the request. */
  follow: { label: string; to: string };
}

/**
 * The page after a deposit or a withdrawal was submitted for review: what happens next, what was
 * sent, where to follow it, and home. Both ways out replace it, so going back skips the form.
 */
export function ResultPage({ title, text, details, follow }: ResultPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = () => navigate('/', { replace: true });
  return (
    <div>
      <PageHeader title={title} onBack={home} />
      <div className="page-body money-page">
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
          <h1 className="result-view__title">{t('success.submittedForReview')}</h1>
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
          <div className="result-view__actions">
            <Button
              block
              color="primary"
              size="large"
              onClick={() => navigate(follow.to, { replace: true })}
            >
              {follow.label}
            </Button>
            <Button block fill="outline" color="primary" size="large" onClick={home}>
              {t('deposit.backHome')}
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
