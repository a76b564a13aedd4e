import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';

export function LoadingView() {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span className="state-view__text">{t('common.loading')}</span>
    </div>
  );
}
