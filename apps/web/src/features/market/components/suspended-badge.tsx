import { useTranslation } from 'react-i18next';

/**
 * "Suspended" where a coin's change or price would be read: the coin has too few fresh price
 * sources, so no new orders or positions are taken. `pill` has the size of the change pill of a
 * list row, which it stands in for.
 */
export function SuspendedBadge({ pill = false }: { pill?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`suspended-badge${pill ? ' suspended-badge--pill' : ''}`}
      data-status="suspended"
    >
      {t('market.suspended')}
    </span>
  );
}
