import { useTranslation } from 'react-i18next';

/** The empty-data placeholder of SPEC.md section 2. */
export function EmptyData({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-data">
      <svg viewBox="0 0 96 72" aria-hidden="true" className="empty-data__art">
        <rect
          x="14"
          y="18"
          width="68"
          height="44"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        />
        <path d="M14 34h22l4 8h16l4-8h22" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <span>{text ?? t('common.noData')}</span>
    </div>
  );
}
