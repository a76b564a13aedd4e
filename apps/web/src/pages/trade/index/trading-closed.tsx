import { useTranslation } from 'react-i18next';

/** The pair is closed for trading (SPEC.md section 5): said before anyone fills in the form. */
export function TradingClosed({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <p className="spot-closed" role="status">
      {t('spot.closed', { symbol })}
    </p>
  );
}
