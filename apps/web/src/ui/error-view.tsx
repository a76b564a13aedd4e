import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';

interface ErrorViewProps {
  title: string;
  description?: string;
  /** Absent when asking again cannot help (the server said not found): the header leads back. */
  onRetry?: (() => void) | undefined;
}

/** A full-page problem, with a retry where one may help. */
export function ErrorView({ title, description, onRetry }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="alert">
      <svg className="state-view__art" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M32 18v18M32 44v2" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <strong className="state-view__title">{title}</strong>
      {description ? <span className="state-view__text">{description}</span> : null}
      {onRetry ? (
        <Button color="primary" fill="outline" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
