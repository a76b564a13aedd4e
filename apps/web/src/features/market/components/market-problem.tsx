import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';

/** Market data could not be read: say so in place, with a retry. */
export function MarketProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="market-problem" role="alert">
      <span>{t('market.loadFailed')}</span>
      <Button size="mini" color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
