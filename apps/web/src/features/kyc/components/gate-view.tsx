import Button from 'antd-mobile/es/components/button';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Gate } from '../gate';

interface GateViewProps {
  gate: Extract<Gate, { open: false }>;
  onPrimary: () => void;
  onBack: () => void;
}

/** Instead of a form that cannot be sent: why, and the way forward. */
export function GateView({ gate, onPrimary, onBack }: GateViewProps) {
  const { t } = useTranslation();
  return (
    <div className="state-view kyc-gate" role="note" data-gate={gate.key}>
      <ExclamationCircleOutline className="state-view__art" />
      <strong className="state-view__title">{t(`errors.${gate.key}`)}</strong>
      {gate.needsPrimary ? (
        <Button color="primary" onClick={onPrimary}>
          {t('verify.startPrimary')}
        </Button>
      ) : (
        <Button color="primary" fill="outline" onClick={onBack}>
          {t('verify.backToStatus')}
        </Button>
      )}
    </div>
  );
}
