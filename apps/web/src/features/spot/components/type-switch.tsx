import { SPOT_ORDER_TYPE, type SpotOrderType } from '@tidemark/contract/rules';
import { useTranslation } from 'react-i18next';

const TYPES = [
  { type: SPOT_ORDER_TYPE.limit, key: 'limit' },
  { type: SPOT_ORDER_TYPE.market, key: 'market' },
] as const;

/** Limit | Market (SPEC.md section 3: order type 1 and 2). */
export function TypeSwitch({
  type,
  onChange,
}: {
  type: SpotOrderType;
  onChange: (type: SpotOrderType) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="type-switch" role="group" aria-label={t('spot.typeLabel')}>
      {TYPES.map((option) => (
        <button
          key={option.key}
          type="button"
          className="type-switch__option"
          data-type={option.key}
          aria-pressed={option.type === type}
          onClick={() => onChange(option.type)}
        >
          {t(`spot.types.${option.key}`)}
        </button>
      ))}
    </div>
  );
}
