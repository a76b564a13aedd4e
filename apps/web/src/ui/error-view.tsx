import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';

interface ErrorViewProps {
  title: string;
  description?: string;
  onRetry: () => void;
}

/** A full-page problem with one way out. */
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
      <Button color="primary" fill="outline" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
